/**
 * The markdown ↔ GitBook JSON Document converter: the public API pages, search, links and PDF
 * use. See docs/compat-notes/document.md for the mapping and its limits.
 */
export { parseMarkdown, type ParseOptions, type ParseResult } from "./parse";
export { renderMarkdown, type RenderOptions } from "./render";
export {
  parsePage,
  renderPage,
  type PageContent,
  type PageParseOptions,
  type PageRenderOptions,
  type ParsedPage,
} from "./page";
export type { FrontMatter, YamlMap } from "./front-matter";
export {
  documentRefs,
  documentSections,
  documentText,
  headingAnchor,
  type DocumentLike,
} from "./text";
export { assignKeys } from "./keys";
export { DocumentTooDeepError } from "./limits";
export {
  defaultHrefFor,
  defaultResolveHref,
  relativeLinks,
  type LinkTarget,
  type ResolveLink,
} from "./hrefs";
export { DocumentSchema } from "./schema";
export type * from "./types";
export { ifExpressions, withoutHiddenBlocks } from "./conditions";
