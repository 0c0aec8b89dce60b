import type { JSONDocument } from "@gitbook/api";

/**
 * The plain values a document render needs and answers: what its references resolve to
 * (`RenderContext`, prefetched by the Worker that renders: the reader from a published site, the
 * app from a space's revision), what it needs fetched (`DocumentRefs`), and the on-page contents
 * it answers (`TocEntry`). Pure types: no I/O anywhere in this file.
 */

/** A revision file, as the renderer links or embeds it (stable published URL). */
export interface FileView {
  id: string;
  name: string;
  url: string;
  contentType: string;
  size: number;
  /** Pixel size of an image, when the API knows it (`dimensions`). */
  width?: number;
  height?: number;
}

/** An embed the API resolved (`GET /v1/embed?url=`), or a plain link when it could not. */
export interface EmbedView {
  url: string;
  title: string;
  site?: string;
  icon?: string;
  /** Sandboxed frame source (`type: "rich"` with an `html` answer becomes a srcdoc). */
  frame?: { src?: string; srcdoc?: string; width?: number; height?: number };
  kind: "link" | "rich" | "integration";
}

/** A page of the current site space, by id, as links and mentions show it. */
export interface PageLinkView {
  id: string;
  title: string;
  href: string;
  emoji?: string;
}

/** Everything a document's references resolve to; each lookup is synchronous (prefetched). */
export interface RenderContext {
  /** A page of the site space by id (hidden pages too: links to them still work). */
  page(pageId: string): PageLinkView | undefined;
  /** A file of the revision by id. */
  file(fileId: string): FileView | undefined;
  /** A resolved embed by URL (undefined: render the URL as a link card). */
  embed(url: string): EmbedView | undefined;
  /** A parsed OpenAPI document by spec slug (undefined: unavailable, render a note). */
  openapi(slug: string): Record<string, unknown> | undefined;
  /** A reusable content's document by id (undefined: unavailable). */
  reusableContent(id: string): JSONDocument | undefined;
  /** The href of the current page (anchors are `${currentHref}#${id}`). */
  currentHref: string;
}

/** What a document needs fetched before it can render (collected in one walk). */
export interface DocumentRefs {
  files: Set<string>;
  pages: Set<string>;
  embeds: Set<string>;
  openapi: Set<string>;
  reusableContents: Set<string>;
}

/** A heading of the page, for the on-page table of contents. */
export interface TocEntry {
  id: string;
  title: string;
  /** 1 for heading-1, 2, 3. */
  depth: number;
}
