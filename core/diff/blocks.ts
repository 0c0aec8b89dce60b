/**
 * The block diff of a page between two Documents (main's and a change request's): which
 * top-level blocks were added, removed, changed or moved. Blocks pair first by their `key` (a
 * block keeps its key while it is edited), then, among the blocks left, by their content (a block
 * re-keyed by a paste or an import but not edited). Pure and synchronous: the app's diff view and
 * its property test read it, nothing here does I/O.
 */

/** A top-level block of a Document, as loosely as the API answers it. */
export type DiffBlock = Readonly<Record<string, unknown>>;

/** One entry of a block diff, in the order the diff view shows them. */
export type BlockChange =
  | { kind: "same"; before: DiffBlock; after: DiffBlock; moved: boolean }
  | { kind: "changed"; before: DiffBlock; after: DiffBlock; moved: boolean }
  | { kind: "added"; after: DiffBlock }
  | { kind: "removed"; before: DiffBlock };

/** The canonical text of a value: object keys sorted, every `key` field left out. */
export function contentOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(contentOf).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([name, v]) => name !== "key" && v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, v]) => `${JSON.stringify(name)}:${contentOf(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A block's key, when it has a string one. */
function keyOf(block: DiffBlock): string | undefined {
  return typeof block.key === "string" && block.key !== "" ? block.key : undefined;
}

/**
 * For each `after` index, the `before` index it pairs with (by key, then by content), or -1.
 * Exported for the three-way block merge (core/merge), which pairs blocks the same way.
 */
export function pairings(before: readonly DiffBlock[], after: readonly DiffBlock[]): number[] {
  const byKey = new Map<string, number>();
  before.forEach((block, i) => {
    const key = keyOf(block);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, i);
  });
  const taken = new Set<number>();
  const pair = after.map((block) => {
    const key = keyOf(block);
    const i = key === undefined ? undefined : byKey.get(key);
    if (i === undefined || taken.has(i)) return -1;
    taken.add(i);
    return i;
  });
  const byContent = new Map<string, number[]>();
  before.forEach((block, i) => {
    if (taken.has(i)) return;
    const content = contentOf(block);
    byContent.set(content, [...(byContent.get(content) ?? []), i]);
  });
  return pair.map((i, j) => {
    if (i !== -1) return i;
    const i2 = byContent.get(contentOf(after[j]!))?.shift();
    return i2 ?? -1;
  });
}

/** The positions (in `values`) of one longest increasing subsequence: the blocks that stayed. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i !== -1; i = previous[i]!) kept.add(i);
  return kept;
}

/**
 * The diff of `before` into `after`: every `after` block once, in its order (added, or paired
 * with the `before` block it came from: same or changed, moved when it left the order of the
 * blocks that stayed), and every unpaired `before` block once as removed, just before the first
 * block that followed it in `before`.
 */
export function diffBlocks(
  before: readonly DiffBlock[],
  after: readonly DiffBlock[],
): BlockChange[] {
  const pair = pairings(before, after);
  const pairedAt = pair.flatMap((i, j) => (i === -1 ? [] : [j]));
  const stayed = longestIncreasing(pairedAt.map((j) => pair[j]!));
  const stayedAfter = new Set([...stayed].map((p) => pairedAt[p]!));
  const paired = new Set(pair.filter((i) => i !== -1));
  const out: BlockChange[] = [];
  let nextBefore = 0;
  const flushRemoved = (upTo: number) => {
    for (; nextBefore < upTo; nextBefore++) {
      if (!paired.has(nextBefore)) out.push({ kind: "removed", before: before[nextBefore]! });
    }
  };
  after.forEach((block, j) => {
    const i = pair[j]!;
    if (i === -1) {
      out.push({ kind: "added", after: block });
      return;
    }
    const moved = !stayedAfter.has(j);
    if (!moved) flushRemoved(i + 1);
    const kind = contentOf(before[i]) === contentOf(block) ? "same" : "changed";
    out.push({ kind, before: before[i]!, after: block, moved });
  });
  flushRemoved(before.length);
  return out;
}

/** The top-level blocks of a Document as the API answers it (none when it has no nodes). */
export function blocksOf(document: unknown): DiffBlock[] {
  if (document === null || typeof document !== "object") return [];
  const nodes = (document as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) return [];
  return nodes.filter(
    (node): node is DiffBlock => node !== null && typeof node === "object" && !Array.isArray(node),
  );
}

/** How many entries of a diff add, remove or change a block (moves count as changes). */
export function diffCounts(changes: readonly BlockChange[]): {
  added: number;
  removed: number;
  changed: number;
} {
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const change of changes) {
    if (change.kind === "added") added++;
    else if (change.kind === "removed") removed++;
    else if (change.kind === "changed" || change.moved) changed++;
  }
  return { added, removed, changed };
}
