import { resolveRef, type Schema } from "./reference-model";

/** Nesting levels an example fills in before it writes an empty value. */
const MAX_EXAMPLE_DEPTH = 6;

/** A placeholder string in a format's own shape, so the example reads like a real value. */
const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2024-01-31T12:00:00.000Z",
  date: "2024-01-31",
  email: "ada@example.com",
  uri: "https://example.com/",
  url: "https://example.com/",
  uuid: "3f2c1d9e-5b7a-4c8e-9f10-2a3b4c5d6e7f",
};

/** The schema's own sample: its `example`, first of `examples`, `default` or `const`. */
function declared(schema: Schema): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  if (schema.examples && schema.examples.length > 0) return { value: schema.examples[0] };
  if (schema.default !== undefined) return { value: schema.default };
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.enum && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** A string that satisfies the schema's length bounds. */
function sampleString(schema: Schema): string {
  const base = (schema.format && FORMAT_SAMPLES[schema.format]) ?? "string";
  const min = schema.minLength ?? 0;
  const padded = base.length >= min ? base : base.padEnd(min, "x");
  return schema.maxLength !== undefined ? padded.slice(0, schema.maxLength) : padded;
}

/** An example value of a schema, from its own samples where it has them, else from its type. */
function exampleAt(schema: Schema, schemas: Record<string, Schema>, depth: number): unknown {
  const own = declared(schema);
  if (own) return own.value;
  if (schema.$ref) {
    const target = resolveRef(schema.$ref, schemas);
    return target && depth < MAX_EXAMPLE_DEPTH ? exampleAt(target.schema, schemas, depth + 1) : {};
  }
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => exampleAt(part, schemas, depth));
    const objects = parts.filter(
      (p): p is Record<string, unknown> => typeof p === "object" && p !== null,
    );
    return objects.length === parts.length ? Object.assign({}, ...objects) : parts[0];
  }
  const variants = (schema.anyOf ?? schema.oneOf)?.filter((v) => v.type !== "null");
  if (variants) return variants.length > 0 ? exampleAt(variants[0]!, schemas, depth) : null;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "array" || schema.items) {
    return depth < MAX_EXAMPLE_DEPTH && schema.items
      ? [exampleAt(schema.items, schemas, depth + 1)]
      : [];
  }
  if (type === "object" || schema.properties) {
    if (depth >= MAX_EXAMPLE_DEPTH) return {};
    const out: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      out[name] = exampleAt(property, schemas, depth + 1);
    }
    return out;
  }
  if (type === "string") return sampleString(schema);
  if (type === "integer" || type === "number") return schema.minimum ?? 0;
  if (type === "boolean") return true;
  if (type === "null") return null;
  return {};
}

/** An example of a schema written as indented JSON, for the page's example blocks. */
export function exampleJson(schema: Schema, schemas: Record<string, Schema>): string {
  return JSON.stringify(exampleAt(schema, schemas, 0), null, 2) ?? "null";
}
