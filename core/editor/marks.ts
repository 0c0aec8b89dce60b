import { data, type EditorMarkSpec } from "./spec-types";

/**
 * The editor's mark types, as plain data (with nodes.ts, the one home of the editor's schema).
 * Their order is ProseMirror's mark rank: a leaf's marks come out of the editor in this order.
 * GitBook links are inlines around texts; the editor edits them as the `link` mark.
 */
export const MARK_SPECS: readonly EditorMarkSpec[] = [
  { name: "bold", object: "mark", type: "bold", fields: {} },
  { name: "italic", object: "mark", type: "italic", fields: {} },
  { name: "strikethrough", object: "mark", type: "strikethrough", fields: {} },
  { name: "code", object: "mark", type: "code", fields: {} },
  { name: "keyboard", object: "mark", type: "keyboard", fields: {} },
  { name: "superscript", object: "mark", type: "superscript", fields: {} },
  { name: "subscript", object: "mark", type: "subscript", fields: {} },
  {
    name: "color",
    object: "mark",
    type: "color",
    fields: { text: data("text", "string"), background: data("background", "string") },
  },
  {
    name: "link",
    object: "inline",
    type: "link",
    isVoid: false,
    fields: { ref: data("ref", "record") },
    inclusive: false,
  },
];

/**
 * The carriers of what the codec does not know, each holding the original JSON verbatim in
 * `json`: a block, an inline (or a text it cannot edit) and a mark. Opaque marks stack.
 */
export const OPAQUE = {
  block: "opaqueBlock",
  inline: "opaqueInline",
  mark: "opaqueMark",
} as const;

/** The editor's line break inside a leaf's text (GitBook writes "\n"). */
export const HARD_BREAK = "hardBreak";
