/**
 * The markdown ↔ GitBook JSON Document converter: the public API pages, search, links and PDF
 * use. See docs/compat-notes/document.md for the mapping and its limits.
 */
export { parseMarkdown, type ParseOptions } from "./parse";
export { renderMarkdown } from "./render";
export { parsePage, renderPage } from "./page";
export {
  documentRefs,
  documentSections,
  documentText,
  headingAnchor,
  type DocumentLike,
} from "./text";
export { assignKeys } from "./keys";
export { DocumentTooDeepError } from "./limits";
export { defaultHrefFor, defaultResolveHref, type ResolveLink } from "./hrefs";
export { DocumentSchema } from "./schema";
export type * from "./types";
export { ifExpressions, withoutHiddenBlocks } from "./conditions";
