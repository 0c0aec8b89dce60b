import { arr, isObject, str, type SpecObject } from "../../openapi-pages/spec";

/** Longest literal (default, example, enum value) shown in a schema's facts. */
const MAX_LITERAL_CHARS = 120;
/** Most enum values listed for one schema (the rest are counted). */
const MAX_ENUM_VALUES = 30;

/** A JSON value as short code text: `"a"`, `3`, `{"k":1}`, clipped when long. */
function literal(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_LITERAL_CHARS ? `${text.slice(0, MAX_LITERAL_CHARS)}…` : text;
}

/** Bounds of a schema as `≥ 1`, `≤ 100 chars`, `1–10 items`, one phrase per kind of bound. */
function boundFacts(schema: SpecObject): string[] {
  const num = (key: string) =>
    typeof schema[key] === "number" ? (schema[key] as number) : undefined;
  const out: string[] = [];
  const pairs: Array<[string, string, string]> = [
    ["minimum", "maximum", ""],
    ["minLength", "maxLength", " chars"],
    ["minItems", "maxItems", " items"],
    ["minProperties", "maxProperties", " properties"],
  ];
  for (const [lo, hi, unit] of pairs) {
    const min = num(lo);
    const max = num(hi);
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${unit}`);
    else if (min !== undefined) out.push(`≥ ${min}${unit}`);
    else if (max !== undefined) out.push(`≤ ${max}${unit}`);
  }
  // OpenAPI 3.1 bounds are numbers; 3.0's are booleans qualifying minimum/maximum.
  const exMin = num("exclusiveMinimum");
  const exMax = num("exclusiveMaximum");
  if (exMin !== undefined) out.push(`> ${exMin}`);
  if (exMax !== undefined) out.push(`< ${exMax}`);
  if (schema.exclusiveMinimum === true || schema.exclusiveMaximum === true) out.push("exclusive");
  return out;
}

/** The keys any fact comes from: a schema with none of them (most) has nothing to show. */
const FACT_KEYS = [
  "nullable",
  "x-nullable",
  "readOnly",
  "writeOnly",
  "deprecated",
  "minimum",
  "maximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "pattern",
  "enum",
  "default",
  "example",
];

/** True when a schema admits null (3.0 `nullable`, or 3.1 `type: [..., "null"]`). */
function isNullable(schema: SpecObject): boolean {
  if (schema.nullable === true || schema["x-nullable"] === true) return true;
  return Array.isArray(schema.type) && schema.type.includes("null");
}

/**
 * What a schema says about its values beyond its type, as small labelled items: flags
 * (nullable, read-only, write-only, deprecated), bounds, pattern, long enums, default and
 * example. Nothing when the schema says none of these.
 */
export function SchemaFacts(props: { schema: SpecObject; example?: boolean }) {
  const { schema } = props;
  if (!FACT_KEYS.some((key) => schema[key] !== undefined) && !Array.isArray(schema.type)) {
    return null;
  }
  const flags = [
    isNullable(schema) ? "nullable" : "",
    schema.readOnly === true ? "read-only" : "",
    schema.writeOnly === true ? "write-only" : "",
    schema.deprecated === true ? "deprecated" : "",
  ].filter(Boolean);
  const bounds = boundFacts(schema);
  const pattern = str(schema, "pattern");
  // Up to 12 values, the type label already lists them (typeLabel).
  const values = arr(schema, "enum").length > 12 ? arr(schema, "enum") : [];
  const hasDefault = schema.default !== undefined;
  const example =
    props.example !== false && schema.example !== undefined && !isObject(schema.example);
  if (flags.length + bounds.length + values.length === 0 && !pattern && !hasDefault && !example) {
    return null;
  }
  return (
    <p class="q-oa-facts">
      {flags.map((f) => (
        <span class={`q-oa-flag q-oa-flag-${f}`}>{f}</span>
      ))}
      {bounds.map((b) => (
        <span>{b}</span>
      ))}
      {pattern ? (
        <span>
          Pattern: <code>{pattern}</code>
        </span>
      ) : null}
      {values.length > 0 ? (
        <span>
          Values:{" "}
          {values.slice(0, MAX_ENUM_VALUES).map((v) => (
            <>
              <code>{literal(v)}</code>{" "}
            </>
          ))}
          {values.length > MAX_ENUM_VALUES ? `… ${values.length - MAX_ENUM_VALUES} more` : null}
        </span>
      ) : null}
      {hasDefault ? (
        <span>
          Default: <code>{literal(schema.default)}</code>
        </span>
      ) : null}
      {example ? (
        <span>
          Example: <code>{literal(schema.example)}</code>
        </span>
      ) : null}
    </p>
  );
}
