import { parseSpecText, type SpecFormat } from "./parse";
import { hasExternalRefs, inlineExternalRefs, type SpecLoader } from "./refs";
import { SpecProcessError, type SpecObject } from "./types";
import { countOperations, validateSpec } from "./validate";

/** A processed spec: what a version stores besides the raw bytes. */
export interface BuiltSpec {
  format: SpecFormat;
  /** The parsed document, external `$ref`s inlined, internal ones kept. */
  document: SpecObject;
  operationCount: number;
}

/**
 * Turns a spec's text into the document a version stores: parse (JSON or YAML, with positions
 * for syntax errors), validate the structure (OpenAPI 3.0, 3.1, Swagger 2.0), inline external
 * references through `load`, and validate again what was inlined. Throws `SpecProcessError`.
 */
export async function buildSpec(
  text: string,
  baseUrl: string | null,
  load: SpecLoader,
): Promise<BuiltSpec> {
  const { format, document: parsed } = parseSpecText(text);
  const errors = validateSpec(parsed);
  if (errors.length > 0) throw new SpecProcessError("PARSE_ERROR", errors);
  let document = parsed;
  if (hasExternalRefs(parsed)) {
    document = (await inlineExternalRefs(parsed, baseUrl, load)).document;
    const after = validateSpec(document);
    if (after.length > 0) throw new SpecProcessError("PARSE_ERROR", after);
  }
  return { format, document, operationCount: countOperations(document) };
}
