/**
 * Types of the GitBook blocks, inlines and marks the markdown converter produces beyond the
 * CommonMark subset of types.ts (official `DocumentBlockTabs`, `DocumentBlockExpandable`,
 * `DocumentBlockEmbed`, `DocumentInlineButton`, `DocumentMarkColor`, ... schemas).
 */
import type { ContentRef, ImageRef } from "./types-refs";

/** Common keys of the blocks below. */
interface Block<T extends string, D, V extends boolean> {
  object: "block";
  type: T;
  key: string;
  isVoid: V;
  data: D;
}
/** A caption (`caption` fragment) of an embed or a file: its paragraphs. */
interface CaptionFragment {
  object: "fragment";
  fragment: string;
  type?: string;
  nodes: AnyBlock[];
}
/** A block of this module or of types.ts, as a container's child. */
export type AnyBlock = { object: "block"; type: string; key: string };

/** A reference to a file of a space (`ContentRefFile`). */
type FileRef = Extract<ContentRef, { kind: "file" }>;
/** A reference to a reusable content (`ContentRefReusableContent`). */
type ReusableRef = Extract<ContentRef, { kind: "reusable-content" }>;

/** `DocumentBlockTabsItem`. */
interface DocumentTabsItem extends Block<"tabs-item", { title: string }, false> {
  nodes: AnyBlock[];
}
/** `DocumentBlockTabs`. */
interface DocumentTabs extends Block<"tabs", Record<string, never>, false> {
  nodes: DocumentTabsItem[];
}
/** `DocumentBlockStepperStep`. */
interface DocumentStep extends Block<"stepper-step", Record<string, never>, false> {
  nodes: AnyBlock[];
}
/** `DocumentBlockStepper`. */
interface DocumentStepper extends Block<"stepper", Record<string, never>, false> {
  nodes: DocumentStep[];
}
/** A length (`Length`): a number of pixels or a value with a unit. */
export type Length = number | { value: number; unit: "%" | "px" };
/** `DocumentBlockColumn`. */
interface DocumentColumn extends Block<"column", { width?: Length }, false> {
  nodes: AnyBlock[];
}
/** `DocumentBlockColumns`. */
interface DocumentColumns extends Block<"columns", Record<string, never>, false> {
  nodes: DocumentColumn[];
}
/** `DocumentBlockUpdate`. */
interface DocumentUpdate extends Block<"update", { date: string }, false> {
  nodes: AnyBlock[];
}
/** `DocumentBlockUpdates`. */
interface DocumentUpdates
  extends Block<"updates", { format: "full" | "numeric" | "short" }, false> {
  nodes: DocumentUpdate[];
}
/** `DocumentBlockExpandable`: a `title` fragment (one paragraph) and a `body` fragment. */
interface DocumentExpandable extends Block<"expandable", { defaultExpanded?: boolean }, true> {
  fragments: Array<{ object: "fragment"; fragment: string; type?: string; nodes: AnyBlock[] }>;
}
/** `DocumentBlockEmbed`; a caption GitBook writes under the embed is kept as a fragment. */
export interface DocumentEmbed extends Block<"embed", { url: string }, true> {
  fragments: CaptionFragment[];
}
/** `DocumentBlockContentRef`. */
type DocumentContentRef = Block<"content-ref", { ref: ContentRef }, true>;
/** `DocumentBlockFile`; GitBook's caption is kept as a fragment. */
interface DocumentFile extends Block<"file", { ref: FileRef }, true> {
  fragments: CaptionFragment[];
}
/** `DocumentBlockOpenAPI` (type `swagger`): one operation of a spec at a URL or in a file. */
type DocumentSwagger = Block<"swagger", { ref: ImageRef; path: string; method: string }, true>;
/** `DocumentBlockMath`. */
type DocumentMath = Block<"math", { formula: string }, true>;
/** `DocumentBlockDrawing`. */
type DocumentDrawing = Block<"drawing", { ref: ImageRef; alt?: string }, true>;
/** `DocumentBlockReusableContent`. */
type DocumentReusable = Block<"reusable-content", { ref: ReusableRef }, true>;

/** The GitBook blocks above that may stand at the top level of a page. */
export type GitBookBlock =
  | DocumentTabs
  | DocumentStepper
  | DocumentColumns
  | DocumentUpdates
  | DocumentExpandable
  | DocumentEmbed
  | DocumentContentRef
  | DocumentFile
  | DocumentSwagger
  | DocumentMath
  | DocumentDrawing
  | DocumentReusable;

/** `DocumentInlineEmoji`: `code` is the code points in hex, joined by `-`. */
export interface DocumentEmoji {
  object: "inline";
  type: "emoji";
  key: string;
  isVoid: true;
  data: { code: string };
}
/** `DocumentInlineMath`. */
export interface DocumentInlineMath {
  object: "inline";
  type: "inline-math";
  key: string;
  isVoid: true;
  data: { formula: string };
}
/** `DocumentInlineButton`. */
export interface DocumentButton {
  object: "inline";
  type: "button";
  key: string;
  isVoid: true;
  data: { ref: ContentRef; label: string; kind: "primary" | "secondary"; icon?: string };
}
/** `DocumentTextColor` values GitBook writes in `<mark style>`. */
type TextColor = string;
/** `DocumentMarkColor`: text and background colours (`default` for none). */
export interface ColorMark {
  object: "mark";
  type: "color";
  data: { text: TextColor; background: TextColor };
}
