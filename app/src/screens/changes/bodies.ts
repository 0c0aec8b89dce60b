import type { JSONDocument } from "@gitbook/api";
import { renderMarkdown } from "../../../../core/document/render";
import { parseMarkdown } from "../../../../core/document/parse";
import { renderDocument } from "../../../../core/render/document";
import type { RenderContext } from "../../../../core/render/model";
import type { CommentBody } from "../../api/review-types";

/**
 * Comment and review bodies are Documents: rendered with core/render's renderer (the API's
 * content is data, never HTML), turned back into markdown to prefill an edit, and a typed
 * markdown body parsed into a Document where an operation takes only Documents (a review's
 * comment).
 */

/** A comment's render context: its references resolve to nothing the comment could leak. */
const COMMENT_CONTEXT: RenderContext = {
  page: () => undefined,
  file: () => undefined,
  embed: () => undefined,
  openapi: () => undefined,
  reusableContent: () => undefined,
  currentHref: "",
};

/** A document-like value, or undefined. */
function documentOf(value: unknown): JSONDocument | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as JSONDocument)
    : undefined;
}

/** The HTML of a comment body (a Document read with `format=document`, or plain markdown). */
export function bodyHtml(body: CommentBody): string {
  const document = documentOf(body.document) ?? parseMarkdown(body.markdown ?? "").document;
  return renderDocument(document as JSONDocument, COMMENT_CONTEXT).html;
}

/** A comment body as markdown, for the edit form. */
export function bodyMarkdown(body: CommentBody): string {
  const document = documentOf(body.document);
  return document ? renderMarkdown(document).trim() : (body.markdown ?? "");
}

/** The Document of typed markdown (a review's comment). */
export function documentOfMarkdown(markdown: string): unknown {
  return parseMarkdown(markdown).document;
}
