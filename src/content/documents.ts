import { badRequest } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import {
  assignKeys,
  DocumentSchema,
  parseMarkdown,
  renderMarkdown,
  type ContentRef,
  type JsonDocument,
} from "../../core/document";
import { DocumentTooDeepError } from "../../core/document/limits";
import { neutraliseUnsafeLinks } from "../../core/document/safe-links";
import type { DocumentInputValue } from "./change-schema";

/** The empty document, the body of `{}`. */
export const EMPTY_DOCUMENT: JsonDocument = { object: "document", data: {}, nodes: [] };

/** A document ready to store: its canonical JSON and content hash. */
export interface StoredDocument {
  hash: string;
  body: string;
  document: JsonDocument;
}

/**
 * The largest stored Document, as JSON bytes: D1 refuses a string over 2,000,000 bytes, and a row
 * holds more than the body. Markdown grows several times as a Document (keys, marks, objects).
 */
const MAX_STORED_DOCUMENT_BYTES = 1_800_000;

/**
 * Canonical JSON and its SHA-256: identical bodies anywhere are stored once. A Document too large
 * to store is a 400, never a database error.
 */
export async function storeable(document: JsonDocument): Promise<StoredDocument> {
  const body = JSON.stringify(document);
  const bytes = new TextEncoder().encode(body).length;
  if (bytes > MAX_STORED_DOCUMENT_BYTES) {
    throw badRequest(
      `document: too large to store (${bytes} bytes as a JSON Document; max ${MAX_STORED_DOCUMENT_BYTES}); split the page`,
    );
  }
  return { hash: await sha256Hex(body), body, document };
}

/** Parses markdown input; nesting past the parser's limit is a 400 naming the field. */
function parseInput(markdown: string, field: string, options: Parameters<typeof parseMarkdown>[1]) {
  try {
    return parseMarkdown(markdown, options);
  } catch (error) {
    if (error instanceof DocumentTooDeepError)
      throw badRequest(`${field}.markdown: ${error.message}`);
    throw error;
  }
}

/**
 * Turns a change's body input into a Document. Markdown links resolve through `resolveHref`
 * (batch refs, page and file paths); a leading `# Heading` becomes the title when none is given.
 * Too deep input is a 400; unsafe link targets (`javascript:`, ...) are dropped, text kept.
 */
export function documentFromInput(
  input: DocumentInputValue,
  field: string,
  options: { resolveHref?: (href: string) => ContentRef | null; wantTitle: boolean },
): { document: JsonDocument; title?: string } {
  if ("markdown" in input) {
    const parsed = parseInput(input.markdown, field, {
      resolveHref: options.resolveHref,
      stripTitle: options.wantTitle,
    });
    return { document: parsed.document, ...(parsed.title ? { title: parsed.title } : {}) };
  }
  if ("document" in input) {
    const checked = DocumentSchema.safeParse(input.document);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where =
        issue?.path
          .map((p: PropertyKey) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
          .join("") ?? "";
      throw badRequest(`${field}.document${where}: ${issue?.message ?? "invalid document"}`);
    }
    const document = structuredClone(checked.data) as unknown as JsonDocument;
    neutraliseUnsafeLinks(document);
    assignKeys(document);
    return { document };
  }
  return { document: EMPTY_DOCUMENT };
}

/** The markdown form of a stored document body. */
export function markdownOf(body: string, hrefFor?: (ref: ContentRef) => string): string {
  return renderMarkdown(JSON.parse(body) as JsonDocument, hrefFor ? { hrefFor } : {});
}
