import type { LooseNode } from "../document/loose";
import { joinFields } from "./fields";
import { HARD_BREAK, OPAQUE } from "./nodes";
import {
  LINK_MARK,
  markSpecNamed,
  nodeSpecNamed,
  sameAttrs,
  sameJson,
  type PmMark,
  type PmNode,
} from "./pm-json";

/**
 * The editor's flat inline content → Document inlines, in the canonical form: the texts
 * between two inlines are one text node, a run of the same marks is one leaf (marks in the
 * schema's order), the texts a `link` mark spans are one link inline, and an empty textblock
 * holds one empty leaf (as GitBook and the markdown parser write it).
 */

/** A Document mark from an editor mark. */
function documentMark(mark: PmMark): unknown {
  if (mark.type === OPAQUE.mark) return mark.attrs?.json;
  const spec = markSpecNamed(mark.type);
  if (!spec) throw new TypeError(`not a mark of the editor's schema: ${mark.type}`);
  return { object: "mark", type: spec.type, ...joinFields(mark.attrs, spec) };
}

/** The `link` mark of an inline item, if any. */
export const linkOf = (item: PmNode): PmMark | undefined =>
  item.marks?.find((mark) => mark.type === LINK_MARK.name);

/** Whether two items are in the same link (or both in none). */
export function sameLink(a: PmMark | undefined, b: PmMark | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameAttrs(a.attrs, b.attrs);
}

/** A link inline from its mark and what it holds. */
export function linkInline(mark: PmMark, nodes: unknown[]): LooseNode {
  return { object: "inline", type: "link", ...joinFields(mark.attrs, LINK_MARK), nodes };
}

/** The marks of a leaf: the item's marks but the link. */
const leafMarks = (item: PmNode): unknown[] =>
  (item.marks ?? []).filter((mark) => mark.type !== LINK_MARK.name).map(documentMark);

/** The text an item stands for in a leaf ("\n" for a hard break), or null for an atom. */
export function itemText(item: PmNode): string | null {
  if (item.type === "text") return item.text ?? "";
  return item.type === HARD_BREAK ? "\n" : null;
}

/** The Document inline an atom stands for. */
export function documentAtom(item: PmNode): unknown {
  if (item.type === OPAQUE.inline) return item.attrs?.json;
  const spec = nodeSpecNamed(item.type);
  if (!spec || spec.object !== "inline") {
    throw new TypeError(`not an inline of the editor's schema: ${item.type}`);
  }
  const type = spec.types[0] as string;
  return { object: "inline", type, ...joinFields(item.attrs, spec) };
}

/** Items outside links: texts and hard breaks merged into text nodes, atoms as inlines. */
function plainInlines(items: PmNode[]): unknown[] {
  const out: unknown[] = [];
  let leaves: Array<{ object: "leaf"; text: string; marks: unknown[] }> = [];
  const flush = () => {
    if (leaves.length > 0) out.push({ object: "text", leaves });
    leaves = [];
  };
  for (const item of items) {
    const text = itemText(item);
    if (text === null) {
      flush();
      out.push(documentAtom(item));
      continue;
    }
    const marks = leafMarks(item);
    const last = leaves[leaves.length - 1];
    if (last && sameJson(last.marks, marks)) last.text += text;
    else leaves.push({ object: "leaf", text, marks });
  }
  flush();
  return out;
}

/** The canonical Document inlines of an editor textblock's content. */
export function canonicalInlines(items: PmNode[]): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  while (i < items.length) {
    const link = linkOf(items[i] as PmNode);
    let end = i + 1;
    while (end < items.length && sameLink(linkOf(items[end] as PmNode), link)) end += 1;
    const run = items.slice(i, end);
    if (link) out.push(linkInline(link, plainInlines(run)));
    else out.push(...plainInlines(run));
    i = end;
  }
  if (out.length === 0) {
    out.push({ object: "text", leaves: [{ object: "leaf", text: "", marks: [] }] });
  }
  return out;
}
