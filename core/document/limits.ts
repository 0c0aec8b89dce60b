/**
 * The bounds every markdown and Document input is held to (link targets follow the one rule of
 * core/links/safe-href.ts). Pure: callers turn `DocumentTooDeepError` into a 400 naming their field.
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
