import fc from "fast-check";
import {
  NASTY_NUMBERS,
  NASTY_STRINGS,
  SchemaArbitraries,
  mutateObject,
  type JsonSchema,
} from "./schema-arb";
import type { FuzzWorld } from "./world";

/** One operation of the app's OpenAPI document, as the fuzzer reads it. */
export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
}

/** A generated request: what `call` is given, kept printable for counterexamples. */
export interface FuzzRequest {
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  auth:
    | "owner"
    | "session"
    | "session-no-csrf"
    | "site"
    | "preview"
    | "none"
    | "malformed"
    | "unknown";
  body?: string;
}

const BAD_JSON = [
  "{",
  "",
  "[",
  "nul",
  '{"a":',
  "{}}",
  '{"a":1,}',
  "\u0000",
  "1e999",
  '"str"',
  "[]",
];
const CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/xml",
  "application/json\u00e9",
];

type Body = { text?: string; contentType?: string };

/** Ids the server never issued: nasty strings, random text, and other kinds' real ids. */
function inventedId(world: FuzzWorld): fc.Arbitrary<string> {
  const others = Object.values(world.ids).flat();
  return fc.oneof(
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 5000)),
    fc.constantFrom(...others),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
    fc.constantFrom("0", "-1", "1e308", "x".repeat(2000)),
  );
}

/** A `page` cursor: issued for a list (maybe another one), signed with odd keys, or forged. */
function cursor(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    world.cursors.length > 0 ? fc.constantFrom(...world.cursors) : fc.constant("a.b"),
    fc.constantFrom("a.b", "a.b.c", ".", "..", "eyJ9.AAAAAAAAAAAAAAAA", "W10.0000000000000000"),
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.base64String({ maxLength: 80 }).map((b) => `${b}.${b.slice(0, 16)}`),
  );
}

function queryValue(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value))
    return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return [typeof value === "string" ? value : JSON.stringify(value)];
}

/** A path segment, percent-encoded; lone surrogates (not encodable) become U+FFFD. */
function encodeSegment(value: unknown): string {
  const text = String(value).replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
  return encodeURIComponent(text);
}

/** Header values must be ByteStrings without CR/LF/NUL, or `Request` itself throws. */
function headerSafe(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "x").slice(0, 2000);
}

function bodyArbitrary(op: Operation, arbs: SchemaArbitraries, clean: boolean): fc.Arbitrary<Body> {
  const json = (a: fc.Arbitrary<unknown>) => a.map((v): Body => ({ text: JSON.stringify(v) }));
  const raw = fc.constantFrom(...BAD_JSON).map((text): Body => ({ text }));
  if (!op.body) {
    if (op.method === "GET" || clean) return fc.constant({});
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 2 })) },
      { weight: 1, arbitrary: raw },
    );
  }
  const schema = op.body;
  if (clean) return json(arbs.valid(schema));
  const wrongType = fc
    .tuple(arbs.valid(schema), fc.constantFrom(...CONTENT_TYPES))
    .map(([v, contentType]): Body => ({ text: JSON.stringify(v), contentType }));
  return fc.oneof(
    { weight: 4, arbitrary: json(arbs.valid(schema)) },
    { weight: 4, arbitrary: json(arbs.valid(schema, 0, true)) },
    { weight: 2, arbitrary: json(arbs.valid(schema).chain(mutateObject)) },
    { weight: 1, arbitrary: json(arbs.edge(schema)) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function paramArbitrary(
  p: Operation["parameters"][number],
  world: FuzzWorld,
  arbs: SchemaArbitraries,
  clean: boolean,
): fc.Arbitrary<unknown> {
  const schema = p.schema ?? {};
  if (p.in === "path") {
    const real = world.ids[p.name] ?? [];
    if (real.length === 0) return inventedId(world);
    if (clean) return fc.constantFrom(...real);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...real) },
      { weight: 2, arbitrary: inventedId(world) },
    );
  }
  const known = world.queries[p.name] ?? [];
  if (clean) {
    if (p.name === "page") return fc.constant(undefined);
    const value = known.length > 0 ? fc.constantFrom(...known) : arbs.valid(schema);
    return p.required ? value : fc.option(value, { freq: 1, nil: undefined });
  }
  const value =
    p.name === "page"
      ? cursor(world)
      : fc.oneof(
          { weight: 3, arbitrary: arbs.valid(schema) },
          { weight: 1, arbitrary: arbs.edge(schema) },
          { weight: 1, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
          { weight: known.length > 0 ? 3 : 0, arbitrary: fc.constantFrom("", ...known) },
        );
  return p.required ? value : fc.option(value, { freq: 2, nil: undefined });
}

/**
 * The arbitrary of whole requests for one operation: path, query, headers, auth and body. A
 * third of them are "clean" (real ids, valid values, the owner's token) to reach deep code;
 * the others mix in invented ids, edges, forged cursors, bad bodies and bad credentials.
 */
export function requestArbitrary(
  op: Operation,
  world: FuzzWorld,
  arbs: SchemaArbitraries,
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 1, arbitrary: shaped(op, world, arbs, true) },
    { weight: 2, arbitrary: shaped(op, world, arbs, false) },
  );
}

function shaped(
  op: Operation,
  world: FuzzWorld,
  arbs: SchemaArbitraries,
  clean: boolean,
): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters.map((p) => paramArbitrary(p, world, arbs, clean));
  const extra = clean
    ? fc.constant(undefined)
    : fc.option(
        fc.tuple(
          fc.constantFrom("extra", "limit", "page", "__proto__"),
          fc.constantFrom(...NASTY_STRINGS),
        ),
        { freq: 4, nil: undefined },
      );
  const auth = clean
    ? fc.constant("owner" as const)
    : fc.oneof(
        { weight: 15, arbitrary: fc.constant("owner" as const) },
        // The owner signed in: the session cookie with the CSRF header and the app's Origin.
        { weight: 4, arbitrary: fc.constant("session" as const) },
        // The same cookie without the CSRF header: no state-changing request may succeed.
        { weight: 1, arbitrary: fc.constant("session-no-csrf" as const) },
        // The readers of the world's published site: its API token, read only.
        { weight: 3, arbitrary: fc.constant("site" as const) },
        // A member's preview token of one change request of the site's space.
        { weight: 2, arbitrary: fc.constant("preview" as const) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("none" as const, "malformed" as const, "unknown" as const),
        },
      );
  return fc
    .record({ values: fc.tuple(...params), body: bodyArbitrary(op, arbs, clean), extra, auth })
    .map(({ values, body, extra, auth }) => {
      let path = op.path.replace(/^\/v1/, "");
      const query = Object.create(null) as Record<string, string[]>;
      const headers: Record<string, string> = {};
      op.parameters.forEach((p, i) => {
        const v = values[i];
        if (p.in === "path") path = path.replace(`{${p.name}}`, encodeSegment(v));
        else if (p.in === "query" && v !== undefined) query[p.name] = queryValue(v);
        else if (p.in === "header" && v !== undefined) headers[p.name] = headerSafe(v);
      });
      if (extra) query[extra[0]] = [...(query[extra[0]] ?? []), extra[1]];
      if (body.text !== undefined) headers["Content-Type"] = body.contentType ?? "application/json";
      return { path, query, headers, auth, body: body.text };
    });
}
