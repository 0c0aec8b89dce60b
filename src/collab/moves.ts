import * as Y from "yjs";
import { noteSplits, rehomeSplitTails, type SplitMemory } from "./splits";

/**
 * Text typed into a block while another person moves it (issue 38). Yjs has no move: y-tiptap
 * writes a move as the delete of the block and the insert of a copy with the same block key, so
 * letters another person typed into the original at the same time land in a deleted block and
 * are lost. The room is the one repairer: it keeps the deleted original of a moved block from
 * garbage collection for a week (`keepMoved`), finds the letters no person deleted that died with it (in
 * the transaction's delete set but not in the update's own) and types them again into the copy
 * at the same offset of the same text (`repairMoves`), one repair update every client receives.
 */

/** The fragment the editor binds to. */
const FIELD = "default";

/** The block key of a top-level element, if it has one, read also from a deleted one. */
function keyOf(type: unknown): string | null {
  if (!(type instanceof Y.XmlElement)) return null;
  const item = type._map.get("key");
  const content = item?.content instanceof Y.ContentAny ? item.content.getContent() : [];
  const key: unknown = content[content.length - 1];
  return typeof key === "string" && key ? key : null;
}

/** The top-level block (a child of the fragment) an item lies in, with the path down to it. */
function topBlock(item: Y.Item, fragment: Y.XmlFragment): { block: Y.Item; path: Y.Item[] } | null {
  const path: Y.Item[] = [];
  let current: Y.Item | null = item;
  for (let depth = 0; current && depth < 100; depth++) {
    const parent = current.parent as Y.AbstractType<unknown>;
    if (parent === fragment) return { block: current, path };
    path.unshift(current);
    current = parent._item;
  }
  return null;
}

/** The live top-level element with `key`, if any. */
function liveWithKey(fragment: Y.XmlFragment, key: string): Y.XmlElement | null {
  for (const child of fragment.toArray()) if (keyOf(child) === key) return child as Y.XmlElement;
  return null;
}

/** The index of a type item among its parent's type children that still hold content. */
function typeIndex(item: Y.Item): number {
  let index = 0;
  for (let left = item.left; left; left = left.left) {
    if (left.content instanceof Y.ContentType) index++;
  }
  return index;
}

/** How long a moved block's deleted original is kept for letters still typed into it. */
export const KEEP_MOVED_MS = 7 * 24 * 60 * 60_000;

/**
 * When each kept original was first seen deleted, by its item's id (stable across the room's
 * rebuilds from its log): the room keeps it in its storage (`RoomStore`).
 */
export interface MoveTimes {
  movedAt(id: string): number | undefined;
  noteMove(id: string, at: number): void;
  /** Whether any move is noted (none: no original is kept, nothing to collect). */
  hasMoves(): boolean;
  forgetMovesBefore(at: number): void;
}

const itemKey = (item: Y.Item): string => `${item.id.client}:${item.id.clock}`;

/**
 * The gcFilter of the room's document: false (keep) for what lies in a moved block's original
 * (a deleted keyed block whose key a live block has), so letters typed into it later can still
 * be placed — for `KEEP_MOVED_MS` after the move was first seen (`times`); older originals are
 * collected when the document is rebuilt or compacted (`compactedState`). Decided once per block
 * (cached on its item): GC runs per item.
 */
export function keepMoved(
  doc: () => Y.Doc,
  times: MoveTimes,
  now: () => number = Date.now,
): (item: Y.Item) => boolean {
  const decided = new WeakMap<Y.Item, boolean>();
  return (item) => {
    const fragment = doc().getXmlFragment(FIELD);
    const top = topBlock(item, fragment);
    if (!top || !top.block.deleted) return true;
    let collect = decided.get(top.block);
    if (collect === undefined) {
      const key = keyOf((top.block.content as Y.ContentType | undefined)?.type);
      collect = !(key && liveWithKey(fragment, key));
      if (!collect) {
        const at = times.movedAt(itemKey(top.block));
        if (at === undefined) times.noteMove(itemKey(top.block), now());
        else collect = now() - at > KEEP_MOVED_MS;
      }
      decided.set(top.block, collect);
    }
    return collect;
  };
}

