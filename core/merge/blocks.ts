/**
 * The three-way merge of a page's blocks (base, ours, theirs): which top-level blocks the merge
 * keeps, in which order, and where both sides changed the same block differently (a conflict).
 * Blocks pair with the base as the block diff pairs them (core/diff: by key, then by content),
 * then, among the blocks left, by position: an unpaired block of the same type in the same gap
 * between paired blocks is the base block edited (a markdown edit re-keys the block it changes).
 * A block changed on both sides is merged field by field, and its child blocks recursively;
 * only what still differs is a conflict. Pure and synchronous.
 */
import { diff3MergeRegions } from "node-diff3";
import { contentOf, pairings, type DiffBlock } from "../diff/blocks";
import { exactOf, mergeValue, UNMERGEABLE } from "./values";

/** A block both sides changed differently (null: that side deleted it, or it has no base). */
export interface BlockConflict {
  /** The block's key (base's, else ours'), or `#<n>` for a block without one. */
  key: string;
  base: DiffBlock | null;
  ours: DiffBlock | null;
  theirs: DiffBlock | null;
}

/** One entry of a merged page, in order: a merged block, or a conflict waiting for a choice. */
export type MergedEntry = { block: DiffBlock } | { conflict: BlockConflict };

interface Versions {
  base?: DiffBlock;
  ours?: DiffBlock;
  theirs?: DiffBlock;
}

/** `pairings`, then unpaired blocks of the same type in the same gap paired in order. */
function sidePairs(base: readonly DiffBlock[], side: readonly DiffBlock[]): number[] {
  const pair = pairings(base, side);
  const taken = new Set(pair.filter((i) => i !== -1));
  const nextAnchor = new Array<number>(side.length).fill(base.length);
  for (let j = side.length - 2; j >= 0; j--) {
    nextAnchor[j] = pair[j + 1] !== -1 ? pair[j + 1]! : nextAnchor[j + 1]!;
  }
  let previous = -1;
  for (let j = 0; j < side.length; j++) {
    if (pair[j] !== -1) {
      previous = pair[j]!;
      continue;
    }
    for (let i = previous + 1; i < nextAnchor[j]!; i++) {
      if (!taken.has(i) && base[i]!.type === side[j]!.type) {
        pair[j] = i;
        taken.add(i);
        previous = i;
        break;
      }
    }
  }
  return pair;
}

/** The merged value of a block both sides kept (UNMERGEABLE: a conflict). */
function mergeKept(v: Required<Versions>): DiffBlock | typeof UNMERGEABLE {
  const [base, ours, theirs] = [exactOf(v.base), exactOf(v.ours), exactOf(v.theirs)];
  if (theirs === base || ours === theirs) return v.ours;
  if (ours === base) return v.theirs;
  const content = [contentOf(v.base), contentOf(v.ours), contentOf(v.theirs)];
  if (content[1] === content[0] || content[1] === content[2]) return v.theirs; // ours only re-keyed
  if (content[2] === content[0]) return v.ours;
  const merged = mergeValue(v.base, v.ours, v.theirs, mergeChildren);
  return merged === UNMERGEABLE ? merged : (merged as DiffBlock);
}

/** Child blocks merged like top-level ones; any conflict among them makes the parent one. */
export function mergeChildren(
  base: readonly DiffBlock[],
  ours: readonly DiffBlock[],
  theirs: readonly DiffBlock[],
): DiffBlock[] | typeof UNMERGEABLE {
  const entries = mergeBlocks(base, ours, theirs);
  const blocks = entries.flatMap((e) => ("block" in e ? [e.block] : []));
  return blocks.length === entries.length ? blocks : UNMERGEABLE;
}

/** What becomes of one block: kept as a value, dropped, or a conflict. */
function decide(v: Versions, key: string): MergedEntry | null {
  if (v.base && v.ours && v.theirs) {
    const merged = mergeKept(v as Required<Versions>);
    return merged === UNMERGEABLE
      ? { conflict: { key, base: v.base, ours: v.ours, theirs: v.theirs } }
      : { block: merged };
  }
  if (v.base) {
    // Deleted on one side (or both): gone unless the other side changed it.
    const kept = v.ours ?? v.theirs;
    if (!kept || contentOf(kept) === contentOf(v.base)) return null;
    return { conflict: { key, base: v.base, ours: v.ours ?? null, theirs: v.theirs ?? null } };
  }
  if (v.ours && v.theirs) {
    if (contentOf(v.ours) === contentOf(v.theirs)) return { block: v.ours };
    return { conflict: { key, base: null, ours: v.ours, theirs: v.theirs } };
  }
  return { block: (v.ours ?? v.theirs)! };
}

