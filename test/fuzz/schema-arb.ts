import fc from "fast-check";

/** A JSON Schema node as the app's OpenAPI 3.1 document writes it (only what fuzzing reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/**
 * Strings that broke servers before: empty, NUL, CR/LF (header injection), astral, RTL override,
 * combining marks, a lone surrogate, numbers in disguise, traversal, markup, SQL, long runs.
 */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "text/plain\r\nX-Evil: 1",
  "\r\n",
  "😀𝟘𐍈🏳️‍🌈",
  "\u202Eevil\u202C.txt",
  "e\u0301\u0301\u0301\u0301",
  "\uD800",
  "NaN",
  "Infinity",
  "-1",
  "1e999",
  "-0",
  "null",
  "true",
  "[]",
  "{}",
  "../..",
  "%00",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "javascript:alert(1)",
  "x".repeat(4096),
  "é".repeat(20_000),
];

/** Numbers at the edges: zero, negatives, the largest doubles, beyond 2^53, fractions. */
export const NASTY_NUMBERS: readonly number[] = [
  0,
  -1,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 63),
  5e-324,
];

/** A value of the wrong JSON type, whatever the schema wanted. */
const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(
  null,
  true,
  false,
  42,
  -7.5,
  "str",
  [],
  [1, "a"],
  {},
  { a: { b: [null] } },
);

/** Resolves `#/components/schemas/X` references against the document's components. */
export class SchemaArbitraries {
  private readonly memo = new WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>();

  constructor(private readonly components: Record<string, JsonSchema>) {}

  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 20; i++) {
      const name = s.$ref.replace("#/components/schemas/", "");
      s = this.components[name] ?? {};
    }
    return s;
  }

  /** Mostly valid values, sometimes an edge or a wrong type, down to a bounded depth. */
  any(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 4, arbitrary: this.valid(schema, depth, true) },
      { weight: 1, arbitrary: this.edge(schema) },
    );
  }

  /**
   * A value the schema accepts, as far as fast-check can tell (patterns are best effort); with
   * `noisy`, nested fields are sometimes edges or wrong types (`any`) instead.
   */
  valid(schema: JsonSchema, depth = 0, noisy = false): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    if (depth > 5) return fc.constant(null);
    const memo = this.memo.get(s) ?? new Map<string, fc.Arbitrary<unknown>>();
    this.memo.set(s, memo);
    const key = `${depth}:${noisy}`;
    const known = memo.get(key);
    if (known) return known;
    const made = this.build(s, depth, noisy);
    memo.set(key, made);
    return made;
  }

  private build(s: JsonSchema, depth: number, noisy: boolean): fc.Arbitrary<unknown> {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum && s.enum.length > 0) return fc.constantFrom(...s.enum);
    const alts = s.anyOf ?? s.oneOf;
    if (alts && alts.length > 0)
      return fc.oneof(...alts.map((a) => this.valid(a, depth + 1, noisy)));
    if (s.allOf && s.allOf.length > 0) return this.valid(s.allOf[0]!, depth + 1, noisy);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.length > 1) {
      return fc.oneof(...types.map((t) => this.valid({ ...s, type: t }, depth, noisy)));
    }
    switch (types[0]) {
      case "string":
        return this.string(s);
      case "integer":
        return fc.integer({ min: bound(s.minimum, -1e6), max: bound(s.maximum, 1e6) });
      case "number":
        return fc.double({
          min: bound(s.minimum, -1e6),
          max: bound(s.maximum, 1e6),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(this.child(s.items ?? {}, depth + 1, noisy), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, (s.minItems ?? 0) + 4),
        });
      case "object":
        return this.object(s, depth, noisy);
      default:
        return s.properties ? this.object(s, depth, noisy) : fc.jsonValue({ maxDepth: 2 });
    }
  }

  /** Boundary lengths and sizes, NaN-like strings and unicode, or a wrong type. */
  edge(schema: JsonSchema): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    const edges: unknown[] = [];
    if (s.maxLength !== undefined) edges.push("a".repeat(s.maxLength), "a".repeat(s.maxLength + 1));
    if (s.minLength !== undefined && s.minLength > 0) edges.push("a".repeat(s.minLength - 1));
    if (s.maximum !== undefined) edges.push(s.maximum, s.maximum + 1);
    if (s.minimum !== undefined) edges.push(s.minimum, s.minimum - 1);
    if (s.maxItems !== undefined) edges.push(Array.from({ length: s.maxItems + 1 }, () => "a"));
    return fc.oneof(
      edges.length > 0 ? fc.constantFrom(...edges) : fc.constant(""),
      fc.constantFrom(...NASTY_STRINGS),
      fc.constantFrom(...NASTY_NUMBERS),
      wrongType,
      fc.string({ unit: "binary", maxLength: 40 }),
    );
  }

  private string(s: JsonSchema): fc.Arbitrary<string> {
    const max = s.maxLength ?? 40;
    const min = s.minLength ?? 0;
    if (s.format === "date-time") {
      return fc
        .date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true })
        .map((d) => d.toISOString());
    }
    if (s.format === "email") return fc.emailAddress();
    if (s.format === "uri") return fc.webUrl();
    if (s.pattern) {
      try {
        return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= max);
      } catch {
        // an unsupported pattern: plain strings below
      }
    }
    return fc.string({ unit: "grapheme", minLength: min, maxLength: Math.min(max, min + 40) });
  }

  private child(schema: JsonSchema, depth: number, noisy: boolean): fc.Arbitrary<unknown> {
    return noisy ? this.any(schema, depth) : this.valid(schema, depth);
  }

  private object(
    s: JsonSchema,
    depth: number,
    noisy: boolean,
  ): fc.Arbitrary<Record<string, unknown>> {
    const props = s.properties ?? {};
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, child] of Object.entries(props))
      model[key] = this.child(child, depth + 1, noisy);
    const required = (s.required ?? []).filter((k) => k in props);
    return fc.record(model, { requiredKeys: required });
  }
}

function bound(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : value;
}

/**
 * Structural mutations of a generated object: drop a key (a required one, sometimes), add an
 * unknown key, or replace the whole value by another JSON type.
 */
export function mutateObject(value: unknown): fc.Arbitrary<unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return fc.constant(value);
  const keys = Object.keys(value);
  const arbs: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(fc.constantFrom("__proto__", "constructor", "extra", "id", "🙂"), wrongType)
      .map(([k, v]) => ({ ...value, [k]: v })),
    wrongType,
  ];
  if (keys.length > 0) {
    arbs.push(
      fc.constantFrom(...keys).map((k) => {
        const copy: Record<string, unknown> = { ...value };
        delete copy[k];
        return copy;
      }),
    );
  }
  return fc.oneof(...arbs);
}
