import { isRecord, type LooseNode } from "../document/loose";
import { joinFields, splitFields } from "./fields";
import { HARD_BREAK, OPAQUE } from "./nodes";
import {
  LINK_MARK,
  markRank,
  markSpecFor,
  nodeSpecFor,
  opaque,
  sameAttrs,
  sameJson,
  sameMarks,
  type PmMark,
  type PmNode,
} from "./pm-json";

/**
 * Document inlines → the editor's flat inline content: each leaf a text (its "\n" hard breaks),
 * marks in the schema's order, links as the `link` mark on what they hold, known inlines as
 * atoms, anything else (and a text whose leaves the editor cannot hold) as `opaqueInline`.
 * The result is in ProseMirror's normal form (adjacent texts with the same marks joined), so
 * it compares equal with what the editor gives back.
 */

/** A Document mark as an editor mark; unknown ones (and a second of a kind) stay opaque. */
function markOf(mark: unknown, taken: Set<string>): PmMark {
  const spec =
    isRecord(mark) && mark.object === "mark" ? markSpecFor("mark", mark.type) : undefined;
  if (!spec || taken.has(spec.name) || !isRecord(mark)) {
    return { type: OPAQUE.mark, attrs: { json: mark } };
  }
  const attrs = splitFields(mark, spec, null);
  // A field's value that joinFields would not give back (it cannot happen): keep it opaque.
  if (!sameJson({ object: "mark", type: spec.type, ...joinFields(attrs, spec) }, mark)) {
    return { type: OPAQUE.mark, attrs: { json: mark } };
  }
  taken.add(spec.name);
  return { type: spec.name, attrs };
}

/** A leaf's marks in the schema's order, or null when the editor cannot hold them (twice the same). */
function marksOf(marks: unknown[], link: PmMark | null): PmMark[] | null {
  const taken = new Set<string>();
  const list = marks.map((mark) => markOf(mark, taken));
  if (link) list.push(link);
  list.sort((a, b) => markRank(a.type) - markRank(b.type));
  const opaques = list.filter((mark) => mark.type === OPAQUE.mark);
  for (let i = 1; i < opaques.length; i++) {
    if (opaques.slice(0, i).some((other) => sameAttrs(other.attrs, opaques[i]?.attrs))) return null;
  }
  return list;
}

/** A leaf the editor can hold: exactly `{object: "leaf", text, marks}`. */
function isLeaf(leaf: unknown): leaf is { text: string; marks: unknown[] } {
  return (
    isRecord(leaf) &&
    leaf.object === "leaf" &&
    typeof leaf.text === "string" &&
    Array.isArray(leaf.marks) &&
    Object.keys(leaf).length === 3
  );
}

/** A text node's editor content, or null when it must stay opaque. */
function textContent(node: LooseNode, link: PmMark | null): PmNode[] | null {
  if (!Array.isArray(node.leaves) || Object.keys(node).length !== 2) return null;
  const out: PmNode[] = [];
  for (const leaf of node.leaves) {
    if (!isLeaf(leaf)) return null;
    const marks = marksOf(leaf.marks, link);
    if (!marks) return null;
    const withMarks = (item: PmNode): PmNode => (marks.length ? { ...item, marks } : item);
    leaf.text.split("\n").forEach((part, i) => {
      if (i > 0) out.push(withMarks({ type: HARD_BREAK }));
      if (part !== "") out.push(withMarks({ type: "text", text: part }));
    });
  }
  return out;
}

/** The `link` mark of a link inline, or null when it cannot be one. */
function linkMarkOf(node: LooseNode): PmMark | null {
  const attrs = splitFields(node, LINK_MARK, "nodes");
  const back = { object: "inline", type: "link", ...joinFields(attrs, LINK_MARK) };
  const { nodes: _nodes, ...fields } = node;
  return sameJson(back, fields) ? { type: LINK_MARK.name, attrs } : null;
}

/** An inline atom the spec knows, its fields as attributes; null when it must stay opaque. */
function atomOf(node: LooseNode, link: PmMark | null): PmNode | null {
  const spec = nodeSpecFor(node);
  if (!spec || spec.object !== "inline") return null;
  const attrs = splitFields(node, spec, null);
  const back = { object: "inline", type: node.type, ...joinFields(attrs, spec) };
  if (!sameJson(back, node)) return null;
  return link ? { type: spec.name, attrs, marks: [link] } : { type: spec.name, attrs };
}

/** How the Document split an inline run: leaves ([length, marks]), atoms (0) and links. */
export type Shape = Array<Array<[number, unknown[]]> | 0 | { link: Shape }>;

function pushInline(item: unknown, link: PmMark | null, out: PmNode[], shape: Shape): void {
  const carried = (): void => {
    out.push(
      link ? { ...opaque(OPAQUE.inline, item), marks: [link] } : opaque(OPAQUE.inline, item),
    );
    shape.push(0);
  };
  if (!isRecord(item)) return carried();
  if (item.object === "text") {
    const content = textContent(item, link);
    if (!content) return carried();
    out.push(...content);
    const leaves = item.leaves as Array<{ text: string; marks: unknown[] }>;
    shape.push(leaves.map((leaf) => [leaf.text.length, leaf.marks]));
    return;
  }
  if (item.object === "inline" && item.type === "link") {
    const mark = link ? null : linkMarkOf(item);
    if (!mark || !Array.isArray(item.nodes)) return carried();
    const inner: PmNode[] = [];
    const innerShape: Shape = [];
    for (const child of item.nodes) pushInline(child, mark, inner, innerShape);
    if (inner.length === 0) return carried();
    out.push(...inner);
    shape.push({ link: innerShape });
    return;
  }
  const atom = atomOf(item, link);
  if (!atom) return carried();
  out.push(atom);
  shape.push(0);
}

/** Joins adjacent texts with the same marks, as ProseMirror does. */
function joinTexts(items: PmNode[]): PmNode[] {
  const out: PmNode[] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (last?.type === "text" && item.type === "text" && sameMarks(last.marks, item.marks)) {
      out[out.length - 1] = { ...last, text: `${last.text ?? ""}${item.text ?? ""}` };
    } else out.push(item);
  }
  return out;
}

/** The editor's inline content for a Document node's `nodes` (texts and inlines), and its shape. */
export function flatInlines(nodes: readonly unknown[]): { content: PmNode[]; shape: Shape } {
  const out: PmNode[] = [];
  const shape: Shape = [];
  for (const node of nodes) pushInline(node, null, out, shape);
  return { content: joinTexts(out), shape };
}
