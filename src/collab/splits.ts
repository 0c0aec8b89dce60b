import * as Y from "yjs";

/**
 * Text typed at the end of a block while another person presses Enter in it (issue 38). Yjs has
 * no split: y-tiptap writes one as the delete of the block's tail and a new block holding a copy
 * of it, so letters another person typed after the tail at the same time (anchored after one of
 * its deleted letters) stay in the first block, cut off from the text they followed ("Bea
 * first.as here." / "Start. Owner w"). The room remembers, for every letter a split deleted, its
 * copy in the new block (`noteSplits`), and types again after the copy every live letter
 * anchored after a remembered one (`rehomeSplitTails`), in the room's one repair transaction.
 * The split's delete can be applied before its new block: Yjs applies a delete of known letters
 * at once but keeps the structs of an update whose earlier ones it lacks pending (a typist's two
 * messages reordered on the way: seen under load), so a deleted tail without its copy waits for
 * it (`tails`) and is matched in the transaction that integrates the new block.
 */

/** The most letters the room remembers (the oldest forgotten first): ~1 MB at most. */
const REMEMBERED = 10_000;

/** The most deleted tails waiting for their new block (the oldest forgotten first). */
const WAITING = 32;

/** A text's tail a transaction deleted with no new block holding it yet. */
interface WaitingTail {
  readonly text: Y.XmlText;
  readonly letters: Y.Item[];
  readonly str: string;
}

/**
 * Where a room keeps the letters' copies across wakes (the room's SQLite, RoomStore): ids are
 * the document's, not an object's, so they hold for the document rebuilt from storage, and a
 * person's letters that arrive after the room slept (typed offline across the split) still
 * follow their text.
 */
export interface SplitStore {
  /** The remembered letters, oldest first: `[letter, copy's client, copy's clock]`. */
  splitCopies(): Iterable<readonly [string, number, number]>;
  noteSplitCopy(letter: string, client: number, clock: number): void;
  forgetSplitCopy(letter: string): void;
}

/** A room's memory of recent splits: each deleted tail letter's id to its copy's id. */
export interface SplitMemory {
  readonly copies: Map<string, Y.ID>;
  /** Tails deleted whose copy has not arrived (its structs still pending in Yjs). */
  readonly tails: WaitingTail[];
  readonly store?: SplitStore;
}

/** A room document's memory (never shared between rooms), read from `store` when it has one. */
export function splitMemory(store?: SplitStore): SplitMemory {
  const copies = new Map<string, Y.ID>();
  for (const [letter, client, clock] of store?.splitCopies() ?? []) {
    copies.set(letter, Y.createID(client, clock));
  }
  return store ? { copies, tails: [], store } : { copies, tails: [] };
}

const idKey = (client: number, clock: number): string => `${client}:${clock}`;

/** Remembers `copy` for the letter `client:clock` (and stores it), forgetting the oldest past the bound. */
function remember(memory: SplitMemory, client: number, clock: number, copy: Y.ID): void {
  const letter = idKey(client, clock);
  memory.copies.delete(letter); // Set again: the newest.
  memory.copies.set(letter, copy);
  memory.store?.noteSplitCopy(letter, copy.client, copy.clock);
  if (memory.copies.size <= REMEMBERED) return;
  const oldest = memory.copies.keys().next();
  if (oldest.done) return;
  memory.copies.delete(oldest.value);
  memory.store?.forgetSplitCopy(oldest.value);
}

/** The items of a text from its start, left to right. */
function* itemsOf(text: Y.XmlText): Generator<Y.Item> {
  for (let item = text._start; item; item = item.right) yield item;
}

/** Each letter of `items` (string items) as its client and clock, left to right. */
function* lettersOf(items: Y.Item[]): Generator<[number, number]> {
  for (const item of items) {
    for (let i = 0; i < item.length; i++) yield [item.id.client, item.id.clock + i];
  }
}

/** Whether `item` was created by `transaction` (its clock is past the state before it). */
const createdBy = (transaction: Y.Transaction, item: Y.Item): boolean =>
  item.id.clock >= (transaction.beforeState.get(item.id.client) ?? 0);

/** The last run of letters `transaction` deleted from `text` that existed before it. */
function deletedTail(transaction: Y.Transaction, text: Y.XmlText): Y.Item[] {
  let run: Y.Item[] = [];
  let last: Y.Item[] = [];
  for (const item of itemsOf(text)) {
    const ours = item.deleted && Y.isDeleted(transaction.deleteSet, item.id);
    if (ours && item.content instanceof Y.ContentString && !createdBy(transaction, item)) {
      run.push(item);
      last = run;
    } else if (!item.deleted) run = [];
  }
  return last;
}

/** The live letters of a text, without its formatting. */
function plainOf(text: Y.XmlText): string {
  let out = "";
  for (const item of itemsOf(text)) {
    if (!item.deleted && item.content instanceof Y.ContentString) out += item.content.str;
  }
  return out;
}

/** The first text inside `type`, depth first. */
function firstText(type: Y.AbstractType<unknown>): Y.XmlText | null {
  if (type instanceof Y.XmlText) return type;
  if (!(type instanceof Y.XmlElement)) return null;
  for (const child of type.toArray()) {
    const found = firstText(child as Y.AbstractType<unknown>);
    if (found) return found;
  }
  return null;
}

/** The next undeleted sibling of `item`. */
function nextLive(item: Y.Item): Y.Item | null {
  let right = item.right;
  while (right && right.deleted) right = right.right;
  return right;
}

/**
 * The text of the block `transaction` created right after `text`'s block (or one of the blocks
 * around it: a list item's), if that text starts with `tail`: where a split put the tail.
 */
