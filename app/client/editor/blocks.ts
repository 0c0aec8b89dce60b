import type { Attrs, NodeType, Schema } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import { findWrapping } from "@tiptap/pm/transform";

/**
 * The blocks a person makes while writing, as changes to a transaction at its selection: the
 * markdown shortcuts (writing.ts) and the `/` menu (slash-menu.ts) both make blocks through
 * these, so `# ` and "/Heading 1" make the same heading. Each answers false when the block
 * cannot stand where the selection is (the transaction is then left as it was).
 */

/** A way of turning the textblock at the selection into a block. */
export type MakeBlock = (tr: Transaction, schema: Schema) => boolean;

/** The textblock at the selection becomes a textblock of `type` (a paragraph, a heading). */
export const textblock =
  (name: string, attrs?: Attrs): MakeBlock =>
  (tr, schema) => {
    const type = schema.nodes[name] as NodeType;
    const { $from, $to } = tr.selection;
    if (!$from.parent.isTextblock || $from.parent.type.spec.code) return false;
    if (!$from.node(-1).canReplaceWith($from.index(-1), $from.index(-1) + 1, type)) return false;
    tr.setBlockType($from.pos, $to.pos, type, attrs);
    return true;
  };

/** The textblock is wrapped in `name` (a list, a quote, a hint); list items get `itemAttrs`. */
export const wrapped =
  (name: string, attrs?: Attrs | null, itemAttrs?: Attrs): MakeBlock =>
  (tr, schema) => {
    const range = tr.selection.$from.blockRange(tr.selection.$to);
    const wrapping = range && findWrapping(range, schema.nodes[name] as NodeType, attrs);
    if (!range || !wrapping) return false;
    const wrappers = wrapping.map((wrapper, i) =>
      i > 0 && wrapper.type.name === "listItem" && itemAttrs
        ? { type: wrapper.type, attrs: itemAttrs }
        : wrapper,
    );
    tr.wrap(range, wrappers);
    return true;
  };

/** The textblock at `$from` and its place in its parent, when it is a plain one. */
function plainTextblock(tr: Transaction) {
  const { $from } = tr.selection;
  if (!$from.parent.isTextblock || $from.parent.type.spec.code) return null;
  return { node: $from.parent, start: $from.before(), end: $from.after() };
}

/** The textblock becomes a code block of one line holding its text (`syntax` when given). */
export const codeBlock =
  (syntax?: string): MakeBlock =>
  (tr, schema) => {
    const block = plainTextblock(tr);
    const { codeBlock: code, codeLine: line } = schema.nodes as Record<string, NodeType>;
    if (!block || !code || !line) return false;
    const text = block.node.textContent;
    const lineNode = line.create(null, text ? schema.text(text) : null);
    tr.replaceWith(block.start, block.end, code.create(syntax ? { syntax } : null, lineNode));
    tr.setSelection(TextSelection.create(tr.doc, block.start + 2 + text.length));
    return true;
  };

/** An empty textblock becomes a divider followed by an empty paragraph, the caret in it. */
export const divider: MakeBlock = (tr, schema) => {
  const block = plainTextblock(tr);
  const { divider: rule, paragraph } = schema.nodes as Record<string, NodeType>;
  if (!block || block.node.content.size > 0 || !rule || !paragraph) return false;
  tr.replaceWith(block.start, block.end, [rule.create(), paragraph.create()]);
  tr.setSelection(TextSelection.create(tr.doc, block.start + 2));
  return true;
};

/** A block of the `/` menu: what it is called and how it is made. */
export interface BlockChoice {
  label: string;
  /** Words the menu's filter matches besides the label. */
  keywords: string;
  make: MakeBlock;
}

/** The `/` menu's blocks, in the order shown. */
export const BLOCK_CHOICES: readonly BlockChoice[] = [
  { label: "Text", keywords: "paragraph plain", make: textblock("paragraph") },
  { label: "Heading 1", keywords: "h1 title", make: textblock("heading", { level: 1 }) },
  { label: "Heading 2", keywords: "h2 subtitle", make: textblock("heading", { level: 2 }) },
  { label: "Heading 3", keywords: "h3", make: textblock("heading", { level: 3 }) },
  { label: "Bulleted list", keywords: "ul unordered", make: wrapped("bulletList") },
  { label: "Numbered list", keywords: "ol ordered", make: wrapped("orderedList") },
  {
    label: "Task list",
    keywords: "todo checkbox",
    make: wrapped("taskList", null, { checked: false }),
  },
  { label: "Quote", keywords: "blockquote", make: wrapped("blockquote") },
  { label: "Hint", keywords: "callout info note", make: wrapped("hint", { style: "info" }) },
  { label: "Code block", keywords: "pre snippet", make: codeBlock() },
  { label: "Divider", keywords: "hr rule line", make: divider },
];
