import { data, type EditorMarkSpec, type EditorNodeSpec, type FieldSpec } from "./spec-types";

/**
 * THE ONE HOME OF THE EDITOR'S SCHEMA: every editor node and mark type, as plain data. The
 * ProseMirror schema (schema.ts), the Document codec (to-editor.ts, from-editor.ts) and the
 * Tiptap extensions are derived from these lists; add a GitBook type here, nowhere else.
 * A Document type missing from it is carried by `opaqueBlock` / `opaqueInline`, verbatim.
 *
 * Content expressions are as loose as GitBook's stored documents are (any block in any
 * container); a stored node whose children do not fit is carried opaque, not changed.
 */

const id: FieldSpec = { path: ["meta", "id"], kind: "string" };
const align = data("align", "string");
const ref = data("ref", "record");
const container = (name: string, type: string, fields: EditorNodeSpec["fields"] = {}) =>
  ({
    name,
    object: "block",
    types: [type],
    isVoid: false,
    children: "blocks",
    group: "block",
    content: "block*",
    defining: true,
    fields,
  }) as const satisfies EditorNodeSpec;
/** A list of items (tabs, steps, columns, updates, list items). */
const itemList = (
  name: string,
  type: string,
  item: string,
  fields: EditorNodeSpec["fields"] = {},
) => ({ ...container(name, type, fields), content: `${item}+` }) as const satisfies EditorNodeSpec;
/**
 * An item of such a list: blocks, in no group (it stands only in its list). Tabs, steps and
 * columns are isolating (editing stays inside one); list items are not, so Enter splits one
 * into two and Backspace at an item's start joins it to the one before (ProseMirror refuses to
 * split or join across an isolating node).
 */
const item = (
  name: string,
  type: string,
  fields: EditorNodeSpec["fields"] = {},
  isolating = true,
) => {
  const { group: _group, ...rest } = container(name, type, fields);
  return { ...rest, isolating } satisfies EditorNodeSpec;
};
/** A void block (no editable content): an atom, its fields as attributes. */
const voidBlock = (name: string, type: string, fields: EditorNodeSpec["fields"]) =>
  ({
    name,
    object: "block",
    types: [type],
    isVoid: true,
    children: "none",
    group: "block",
    atom: true,
    fields,
  }) as const satisfies EditorNodeSpec;
/** A void block with fragments (captions, an expandable's title and body, table cells). */
const withFragments = (name: string, type: string, fields: EditorNodeSpec["fields"]) =>
  ({
    ...voidBlock(name, type, fields),
    atom: false,
    children: "fragments",
    content: "fragment*",
    isolating: true,
  }) as const satisfies EditorNodeSpec;
/** A void inline (emoji, mention, math, ...). */
const voidInline = (name: string, type: string, fields: EditorNodeSpec["fields"]) =>
  ({
    name,
    object: "inline",
    types: [type],
    isVoid: true,
    children: "none",
    group: "inline",
    inline: true,
    atom: true,
    fields,
  }) as const satisfies EditorNodeSpec;

