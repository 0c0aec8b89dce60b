import { checkDepth, checkYamlExpansion, MAX_YAML_CHARACTERS } from "./bounds";
import { jsonErrorOffset } from "./json-position";
import { isObject, SpecProcessError, type SpecError, type SpecObject } from "./types";
import { parseYamlText, pause } from "./yaml-text";

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
 * `MAX_SPEC_DEPTH` or (YAML) is longer than `MAX_YAML_CHARACTERS` or whose aliases expand past
 * `MAX_ALIAS_NODES` is a `PARSE_ERROR` too. YAML is parsed in pieces with `wait` between them
 * (a timer by default), so a large document never holds the isolate for long.
 */
export async function parseSpecText(
  text: string,
  wait = pause,
): Promise<{ format: SpecFormat; document: SpecObject }> {
  const format = formatOf(text);
  const value = format === "json" ? parseJson(text) : await parseYaml(text, wait);
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

async function parseYaml(text: string, wait: () => Promise<void>): Promise<unknown> {
  if (text.length > MAX_YAML_CHARACTERS) {
    throw new SpecProcessError("PARSE_ERROR", [
      {
        message: `A YAML spec is at most ${MAX_YAML_CHARACTERS} characters (its parse needs ~60 times its size in memory): send larger specs as JSON`,
        code: "size",
      },
    ]);
  }
  const { doc, errors } = await parseYamlText(text, wait);
  if (errors.length > 0) {
    const found: SpecError[] = errors.map((e) => ({
      message: `Invalid YAML: ${e.message}`,
      code: "syntax",
      ...(e.line !== undefined ? { line: e.line, column: e.column } : {}),
    }));
    throw new SpecProcessError("PARSE_ERROR", found);
  }
  // Before anything expands an alias: what the document would become, counted on its own nodes.
  checkYamlExpansion(doc);
  await wait();
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecProcessError("PARSE_ERROR", [{ message: `Invalid YAML: ${message}` }]);
  }
}
