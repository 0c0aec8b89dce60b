import { weakMemo } from "../memory/memos";
/**
 * Defensive accessors for documents of unknown shape: stored or incoming documents may hold any
 * of GitBook's block types, so renderers and extractors read them through these and never throw.
 */

/** A node read from a document of unknown shape. */
export type LooseNode = Record<string, unknown>;

/** Deepest level walked; deeper content is ignored (validated documents stop at 50). */
export const MAX_WALK_DEPTH = 64;

/** Appends `items` to `target` one by one: `push(...items)` overflows the stack past ~100,000. */
export function pushAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/** True for a non-array object. */
export function isRecord(value: unknown): value is LooseNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `nodes` of a node that are objects. */
export function childNodes(node: LooseNode): LooseNode[] {
  return Array.isArray(node.nodes) ? node.nodes.filter(isRecord) : [];
}

/** The `fragments` of a node that are objects. */
export function fragmentsOf(node: LooseNode): LooseNode[] {
  return Array.isArray(node.fragments) ? node.fragments.filter(isRecord) : [];
}

/** Fragments by name (first wins) per `fragments` array, with the array length it was built at. */
const fragmentIndexes = weakMemo<unknown[], { length: number; byName: Map<string, LooseNode> }>(
  "fragment indexes",
);

/**
 * The fragment of a node with the given `fragment` name. Indexed once per `fragments` array (a
 * table names one fragment per cell: a linear search per cell was quadratic in the cells); the
 * index is rebuilt if the array's length changed since.
 */
export function fragmentNamed(node: LooseNode, name: string): LooseNode | undefined {
  const fragments = node.fragments;
  if (!Array.isArray(fragments)) return undefined;
  let index = fragmentIndexes.get(fragments);
  if (!index || index.length !== fragments.length) {
    const byName = new Map<string, LooseNode>();
    for (const fragment of fragments) {
      if (
        isRecord(fragment) &&
        typeof fragment.fragment === "string" &&
        !byName.has(fragment.fragment)
      )
        byName.set(fragment.fragment, fragment);
    }
    index = { length: fragments.length, byName };
    fragmentIndexes.set(fragments, index);
  }
  return index.byName.get(name);
}

/** The `data` object of a node, or an empty one. */
export function dataOf(node: LooseNode): LooseNode {
  return isRecord(node.data) ? node.data : {};
}

/** A string field, or undefined. */
export function stringField(node: LooseNode, field: string): string | undefined {
  const value = node[field];
  return typeof value === "string" ? value : undefined;
}

/** The block type of a node, or "" when it is not a block. */
export function blockType(node: LooseNode): string {
  return node.object === "block" && typeof node.type === "string" ? node.type : "";
}

/** One leaf read from a text node: its text and the names of its marks. */
export interface LooseLeaf {
  text: string;
  marks: string[];
  /** A `color` mark's `<mark style>` (`color:red;background-color:blue;`), if any. */
  color?: string;
}

const COLOR_NAME = /^[\w-]{1,40}$/;

/** The `<mark>` style of a `color` mark's data; undefined when both colours are default. */
function colorStyle(mark: LooseNode): string | undefined {
  const data = isRecord(mark.data) ? mark.data : {};
  const pick = (value: unknown) =>
    typeof value === "string" && value !== "default" && COLOR_NAME.test(value) ? value : null;
  const text = pick(data.text);
  const background = pick(data.background);
  if (text === null && background === null) return undefined;
  return `${text ? `color:${text};` : ""}${background ? `background-color:${background};` : ""}`;
}

/** The leaves of a text node that have a string `text`. */
export function leavesOf(node: LooseNode): LooseLeaf[] {
  if (!Array.isArray(node.leaves)) return [];
  const leaves: LooseLeaf[] = [];
  for (const leaf of node.leaves) {
    if (!isRecord(leaf) || typeof leaf.text !== "string") continue;
    const marks = Array.isArray(leaf.marks)
      ? leaf.marks.flatMap((mark) =>
          isRecord(mark) && typeof mark.type === "string" ? [mark.type] : [],
        )
      : [];
    const colorMark = Array.isArray(leaf.marks)
      ? leaf.marks.find((mark) => isRecord(mark) && mark.type === "color")
      : undefined;
    const color = isRecord(colorMark) ? colorStyle(colorMark) : undefined;
    leaves.push(color ? { text: leaf.text, marks, color } : { text: leaf.text, marks });
  }
  return leaves;
}

/** The emoji an `emoji` inline stands for (`data.code` is hex code points joined by "-"). */
export function emojiText(node: LooseNode): string {
  const code = stringField(dataOf(node), "code");
  if (!code) return "";
  const points = code.split("-").map((part) => Number.parseInt(part, 16));
  if (points.some((point) => !Number.isInteger(point) || point < 0 || point > 0x10ffff)) {
    return "";
  }
  return String.fromCodePoint(...points);
}

const isBlank = (ch: string | undefined) => ch === " " || ch === "\t";

/**
 * Joins lines with one space, dropping the spaces and tabs around each line break (what a soft
 * line break means). Written with plain loops: regexes such as `/[ \t]*\n/` or `/[ \t]+$/`
 * are quadratic on long runs of spaces, which markdown input controls.
 */
export function joinLines(value: string): string {
  if (!value.includes("\n")) return value;
  const lines = value.split("\n");
  const last = lines.length - 1;
  return lines
    .map((line, i) => {
      let start = 0;
      let end = line.endsWith("\r") ? line.length - 1 : line.length;
      if (i > 0) while (start < end && isBlank(line[start])) start += 1;
      if (i < last) while (end > start && isBlank(line[end - 1])) end -= 1;
      return line.slice(start, end);
    })
    .join(" ");
}

/** Drops trailing newlines (a plain loop: `/\n+$/` is quadratic on long runs of newlines). */
export function trimNewlines(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === "\n") end -= 1;
  return value.slice(0, end);
}
