import { LineCounter, parseDocument } from "yaml";
import { checkDepth, checkYamlExpansion, tooDeep } from "./bounds";
import { jsonErrorOffset } from "./json-position";
import { isObject, SpecProcessError, type SpecError, type SpecObject } from "./types";

/** A spec's text format, as the official OpenAPISpecRawContent names it. */
export type SpecFormat = "json" | "yaml";

/** Most YAML aliases one document may expand (a "billion laughs" document stops here). */
const MAX_ALIASES = 1000;

/** JSON when the text starts like a JSON object or array, YAML otherwise. */
function formatOf(text: string): SpecFormat {
  const first = text.trimStart()[0];
  return first === "{" || first === "[" ? "json" : "yaml";
}

/**
 * Parses a spec's text (JSON or YAML) into an object. A syntax error is a `PARSE_ERROR` with
 * the line and column of the problem; a text that is not an object, nests deeper than
 * `MAX_SPEC_DEPTH` or (YAML) whose aliases expand past `MAX_ALIAS_NODES` is a `PARSE_ERROR` too.
 */
export function parseSpecText(text: string): { format: SpecFormat; document: SpecObject } {
  const format = formatOf(text);
  const value = format === "json" ? parseJson(text) : parseYaml(text);
  checkDepth(value);
  if (!isObject(value)) {
    throw new SpecProcessError("PARSE_ERROR", [
      { message: "The document is not an object: an OpenAPI document is a JSON or YAML mapping" },
    ]);
  }
  return { format, document: value };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecProcessError("PARSE_ERROR", [
      { message: `Invalid JSON: ${message}`, code: "syntax", ...jsonPosition(text) },
    ]);
  }
}

/** The 1-based line and column of a JSON syntax error (see `jsonErrorOffset`). */
function jsonPosition(text: string): { line?: number; column?: number } {
  const offset = jsonErrorOffset(text);
  if (offset < 0) return {};
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

function parseYaml(text: string): unknown {
  const lineCounter = new LineCounter();
  const doc = parseWithin(() =>
    parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false }),
  );
  if (doc.errors.length > 0) {
    const errors: SpecError[] = doc.errors.map((e) => ({
      message: `Invalid YAML: ${e.message.split("\n")[0]}`,
      code: "syntax",
      ...(e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : {}),
    }));
    throw new SpecProcessError("PARSE_ERROR", errors);
  }
  // Before anything expands an alias: what the document would become, counted on its own nodes.
  checkYamlExpansion(doc);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecProcessError("PARSE_ERROR", [{ message: `Invalid YAML: ${message}` }]);
  }
}

/** Runs the YAML parser, whose recursion a deeply nested text can exhaust: a `PARSE_ERROR`. */
function parseWithin<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
}