/** Every editor node type; the order is ProseMirror's (the first block is the default one). */
export const NODE_SPECS: readonly EditorNodeSpec[] = [
  {
    name: "doc",
    object: "document",
    types: ["document"],
    children: "blocks",
    content: "block*",
    fields: { data: { path: ["data"], kind: "record" } },
  },
  {
    name: "paragraph",
    object: "block",
    types: ["paragraph"],
    isVoid: false,
    children: "inlines",
    group: "block",
    content: "inline*",
    fields: { align },
  },
  {
    name: "heading",
    object: "block",
    types: ["heading-1", "heading-2", "heading-3"],
    typeAttr: { name: "level", values: [1, 2, 3] },
    isVoid: false,
    children: "inlines",
    group: "block",
    content: "inline*",
    defining: true,
    fields: { id, align },
  },
  itemList("bulletList", "list-unordered", "listItem"),
  itemList("orderedList", "list-ordered", "listItem", { start: data("start", "number") }),
  itemList("taskList", "list-tasks", "listItem"),
  item("listItem", "list-item", { checked: data("checked", "boolean") }, false),
  container("blockquote", "blockquote"),
  container("hint", "hint", { style: data("style", "string") }),
  container("prompt", "prompt", { description: data("description", "string") }),
  container("conditional", "if", { expression: data("expression", "string") }),
  {
    ...itemList("codeBlock", "code", "codeLine", {
      syntax: data("syntax", "string"),
      title: data("title", "string"),
      overflow: data("overflow", "string"),
      lineNumbers: data("lineNumbers", "boolean"),
      fullWidth: data("fullWidth", "boolean"),
    }),
    code: true,
  },
  {
    name: "codeLine",
    object: "block",
    types: ["code-line"],
    isVoid: false,
    children: "inlines",
    content: "inline*",
    code: true,
    fields: { highlighted: data("highlighted", "boolean") },
  },
  itemList("tabs", "tabs", "tabsItem"),
  item("tabsItem", "tabs-item", { title: data("title", "string"), id }),
  itemList("stepper", "stepper", "stepperStep"),
  item("stepperStep", "stepper-step"),
  itemList("columns", "columns", "column"),
  item("column", "column", { width: data("width", "any") }),
  itemList("updates", "updates", "update", { format: data("format", "string") }),
  item("update", "update", { date: data("date", "string") }),
  itemList("images", "images", "image", {
    align,
    fullWidth: data("fullWidth", "boolean"),
    withFrame: data("withFrame", "boolean"),
  }),
  withFragments("image", "image", {
    ref,
    refDark: data("refDark", "record"),
    alt: data("alt", "string"),
    width: data("width", "any"),
    height: data("height", "any"),
  }),
  withFragments("expandable", "expandable", {
    defaultExpanded: data("defaultExpanded", "boolean"),
    id,
  }),
  withFragments("table", "table", {
    view: data("view", "record"),
    records: data("records", "record"),
    definition: data("definition", "record"),
  }),
  withFragments("embed", "embed", { url: data("url", "string") }),
  withFragments("file", "file", { ref }),
  voidBlock("divider", "divider", {}),
  voidBlock("drawing", "drawing", { ref, alt: data("alt", "string") }),
  voidBlock("mathBlock", "math", { formula: data("formula", "string") }),
  voidBlock("contentRef", "content-ref", { ref }),
  voidBlock("reusableContent", "reusable-content", { ref }),
  voidBlock("integration", "integration", {
    integration: data("integration", "string"),
    url: data("url", "string"),
  }),
  voidBlock("swagger", "swagger", {
    ref,
    path: data("path", "string"),
    method: data("method", "string"),
  }),
  voidBlock("openapiOperation", "openapi-operation", { ref }),
  voidBlock("openapiSchemas", "openapi-schemas", { ref }),
  voidBlock("openapiWebhook", "openapi-webhook", { ref }),
  // A named fragment of a void block (a caption, an expandable's title or body, a table cell):
  // it has no type of its own, its `fragment` and `type` are fields.
  {
    name: "fragment",
    object: "fragment",
    types: [""],
    children: "blocks",
    content: "block*",
    isolating: true,
    fields: {
      name: { path: ["fragment"], kind: "string" },
      fragmentType: { path: ["type"], kind: "string" },
    },
  },
  voidInline("emoji", "emoji", { code: data("code", "string") }),
  voidInline("mention", "mention", { ref }),
  voidInline("inlineMath", "inline-math", { formula: data("formula", "string") }),
  voidInline("inlineImage", "inline-image", {
    ref,
    refDark: data("refDark", "record"),
    alt: data("alt", "string"),
    caption: data("caption", "string"),
    size: data("size", "string"),
  }),
  voidInline("button", "button", {
    ref,
    label: data("label", "string"),
    kind: data("kind", "string"),
    icon: data("icon", "string"),
  }),
];

/**
 * The editor's mark types, as plain data.
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
