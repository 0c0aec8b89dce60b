import { arr, deref, isObject, mergedProperties, refName, str, type SpecObject } from "./spec";

/** Deepest nesting of properties shown under one schema; deeper ones are named, not expanded. */
const MAX_SCHEMA_DEPTH = 4;
/** From this depth on, a property that is a named schema (`$ref`) is named, not expanded. */
const NAMED_EXPANSION_DEPTH = 2;
/** Most properties listed for one object (the rest are counted). */
const MAX_PROPERTIES = 100;
/** Most lines one schema renders to, so a hostile spec cannot blow up a page. */
const MAX_LINES = 400;

/** Inline code for any text: a fence of backticks longer than any run inside it. */
export function code(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || text === "" ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Text on one line: what fits in a list item or a heading. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** Shared state of one schema rendering: the lines so far and the refs on the current path. */
interface Walk {
  spec: SpecObject;
  lines: string[];
  path: string[];
}

/** A short type label: `string (uuid)`, `array of Pet`, `"a" | "b"`, `Pet`. */
export function typeLabel(spec: SpecObject, node: unknown, depth = 0): string {
  const { target, refs } = deref(spec, node);
  const named = refs.length > 0 ? refName(refs[refs.length - 1]!) : undefined;
  if (!target) return named ?? "any";
  const enumValues = arr(target, "enum");
  if (enumValues.length > 0 && enumValues.length <= 12) {
    return enumValues.map((v) => JSON.stringify(v)).join(" | ");
  }
  const type = target.type;
  const types = Array.isArray(type) ? type.filter((t) => typeof t === "string") : [type];
  if (types.includes("array") && depth < 4) {
    return `array of ${typeLabel(spec, target.items, depth + 1)}`;
  }
  if (named) return named;
  const base = types.filter((t): t is string => typeof t === "string").join(" | ");
  const format = str(target, "format");
  for (const key of ["oneOf", "anyOf"] as const) {
    const variants = arr(target, key);
    if (!base && variants.length > 0 && depth < 4) {
      return variants.map((v) => typeLabel(spec, v, depth + 1)).join(" | ");
    }
  }
  const label = base || (isObject(target.properties) ? "object" : "any");
  return format ? `${label} (${format})` : label;
}

/** Lists the properties (or variants) of a schema, one bullet each, indented by depth. */
function walkSchema(w: Walk, node: unknown, depth: number): void {
  const { target, refs } = deref(w.spec, node);
  if (!target || depth >= MAX_SCHEMA_DEPTH) return;
  if (refs.length > 0 && depth >= NAMED_EXPANSION_DEPTH) return;
  if (refs.some((r) => w.path.includes(r))) return; // a cycle: named by its label, not expanded
  w.path.push(...refs);
  const indent = "  ".repeat(depth);
  const type = target.type;
  const isArray = type === "array" || (Array.isArray(type) && type.includes("array"));
  if (isArray) {
    walkSchema(w, target.items, depth);
  } else {
    const { props, required } = mergedProperties(w.spec, target);
    for (const [name, prop] of props.slice(0, MAX_PROPERTIES)) {
      if (w.lines.length >= MAX_LINES) break;
      w.lines.push(`${indent}* ${propertyLine(w.spec, name, prop, required.has(name))}`);
      walkSchema(w, prop, depth + 1);
    }
    if (props.length > MAX_PROPERTIES) {
      w.lines.push(`${indent}* … ${props.length - MAX_PROPERTIES} more properties`);
    }
    for (const key of ["oneOf", "anyOf"] as const) {
      const variants = arr(target, key);
      if (variants.length === 0 || props.length > 0) continue;
      for (const variant of variants.slice(0, MAX_PROPERTIES)) {
        if (w.lines.length >= MAX_LINES) break;
        w.lines.push(
          `${indent}* ${key === "oneOf" ? "One of" : "Any of"}: ${code(typeLabel(w.spec, variant))}`,
        );
        walkSchema(w, variant, depth + 1);
      }
    }
  }
  w.path.splice(w.path.length - refs.length, refs.length);
}

/** One property bullet: name, type, required, and its description on one line. */
function propertyLine(spec: SpecObject, name: string, prop: unknown, required: boolean): string {
  const target = deref(spec, prop).target ?? {};
  const bits = [typeLabel(spec, prop)];
  if (required) bits.push("required");
  if (target.deprecated === true) bits.push("deprecated");
  const description = str(target, "description");
  return `${code(name)} (${bits.join(", ")})${description ? ` — ${oneLine(description)}` : ""}`;
}

/**
 * A schema as markdown: its type, then a bullet list of its properties (nested objects
 * indented below their property, at most 4 levels, named schemas only in the first 2;
 * `allOf` merged; `oneOf`/`anyOf` listed).
 * Local `$ref`s are followed with a hop limit; a schema met again on its own path is named,
 * not expanded, so recursive schemas terminate.
 */
export function schemaMarkdown(spec: SpecObject, schema: unknown): string {
  const w: Walk = { spec, lines: [], path: [] };
  walkSchema(w, schema, 0);
  if (w.lines.length >= MAX_LINES) w.lines.push("* … (truncated)");
  return w.lines.join("\n");
}
