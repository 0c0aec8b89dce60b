import { esc, resolveRef, schemaAnchor, type Schema } from "./reference-model";

/** How many levels of nested objects a schema shows before it stops. */
const MAX_SCHEMA_DEPTH = 6;

/**
 * How many named schemas (`$ref`) one schema expands in place, outermost first; deeper ones are
 * links to their own section, where each is expanded once (the page stays small and fast).
 */
const MAX_REF_DEPTH = 1;

/** What a schema renderer knows: the named schemas, and the names being expanded. */
export interface SchemaContext {
  schemas: Record<string, Schema>;
  open: string[];
}

/** A schema as the page shows it: a short inline type, and what is inside it (may be empty). */
interface Rendered {
  label: string;
  body: string;
}

/** The variants of a union, `null` set apart (`string | null` reads as a nullable string). */
function variantsOf(schema: Schema): { variants: Schema[]; nullable: boolean } {
  const all = schema.anyOf ?? schema.oneOf ?? [];
  const variants = all.filter((v) => v.type !== "null");
  return { variants, nullable: variants.length < all.length };
}

/** The properties and required names of an `allOf` whose parts are all objects, merged. */
function mergedObject(parts: Schema[], ctx: SchemaContext): Schema | undefined {
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const part of parts) {
    const resolved = part.$ref ? resolveRef(part.$ref, ctx.schemas)?.schema : part;
    if (!resolved?.properties) return undefined;
    Object.assign(properties, resolved.properties);
    required.push(...(resolved.required ?? []));
  }
  return { type: "object", properties, required };
}

/** Longest pattern shown whole; a longer one (emoji classes...) is cut, the document has it all. */
const MAX_PATTERN = 60;

/** A pattern short enough to read in a line. */
function shortened(pattern: string): string {
  return pattern.length > MAX_PATTERN ? `${pattern.slice(0, MAX_PATTERN)}…` : pattern;
}

/** "1 field", "2 fields". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The constraints of a value, as short text: format, bounds, pattern, enum, default. */
export function constraintsOf(schema: Schema): string {
  const out: string[] = [];
  if (schema.format) out.push(`format ${esc(schema.format)}`);
  if (schema.enum?.length === 1) {
    out.push(`always <code>${esc(JSON.stringify(schema.enum[0]))}</code>`);
  } else if (schema.enum) {
    out.push(
      `one of ${schema.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(", ")}`,
    );
  }
  const bound = (name: string, value: number | undefined) =>
    value === undefined ? undefined : out.push(`${name} ${value}`);
  bound("min length", schema.minLength);
  bound("max length", schema.maxLength);
  bound("minimum", schema.minimum);
  bound("maximum", schema.maximum);
  bound("min items", schema.minItems);
  bound("max items", schema.maxItems);
  if (schema.pattern) out.push(`pattern <code>${esc(shortened(schema.pattern))}</code>`);
  if (schema.default !== undefined) {
    out.push(`default <code>${esc(JSON.stringify(schema.default))}</code>`);
  }
  if (schema.deprecated) out.push("deprecated");
  return out.join(" · ");
}

/** An object's properties as a list: name, type, required, constraints, description, inside. */
function propertiesHtml(schema: Schema, ctx: SchemaContext, depth: number): string {
  const required = new Set(schema.required ?? []);
  const items = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const inner = render(property, ctx, depth + 1);
    const constraints = constraintsOf(property);
    return (
      `<li><code class="pn">${esc(name)}</code> <span class="t">${inner.label}</span>` +
      (required.has(name) ? ` <span class="rq">required</span>` : "") +
      (constraints ? ` <span class="c">${constraints}</span>` : "") +
      (property.description ? `<div class="d">${esc(property.description)}</div>` : "") +
      inner.body +
      `</li>`
    );
  });
  return items.length > 0 ? `<ul class="props">${items.join("")}</ul>` : "";
}

/** A nested body folded away, so a long schema stays scannable (find-in-page still opens it). */
function folded(summary: string, body: string): string {
  return body ? `<details><summary>${summary}</summary>${body}</details>` : "";
}

/** Renders one schema at `depth` levels of nesting. */
function render(schema: Schema, ctx: SchemaContext, depth: number): Rendered {
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, ctx.schemas);
    if (!target) return { label: esc(schema.$ref), body: "" };
    const link = `<a href="#${schemaAnchor(target.name)}">${esc(target.name)}</a>`;
    if (depth >= MAX_SCHEMA_DEPTH || ctx.open.length >= MAX_REF_DEPTH) {
      return { label: link, body: "" };
    }
    ctx.open.push(target.name);
    const inner = render(target.schema, ctx, depth);
    ctx.open.pop();
    return { label: `${link} (${inner.label})`, body: inner.body };
  }
  if (schema.allOf) {
    const merged = mergedObject(schema.allOf, ctx);
    if (merged) return render(merged, ctx, depth);
    const parts = schema.allOf.map((part) => render(part, ctx, depth));
    return {
      label: parts.map((p) => p.label).join(" &amp; "),
      body: parts.map((p) => p.body).join(""),
    };
  }
  if (schema.anyOf || schema.oneOf) {
    const { variants, nullable } = variantsOf(schema);
    const suffix = nullable ? " | null" : "";
    if (variants.length === 1) {
      const only = render(variants[0]!, ctx, depth);
      return { label: only.label + suffix, body: only.body };
    }
    const rendered = variants.map((variant) => render(variant, ctx, depth + 1));
    const list = rendered.map((v) => `<li><span class="t">${v.label}</span>${v.body}</li>`);
    return {
      label: `one of ${variants.length}${suffix}`,
      body: folded(
        counted(variants.length, "variant"),
        `<ol class="variants">${list.join("")}</ol>`,
      ),
    };
  }
  if (schema.const !== undefined)
    return { label: `<code>${esc(JSON.stringify(schema.const))}</code>`, body: "" };
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (schema.items) {
    const item = render(schema.items, ctx, depth);
    return { label: `array of ${item.label}`, body: item.body };
  }
  if (schema.properties) {
    if (depth >= MAX_SCHEMA_DEPTH) return { label: "object (nested too deep to show)", body: "" };
    const count = Object.keys(schema.properties).length;
    const body = propertiesHtml(schema, ctx, depth);
    return { label: "object", body: depth === 0 ? body : folded(counted(count, "field"), body) };
  }
  if (typeof schema.additionalProperties === "object") {
    const value = render(schema.additionalProperties, ctx, depth + 1);
    return { label: `map of string to ${value.label}`, body: value.body };
  }
  return { label: esc(type), body: "" };
}

/** The HTML of a schema at the top of a request body, a response or a named schema's section. */
export function schemaHtml(schema: Schema, ctx: SchemaContext): string {
  const rendered = render(schema, ctx, 0);
  const constraints = constraintsOf(schema);
  return (
    `<div class="schema"><span class="t">${rendered.label}</span>` +
    (constraints ? ` <span class="c">${constraints}</span>` : "") +
    `${rendered.body}</div>`
  );
}

/** A parameter's or property's short type, for tables. */
export function typeLabel(schema: Schema, ctx: SchemaContext): string {
  return render(schema, ctx, MAX_SCHEMA_DEPTH).label;
}
