/**
 * The markdown ↔ GitBook JSON Document converter: the public API pages, search, links and PDF
 * use. See docs/compat-notes/document.md for the mapping and its limits.
 */
export { parseMarkdown, type ParseOptions, type ParseResult } from "./parse";
export { renderMarkdown, type RenderOptions } from "./render";
export {
  documentRefs,
  documentSections,
  documentText,
  headingAnchor,
  type DocumentLike,
  type DocumentSection,
} from "./text";
export { assignKeys } from "./keys";
export { defaultHrefFor, defaultResolveHref, type HrefFor, type ResolveHref } from "./hrefs";
export { DocumentSchema, type DocumentInput } from "./schema";
export type * from "./types";
