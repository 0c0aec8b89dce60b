/**
 * TypeScript types of the subset of GitBook's JSON Document (`JSONDocument` in the official
 * OpenAPI document) that the markdown converter produces. Field names, required keys and enum
 * values follow the official `DocumentBlock*`, `DocumentInline*`, `DocumentText*`, `DocumentMark*`,
 * `DocumentTable*` and `ContentRef*` schemas.
 */

export { DocumentSchema } from "./schema";
import type {
  ColorMark,
  DocumentButton,
  DocumentEmbed,
  DocumentEmoji,
  DocumentInlineMath,
  GitBookBlock,
} from "./types-gitbook";
export type * from "./types-gitbook";
export type * from "./types-refs";
import type { ContentRef, ImageRef } from "./types-refs";

/** The marks markdown can express; other official marks are dropped when rendering. */
export type MarkType = "bold" | "italic" | "strikethrough" | "code";
/** A text mark (`DocumentMarkBold` and siblings). */
interface DocumentMark {
  object: "mark";
  type: MarkType;
}
/** A run of text with the same marks (`DocumentTextLeaf`); "\n" is a line break. */
export interface DocumentLeaf {
  object: "leaf";
  text: string;
  marks: Array<DocumentMark | ColorMark>;
}
/** A text node (`DocumentText`). */
export interface DocumentText {
  object: "text";
  leaves: DocumentLeaf[];
}
/** An inline image (`DocumentInlineImage`), used where an `images` block is not allowed. */
export interface DocumentInlineImage {
  object: "inline";
  type: "inline-image";
  key: string;
  isVoid: true;
  data: { ref: ImageRef; alt?: string; caption?: string; size?: "original" | "line" };
}
/** A link (`DocumentInlineLink`). */
export interface DocumentInlineLink {
  object: "inline";
  type: "link";
  key: string;
  isVoid: false;
  data: { ref: ContentRef };
  nodes: Array<DocumentText | DocumentInlineImage>;
}
/** The inlines the parser produces. */
type DocumentInline =
  | DocumentInlineLink
  | DocumentInlineImage
  | DocumentEmoji
  | DocumentInlineMath
  | DocumentButton;
/** Content of paragraphs and headings. */
export type InlineContent = DocumentText | DocumentInline;

/** Common keys of every block the parser produces. */
interface BlockBase<T extends string> {
  object: "block";
  type: T;
  key: string;
}
/** `DocumentBlockParagraph`. */
export interface DocumentParagraph extends BlockBase<"paragraph"> {
  isVoid: false;
  data: Record<string, never>;
  nodes: InlineContent[];
}
/** `DocumentBlockHeading`; markdown headings deeper than 3 become `heading-3`. */
interface DocumentHeading extends BlockBase<"heading-1" | "heading-2" | "heading-3"> {
  isVoid: false;
  data: Record<string, never>;
  /** The heading's custom anchor (GitBook's `<a href="#id" id="id"></a>` in markdown). */
  meta?: { id: string };
  nodes: InlineContent[];
}
/** `DocumentBlockDivider`. */
interface DocumentDivider extends BlockBase<"divider"> {
  isVoid: true;
  data: Record<string, never>;
}
/** `DocumentBlockListItem`; `checked` is set for task items. */
export interface DocumentListItem extends BlockBase<"list-item"> {
  isVoid: false;
  data: { checked?: boolean };
  nodes: ListItemChild[];
}
/** `DocumentBlockListOrdered`; `start` only when the list does not start at 1. */
export interface DocumentListOrdered extends BlockBase<"list-ordered"> {
  isVoid: false;
  data: { start?: number };
  nodes: DocumentListItem[];
}
/** `DocumentBlockListUnordered` and `DocumentBlockListTasks`. */
export interface DocumentListUnordered extends BlockBase<"list-unordered" | "list-tasks"> {
  isVoid: false;
  data: Record<string, never>;
  nodes: DocumentListItem[];
}
/** `DocumentBlockCodeLine`. */
interface DocumentCodeLine extends BlockBase<"code-line"> {
  isVoid: false;
  data: Record<string, never>;
  nodes: DocumentText[];
}
/** `DocumentBlockCode`. */
export interface DocumentCode extends BlockBase<"code"> {
  isVoid: false;
  data: {
    syntax?: string;
    title?: string;
    overflow?: "scroll" | "wrap";
    lineNumbers?: boolean;
    fullWidth?: boolean;
  };
  nodes: DocumentCodeLine[];
}
/** `DocumentBlockQuote`. */
export interface DocumentQuote extends BlockBase<"blockquote"> {
  isVoid: false;
  data: Record<string, never>;
  nodes: QuoteChild[];
}
/** The official hint styles (`DocumentBlockHint.data.style`). */
export type HintStyle = "info" | "warning" | "danger" | "success";
/** `DocumentBlockHint`. */
export interface DocumentHint extends BlockBase<"hint"> {
  isVoid: false;
  data: { style: HintStyle };
  nodes: HintChild[];
}
/** A named fragment (`DocumentFragment`): image captions and table cells. */
export interface DocumentFragment {
  object: "fragment";
  fragment: string;
  type?: string;
  nodes: DocumentParagraph[];
}
/** `DocumentBlockImage`; the markdown title becomes the caption fragment. */
export interface DocumentImage extends BlockBase<"image"> {
  isVoid: true;
  data: { ref: ImageRef; alt?: string };
  fragments: DocumentFragment[];
}
/** `DocumentBlockImages`. */
export interface DocumentImages extends BlockBase<"images"> {
  isVoid: false;
  data: Record<string, never>;
  nodes: DocumentImage[];
}
/** A text column (`DocumentTableDefinitionText`). */
export interface TableTextDefinition {
  id: string;
  title: string;
  type: "text";
  textAlignment: "left" | "center" | "right";
}
/** A table row (`DocumentTableRecord`); text values name a fragment of the table. */
export interface TableRecord {
  orderIndex: string;
  values: Record<string, string>;
}
/** `DocumentBlockTable` in its grid view. */
export interface DocumentTable extends BlockBase<"table"> {
  isVoid: true;
  data: {
    view: { type: "grid"; columns: string[]; hideHeader: boolean };
    records: Record<string, TableRecord>;
    definition: Record<string, TableTextDefinition>;
  };
  fragments: DocumentFragment[];
}

/** `DocumentBlocksEssentials`. */
type EssentialBlock =
  | DocumentParagraph
  | DocumentHeading
  | DocumentListOrdered
  | DocumentListUnordered
  | DocumentDivider;
/** What a list item may hold (`DocumentBlockListItem.nodes`, subset). */
type ListItemChild = EssentialBlock | DocumentCode | DocumentHint | DocumentQuote | DocumentTable;
/** What a blockquote may hold (`DocumentBlockQuote.nodes`). */
type QuoteChild = EssentialBlock | DocumentQuote;
/** What a hint may hold (`DocumentBlockHint.nodes`, subset). */
type HintChild = EssentialBlock | DocumentTable | DocumentEmbed;
/** `DocumentBlocksTopLevels`, subset. */
export type TopLevelBlock =
  | EssentialBlock
  | DocumentCode
  | DocumentQuote
  | DocumentHint
  | DocumentImages
  | DocumentTable
  | GitBookBlock;

/** `JSONDocument` as produced by the parser. */
export interface JsonDocument {
  object: "document";
  data: { schemaVersion?: number; [key: string]: unknown };
  nodes: TopLevelBlock[];
}