/** The block ids of a side: `b<i>` for a base block, `<prefix><j>` for a new one. */
function idsOf(pair: number[], prefix: string): string[] {
  return pair.map((i, j) => (i === -1 ? `${prefix}${j}` : `b${i}`));
}

/** The ids, in merged order, with the side each occurrence came from (theirs' wins a tie). */
function mergedOrder(ours: string[], base: string[], theirs: string[]): string[] {
  const rank = new Map<string, { at: number; weight: number }>();
  const order: string[] = [];
  const emit = (id: string, weight: number) => {
    const seen = rank.get(id);
    if (seen && seen.weight >= weight) return;
    if (seen) order[seen.at] = "";
    rank.set(id, { at: order.length, weight });
    order.push(id);
  };
  for (const region of diff3MergeRegions(ours, base, theirs)) {
    if (region.stable) {
      const weight = region.buffer === "b" ? 2 : region.buffer === "a" ? 1 : 0;
      for (const id of region.bufferContent) emit(id, weight);
      continue;
    }
    for (const id of region.aContent) emit(id, 1);
    for (const id of region.bContent) emit(id, 2);
  }
  return order.filter((id) => id !== "");
}

/**
 * The three-way merge of top-level blocks: every block either side kept appears once (a block
 * deleted on one side and unchanged on the other is gone), a side's change is taken where only
 * it changed, the same change once, and a conflict entry stands where both changed one block
 * differently or one deleted what the other changed. New blocks of both sides at one place:
 * ours first. Moved on both sides: theirs' place.
 */
export function mergeBlocks(
  base: readonly DiffBlock[],
  ours: readonly DiffBlock[],
  theirs: readonly DiffBlock[],
): MergedEntry[] {
  const oursPair = sidePairs(base, ours);
  const theirsPair = sidePairs(base, theirs);
  const oursIds = idsOf(oursPair, "o");
  const theirsIds = idsOf(theirsPair, "t");
  // New blocks of theirs that ours added too (by key, then content) share ours' id.
  const oursNew = oursPair.flatMap((i, j) => (i === -1 ? [j] : []));
  const theirsNew = theirsPair.flatMap((i, j) => (i === -1 ? [j] : []));
  const twin = pairings(
    oursNew.map((j) => ours[j]!),
    theirsNew.map((j) => theirs[j]!),
  );
  twin.forEach((k, n) => {
    if (k !== -1) theirsIds[theirsNew[n]!] = `o${oursNew[k]!}`;
  });
  const versions = new Map<string, Versions>();
  const at = (id: string) => versions.get(id) ?? versions.set(id, {}).get(id)!;
  base.forEach((block, i) => (at(`b${i}`).base = block));
  ours.forEach((block, j) => (at(oursIds[j]!).ours = block));
  theirs.forEach((block, j) => (at(theirsIds[j]!).theirs = block));
  const baseIds = base.map((_, i) => `b${i}`);
  const order = mergedOrder(oursIds, baseIds, theirsIds);
  // Never lose a block: an id the regions did not place goes last (none should).
  const placed = new Set(order);
  for (const id of versions.keys()) if (!placed.has(id)) order.push(id);
  const out: MergedEntry[] = [];
  let unnamed = 0;
  for (const id of order) {
    const v = versions.get(id)!;
    const block = v.base ?? v.ours ?? v.theirs;
    const key = typeof block?.key === "string" && block.key ? block.key : `#${unnamed++}`;
    const entry = decide(v, key);
    if (entry) out.push(entry);
  }
  return out;
}

/** The conflicts of a merge, in page order. */
export function conflictsOf(entries: readonly MergedEntry[]): BlockConflict[] {
  return entries.flatMap((e) => ("conflict" in e ? [e.conflict] : []));
}
