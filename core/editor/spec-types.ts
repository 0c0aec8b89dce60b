/**
 * The shape of the editor's declarative schema (nodes.ts): plain data that says, for
 * each editor type, which GitBook Document type it stands for, where it may stand (ProseMirror
 * group and content expression) and which Document fields it shows as attributes. The schema
 * (schema.ts), the codec (to-editor.ts, from-editor.ts) and, later, the Tiptap extensions are
 * all derived from it.
 */

/** The JSON type a modelled field must have to become an attribute (else it stays in `extra`). */
export type FieldKind = "string" | "number" | "boolean" | "record" | "array" | "any";

/** One Document field shown as an editor attribute: where it lives and the type it must have. */
export interface FieldSpec {
  /** Path in the Document node, e.g. `["data", "syntax"]` or `["meta", "id"]`. */
  path: readonly string[];
  kind: FieldKind;
}

/** What a Document node's children are and how they map to the editor node's content. */
type ChildrenKind =
  /** `nodes` holds blocks, each an editor block node. */
  | "blocks"
  /** `nodes` holds texts and inlines: the editor node is a textblock. */
  | "inlines"
  /** `fragments` holds named fragments, each a `fragment` editor node. */
  | "fragments"
  /** No children the editor edits (a void): any `nodes` stay verbatim in `extra`. */
  | "none";

/** One editor node type and the Document type(s) it stands for. */
export interface EditorNodeSpec {
  /** ProseMirror node name (a word: content expressions name it). */
  name: string;
  /** The Document `object` it is written as. */
  object: "document" | "block" | "inline" | "fragment";
  /**
   * The Document `type`(s). With more than one, `typeAttr` names the attribute that tells them
   * apart and `typeAttr.values` its value for each (heading-1..3 are one `heading`, `level`).
   */
  types: readonly string[];
  typeAttr?: { name: string; values: readonly number[] };
  /** The `isVoid` GitBook writes for this type (the node's canonical form). */
  isVoid?: boolean;
  children: ChildrenKind;
  /** ProseMirror group and content expression. */
  group?: string;
  content?: string;
  /** Inline atoms (emoji, mentions, ...) and atom blocks (voids). */
  inline?: boolean;
  atom?: boolean;
  /** Allowed marks ("" for none); ProseMirror's default when absent. */
  marks?: string;
  /** ProseMirror hints for the editor (code blocks keep their content as written). */
  code?: boolean;
  defining?: boolean;
  isolating?: boolean;
  /** The Document fields the editor shows and edits, by attribute name. */
  fields: Readonly<Record<string, FieldSpec>>;
}

/** One editor mark type and the Document mark (or, for links, inline) it stands for. */
export interface EditorMarkSpec {
  name: string;
  /** `mark` for text marks; `inline` for links, which GitBook writes as inlines around texts. */
  object: "mark" | "inline";
  type: string;
  /** The `isVoid` of an inline written as a mark (links: false). */
  isVoid?: boolean;
  fields: Readonly<Record<string, FieldSpec>>;
  /** ProseMirror: marks this one excludes ("" for none: opaque marks stack); default itself. */
  excludes?: string;
  /** ProseMirror: whether typing at the mark's end extends it (links do not). */
  inclusive?: boolean;
}

/** A field at `data.<name>`. */
export const data = (name: string, kind: FieldKind): FieldSpec => ({ path: ["data", name], kind });
