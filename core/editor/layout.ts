import { isRecord } from "../document/loose";
import {
  canonicalInlines,
  documentAtom,
  itemText,
  linkInline,
  linkOf,
  sameLink,
} from "./inline-from-editor";
import { flatInlines, type Shape } from "./inline-to-editor";
import { sameInlines, sameJson, type PmMark, type PmNode } from "./pm-json";

/**
 * A textblock's inlines both ways, exactly. The editor holds a flat run of texts and atoms;
 * when the Document split it otherwise than the canonical form (several texts in a row, empty
 * leaves, marks in another order, two links side by side), the textblock's `layout` attribute
 * keeps that split (lengths and marks, no text), and the Document comes back as it was for as
 * long as the editor's content is still exactly what that split gives. Once edited, the
 * textblock is written in the canonical form (inline-from-editor.ts).
 */

/** Reads the editor's items in order, across text boundaries. */
class ItemReader {
  private index = 0;
  private offset = 0;
  constructor(private readonly items: PmNode[]) {}

  get done(): boolean {
    return this.index === this.items.length && this.offset === 0;
  }

  /** The next item, where an inline starts (not in the middle of a text). */
  peek(): PmNode | undefined {
    return this.offset === 0 ? this.items[this.index] : undefined;
  }

  /** `length` characters of text in `link`, or null when the items do not hold them. */
  text(length: number, link: PmMark | undefined): string | null {
    let out = "";
    while (out.length < length) {
      const item = this.items[this.index];
      const text = item ? itemText(item) : null;
      if (!item || text === null || !sameLink(linkOf(item), link)) return null;
      const part = text.slice(this.offset, this.offset + length - out.length);
      out += part;
      this.offset += part.length;
      if (this.offset === text.length) {
        this.index += 1;
        this.offset = 0;
      }
    }
    return out;
  }

  /** The next atom in `link`, or undefined. */
  atom(link: PmMark | undefined): PmNode | undefined {
    const item = this.peek();
    if (!item || itemText(item) !== null || !sameLink(linkOf(item), link)) return undefined;
    this.index += 1;
    return item;
  }
}

/** The Document inlines `shape` gives over the editor's items, or null when it does not fit. */
function rebuild(shape: Shape, reader: ItemReader, link: PmMark | undefined): unknown[] | null {
  const out: unknown[] = [];
  for (const entry of shape) {
    if (entry === 0) {
      const atom = reader.atom(link);
      if (!atom) return null;
      out.push(documentAtom(atom));
    } else if (Array.isArray(entry)) {
      const leaves: unknown[] = [];
      for (const [length, marks] of entry) {
        const text = reader.text(length, link);
        if (text === null) return null;
        leaves.push({ object: "leaf", text, marks });
      }
      out.push({ object: "text", leaves });
    } else {
      const next = reader.peek();
      const mark = next ? linkOf(next) : undefined;
      if (link || !mark) return null;
      const nodes = rebuild(entry.link, reader, mark);
      if (!nodes) return null;
      out.push(linkInline(mark, nodes));
    }
  }
  return out;
}

/** Whether a stored layout is a shape (it came from the editor: check before trusting it). */
function isShape(value: unknown): value is Shape {
  if (!Array.isArray(value)) return false;
  return value.every(
    (entry) =>
      entry === 0 ||
      (Array.isArray(entry) &&
        entry.every(
          (leaf) =>
            Array.isArray(leaf) &&
            leaf.length === 2 &&
            Number.isInteger(leaf[0]) &&
            (leaf[0] as number) >= 0 &&
            Array.isArray(leaf[1]),
        )) ||
      (isRecord(entry) && isShape(entry.link)),
  );
}

/** A textblock's `nodes` from its editor content and `layout` attribute. */
export function textblockInlines(items: PmNode[], layout: unknown): unknown[] {
  if (layout !== null && layout !== undefined && isShape(layout)) {
    const reader = new ItemReader(items);
    const nodes = rebuild(layout, reader, undefined);
    if (nodes && reader.done && sameInlines(flatInlines(nodes).content, items)) return nodes;
  }
  return canonicalInlines(items);
}

/**
 * A textblock's editor content and `layout` for its `nodes`; null when the editor cannot give
 * them back exactly (the textblock is then carried opaque).
 */
export function editorInlines(
  nodes: unknown[],
): { content: PmNode[]; layout: Shape | null } | null {
  const { content, shape } = flatInlines(nodes);
  if (sameJson(canonicalInlines(content), nodes)) return { content, layout: null };
  return sameJson(textblockInlines(content, shape), nodes) ? { content, layout: shape } : null;
}