function newBlockText(transaction: Y.Transaction, text: Y.XmlText, tail: string): Y.XmlText | null {
  for (let at: Y.Item | null = text._item; at; at = (at.parent as Y.AbstractType<unknown>)._item) {
    const sibling = at.deleted ? null : nextLive(at);
    if (!sibling || !createdBy(transaction, sibling)) continue;
    const copy = sibling.content instanceof Y.ContentType ? firstText(sibling.content.type) : null;
    return copy && plainOf(copy).startsWith(tail) ? copy : null;
  }
  return null;
}

/** Whether Yjs holds structs it cannot integrate yet (an update whose earlier ones are missing). */
const pending = (transaction: Y.Transaction): boolean =>
  transaction.doc.store.pendingStructs !== null;

/** Remembers each letter of `tail` against its copy's letter in `copy`, in order. */
function rememberCopies(memory: SplitMemory, tail: Y.Item[], copy: Y.XmlText): void {
  const copies = [...itemsOf(copy)].filter((item) => !item.deleted && item.countable);
  const copyLetters = lettersOf(copies);
  for (const [client, clock] of lettersOf(tail)) {
    const next = copyLetters.next();
    if (next.done) break;
    remember(memory, client, clock, Y.createID(next.value[0], next.value[1]));
  }
}

/** Matches the waiting tails whose new block `transaction` integrated; gives their texts. */
function matchWaiting(transaction: Y.Transaction, memory: SplitMemory): Y.XmlText[] {
  const matched: Y.XmlText[] = [];
  for (let i = memory.tails.length - 1; i >= 0; i--) {
    const waiting = memory.tails[i]!;
    const gone = waiting.text._item?.deleted ?? false;
    const copy = gone ? null : newBlockText(transaction, waiting.text, waiting.str);
    if (!gone && !copy) continue;
    memory.tails.splice(i, 1);
    if (!copy) continue;
    rememberCopies(memory, waiting.letters, copy);
    matched.push(waiting.text);
  }
  // Nothing left pending in Yjs: no new block can still arrive for the others.
  if (!pending(transaction)) memory.tails.length = 0;
  return matched;
}

/**
 * Called after each transaction the room applies: for every text whose tail the transaction
 * deleted while creating the next block with that tail at its start (a split), remembers each
 * deleted letter's copy; a tail whose new block is not there yet waits for the transaction that
 * integrates it. Gives the texts to look at for `rehomeSplitTails` (those the transaction
 * changed, and those whose waiting tail it matched).
 */
export function noteSplits(transaction: Y.Transaction, memory: SplitMemory): Y.XmlText[] {
  const texts: Y.XmlText[] = memory.tails.length ? matchWaiting(transaction, memory) : [];
  // Typing deletes nothing: only a transaction that deleted something can be a split.
  const deletes = transaction.deleteSet.clients.size > 0;
  for (const type of transaction.changed.keys()) {
    if (!(type instanceof Y.XmlText) || type._item?.deleted) continue;
    if (!texts.includes(type)) texts.push(type);
    if (!deletes) continue;
    const tail = deletedTail(transaction, type);
    if (!tail.length) continue;
    const str = tail.map((item) => (item.content as Y.ContentString).str).join("");
    const copy = newBlockText(transaction, type, str);
    if (copy) rememberCopies(memory, tail, copy);
    else if (
      pending(transaction) &&
      memory.tails.push({ text: type, letters: tail, str }) > WAITING
    )
      memory.tails.shift();
  }
  return texts;
}

/** The index just after letter `id` in its text, if the letter is live. */
function indexAfter(doc: Y.Doc, id: Y.ID): { text: Y.XmlText; index: number } | null {
  let item: Y.Item | Y.GC;
  try {
    item = Y.getItem(doc.store, id) as Y.Item | Y.GC;
  } catch {
    return null;
  }
  if (!(item instanceof Y.Item) || item.deleted || !(item.parent instanceof Y.XmlText)) return null;
  return { text: item.parent, index: indexOf(item) + id.clock - item.id.clock + 1 };
}

/** The index of `item`'s first letter in its text. */
function indexOf(item: Y.Item): number {
  let index = 0;
  for (let left = item.left; left; left = left.left) {
    if (!left.deleted && left.countable) index += left.length;
  }
  return index;
}

/**
 * Inside the room's repair transaction: moves every live run of letters in `texts` anchored
 * after a letter a split deleted to right after that letter's copy, and remembers the moved
 * letters' new ids (so letters typed after them before their typist saw the split follow).
 * Returns how many runs it moved.
 */
export function rehomeSplitTails(doc: Y.Doc, texts: Y.XmlText[], memory: SplitMemory): number {
  if (!memory.copies.size) return 0;
  let moved = 0;
  for (const text of texts) {
    for (const item of [...itemsOf(text)]) {
      const origin = item.origin;
      if (item.deleted || !(item.content instanceof Y.ContentString) || !origin) continue;
      const copy = memory.copies.get(idKey(origin.client, origin.clock));
      const target = copy ? indexAfter(doc, copy) : null;
      if (!target) continue;
      const letters = item.content.str;
      const first = [item.id.client, item.id.clock] as const;
      text.delete(indexOf(item), item.length);
      const clock = Y.getState(doc.store, doc.clientID);
      target.text.insert(target.index, letters);
      for (let i = 0; i < letters.length; i++) {
        remember(memory, first[0], first[1] + i, Y.createID(doc.clientID, clock + i));
      }
      moved++;
    }
  }
  return moved;
}
