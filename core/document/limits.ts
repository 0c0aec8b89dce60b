/**
 * The bounds every markdown and Document input is held to, and the one rule for dangerous link
 * targets. Pure: callers turn `DocumentTooDeepError` into a 400 naming their field.
 */

/**
 * Deepest nesting accepted in markdown: block containers (blockquotes, lists, list items,
 * footnote definitions) and, separately, inline containers (emphasis, strong, strikethrough,
 * links). 40 keeps a parsed Document within `DocumentSchema`'s 50 levels (paragraphs, inlines
 * and texts add a few), is far above what real pages use, and bounds the converter's recursion.
 */
export const MAX_MARKDOWN_NESTING = 40;

/** Deepest nesting accepted in a JSON Document (its own `nodes` are at depth 1). */
export const MAX_DOCUMENT_DEPTH = 50;

/** The message of every nesting refusal, after the field name. */
export function tooDeepMessage(max: number): string {
  return `document too deeply nested (max ${max})`;
}

/** Thrown by the parser when markdown nests deeper than `MAX_MARKDOWN_NESTING`. */
export class DocumentTooDeepError extends Error {
  constructor(readonly max: number) {
    super(tooDeepMessage(max));
    this.name = "DocumentTooDeepError";
  }
}

const DANGEROUS_SCHEME = /^(?:javascript|vbscript|data):/;
const SAFE_DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|webp)[;,]/;
// Browsers ignore leading and trailing C0 controls and spaces, and drop tabs and newlines anywhere.
// eslint-disable-next-line no-control-regex
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/** The scheme-relevant form of a URL, as a browser reads it before choosing what to do. */
function normalized(url: string): string {
  return url.replace(EDGE_CONTROLS, "").replace(TAB_OR_NEWLINE, "").toLowerCase();
}

/**
 * The one rule for link targets, applied to markdown, JSON Documents, rendered markdown and PDF:
 * `javascript:`, `vbscript:` and `data:` targets (case-insensitive, after trimming the controls
 * and spaces browsers ignore) are unsafe, so the link is dropped and its text kept.
 */
export function isUnsafeLinkUrl(url: string): boolean {
  return DANGEROUS_SCHEME.test(normalized(url));
}

/**
 * The rule for image sources: the same schemes are unsafe, except raster `data:image/` URIs
 * (png, gif, jpeg, webp), which pasted screenshots use and which cannot run script in an image.
 */
export function isUnsafeImageUrl(url: string): boolean {
  const form = normalized(url);
  return DANGEROUS_SCHEME.test(form) && !SAFE_DATA_IMAGE.test(form);
}