/**
 * The document's state for the room's snapshot, with the originals of moves older than
 * `KEEP_MOVED_MS` collected (read back through `keepMoved`): a room that lives through many
 * moves does not grow toward its 8 MiB cap with their copies.
 */
export function compactedState(
  doc: Y.Doc,
  times: MoveTimes,
  state: Uint8Array = Y.encodeStateAsUpdate(doc),
  now: () => number = Date.now,
): Uint8Array {
  if (!times.hasMoves()) return state;
  const fresh: Y.Doc = new Y.Doc({ gcFilter: keepMoved(() => fresh, times, now) });
  try {
    Y.applyUpdate(fresh, state);
    times.forgetMovesBefore(now() - KEEP_MOVED_MS);
    return Y.encodeStateAsUpdate(fresh);
  } finally {
    fresh.destroy();
  }
}

/** A lost insertion: `text` at `offset` of the text at `path` (type indexes) in block `key`. */
interface Lost {
  key: string;
  path: number[];
  offset: number;
  text: string;
}

/** The letters a transaction deleted that no person deleted, in a moved block's original. */
function lostIn(
  transaction: Y.Transaction,
  own: ReturnType<typeof Y.decodeUpdate>["ds"],
  fragment: Y.XmlFragment,
): Lost[] {
  const out: Lost[] = [];
  const seen = new Set<Y.Item>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString)) return;
    if (Y.isDeleted(own, struct.id)) return;
    const text = struct.parent as Y.AbstractType<unknown>;
    const top = text._item ? topBlock(text._item, fragment) : null;
    if (!top || !top.block.deleted || seen.has(struct)) return;
    const key = keyOf((top.block.content as Y.ContentType).type);
    if (!key || !liveWithKey(fragment, key)) return;
    seen.add(struct);
    let offset = 0;
    for (let left = struct.left; left; left = left.left) {
      if (left.content instanceof Y.ContentString) offset += left.length;
    }
    const path = top.path.map(typeIndex);
    out.push({ key, path, offset, text: struct.content.str });
  });
  return out;
}

/** The copy's text at `path` (type indexes below the block), if it has one there. */
function textAt(block: Y.XmlElement, path: number[]): Y.XmlText | null {
  let type: Y.XmlElement | Y.XmlText = block;
  for (const index of path) {
    if (!(type instanceof Y.XmlElement)) return null;
    const child: unknown = type.toArray()[index];
    if (!(child instanceof Y.XmlElement) && !(child instanceof Y.XmlText)) return null;
    type = child;
  }
  return type instanceof Y.XmlText ? type : null;
}

/**
 * Applies `update` to `doc` (as `Y.applyUpdate` with `origin`), then, in one repair transaction
 * (origin `"move-repair"`), types again into each moved block's copy the letters the update's
 * merge left only in its deleted original, and moves letters typed after a split's tail to the
 * new block (`splits.ts`, with the room's `splits` memory). Returns how many insertions it
 * repaired.
 */
export function applyRepairingMoves(
  doc: Y.Doc,
  update: Uint8Array,
  origin: unknown,
  splits: SplitMemory,
): number {
  const own = Y.decodeUpdate(update).ds;
  const fragment = doc.getXmlFragment(FIELD);
  const lost: Lost[] = [];
  const texts = new Set<Y.XmlText>();
  const collect = (transaction: Y.Transaction) => {
    lost.push(...lostIn(transaction, own, fragment));
    for (const text of noteSplits(transaction, splits)) texts.add(text);
  };
  doc.on("afterTransaction", collect);
  try {
    Y.applyUpdate(doc, update, origin);
  } finally {
    doc.off("afterTransaction", collect);
  }
  if (!lost.length && (!splits.copies.size || !texts.size)) return 0;
  lost.sort((x, y) => x.offset - y.offset);
  let repaired = 0;
  doc.transact(() => {
    repaired += rehomeSplitTails(doc, [...texts], splits);
    // Left to right: each insertion's offset counts the original's letters before it, these too.
    for (const { key, path, offset, text } of lost) {
      const copy = liveWithKey(fragment, key);
      const target = copy ? textAt(copy, path) : null;
      if (!target) continue;
      target.insert(Math.min(offset, target.length), text);
      repaired++;
    }
  }, "move-repair");
  return repaired;
}
