import { checkDepth, MAX_DOCUMENT_BYTES } from "./bounds";
import { parseSpecText, type SpecFormat } from "./parse";
import { pause } from "./yaml-text";
import { hasExternalRefs, inlineExternalRefs, type SpecLoader } from "./refs";
import { SpecProcessError, type SpecObject } from "./types";
import { countOperations, validateSpec } from "./validate";

/** A processed spec: what a version stores besides the raw bytes. */
export interface BuiltSpec {
  format: SpecFormat;
  /** The parsed document, external `$ref`s inlined, internal ones kept. */
  document: SpecObject;
  /** The document as stored (JSON, UTF-8), at most `MAX_DOCUMENT_BYTES`. */
  stored: Uint8Array;
  operationCount: number;
}

/**
 * Turns a spec's text into the document a version stores: parse (JSON or YAML, with positions
 * for syntax errors), validate the structure (OpenAPI 3.0, 3.1, Swagger 2.0), inline external
 * references through `load`, validate again what was inlined, and serialise it within
 * `MAX_DOCUMENT_BYTES`. Throws `SpecProcessError`.
 */
export async function buildSpec(
  text: string,
  baseUrl: string | null,
  load: SpecLoader,
): Promise<BuiltSpec> {
  const { format, document: parsed } = await parseSpecText(text);
  // A turn for the isolate's other work between the steps (each a few hundred ms at 10 MB).
  await pause();
  const errors = validateSpec(parsed);
  if (errors.length > 0) throw new SpecProcessError("PARSE_ERROR", errors);
  await pause();
  let document = parsed;
  if (hasExternalRefs(parsed)) {
    document = (await inlineExternalRefs(parsed, baseUrl, load)).document;
    // Inlined documents are each within the depth, not necessarily what they nest into.
    checkDepth(document);
    const after = validateSpec(document);
    if (after.length > 0) throw new SpecProcessError("PARSE_ERROR", after);
  }
  await pause();
  return {
    format,
    document,
    stored: storedBytes(document),
    operationCount: countOperations(document),
  };
}

/** The document as stored, refused past `MAX_DOCUMENT_BYTES`. */
function storedBytes(document: SpecObject): Uint8Array {
  const json = JSON.stringify(document);
  // A UTF-8 byte is at least one UTF-16 unit: a text longer than the cap is over it.
  const bytes = json.length > MAX_DOCUMENT_BYTES ? null : new TextEncoder().encode(json);
  if (!bytes || bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new SpecProcessError("PARSE_ERROR", [
      {
        message: `The processed document is larger than ${MAX_DOCUMENT_BYTES} bytes (external references inlined)`,
        code: "size",
      },
    ]);
  }
  return bytes;
}
