import {
  arr,
  deref,
  isObject,
  mergedProperties,
  obj,
  type SpecObject,
} from "../../openapi-pages/spec";

/** Deepest nesting an example reaches; deeper objects are left empty. */
const MAX_EXAMPLE_DEPTH = 6;
/** Most values one example holds, so a wide schema still gives a short example. */
const MAX_EXAMPLE_VALUES = 120;

/** Which side of the exchange the example is for: requests omit readOnly, responses writeOnly. */
export type ExampleDirection = "request" | "response";

/** Sample values by string format: fixed, so the same schema always gives the same example. */
const FORMAT_SAMPLES: Record<string, string> = {
  "date-time": "2024-01-01T00:00:00Z",
  date: "2024-01-01",
  time: "00:00:00Z",
  email: "user@example.com",
  uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
  uri: "https://example.com",
  url: "https://example.com",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  byte: "U3dhZ2dlciByb2Nrcw==",
  password: "********",
};

/** State of one example: values left and the refs on the current path (cycles end there). */
interface ExampleWalk {
  spec: SpecObject;
  direction: ExampleDirection;
  remaining: number;
  path: string[];
}

/** The first type of a schema (`type: ["string", "null"]` gives "string"). */
function primaryType(schema: SpecObject): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type))
    return type.find((t): t is string => typeof t === "string" && t !== "null");
  if (isObject(schema.properties) || schema.additionalProperties !== undefined) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

/** The value the schema itself gives: `example`, `examples[0]`, `const`, `default`, `enum[0]`. */
function declaredValue(schema: SpecObject): { value: unknown } | undefined {
  if (schema.example !== undefined) return { value: schema.example };
  const examples = arr(schema, "examples");
  if (examples.length > 0) return { value: examples[0] };
  if (schema.const !== undefined) return { value: schema.const };
  if (schema.default !== undefined) return { value: schema.default };
  const values = arr(schema, "enum");
  if (values.length > 0) return { value: values[0] };
  return undefined;
}

/** A sample of a scalar type: the format's sample, or the smallest valid number. */
function scalarSample(schema: SpecObject, type: string | undefined): unknown {
  if (type === "integer" || type === "number") {
    const min = schema.minimum;
    return typeof min === "number" ? min : 0;
  }
  if (type === "boolean") return true;
  if (type === "null") return null;
  const format = typeof schema.format === "string" ? schema.format : "";
  return FORMAT_SAMPLES[format] ?? "string";
}

/** One value of the example for `node`, or undefined where a cycle or a limit ends it. */
function sample(w: ExampleWalk, node: unknown, depth: number): unknown {
  const { target, refs } = deref(w.spec, node);
  if (!target || w.remaining <= 0) return undefined;
  if (refs.some((r) => w.path.includes(r))) return undefined;
  w.remaining -= 1;
  const declared = declaredValue(target);
  if (declared) return declared.value;
  w.path.push(...refs);
  try {
    const variants = [...arr(target, "oneOf"), ...arr(target, "anyOf")];
    const type = primaryType(target);
    if (variants.length > 0 && type === undefined && arr(target, "allOf").length === 0) {
      return sample(w, variants[0], depth);
    }
    if (type === "array") {
      if (depth >= MAX_EXAMPLE_DEPTH) return [];
      const item = sample(w, target.items, depth + 1);
      return item === undefined ? [] : [item];
    }
    if (type === "object" || arr(target, "allOf").length > 0) {
      return objectSample(w, target, depth);
    }
    return scalarSample(target, type);
  } finally {
    w.path.splice(w.path.length - refs.length, refs.length);
  }
}

/** An object's example: each property (allOf merged) this direction carries, in spec order. */
function objectSample(w: ExampleWalk, schema: SpecObject, depth: number): unknown {
  const out: Record<string, unknown> = {};
  if (depth >= MAX_EXAMPLE_DEPTH) return out;
  const { props } = mergedProperties(w.spec, schema);
  const skip = w.direction === "request" ? "readOnly" : "writeOnly";
  for (const [name, prop] of props) {
    if (w.remaining <= 0) break;
    if (deref(w.spec, prop).target?.[skip] === true) continue;
    const value = sample(w, prop, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  if (props.length === 0) {
    const variants = [...arr(schema, "oneOf"), ...arr(schema, "anyOf")];
    const first = variants.length > 0 ? sample(w, variants[0], depth) : undefined;
    if (isObject(first)) Object.assign(out, first);
  }
  return out;
}

/**
 * A deterministic example of a schema: the values the spec declares where it has them,
 * else samples by type and format; cycles and the depth and size limits end a branch
 * (an empty object or array), so any schema gives a finite example.
 */
export function exampleOf(spec: SpecObject, schema: unknown, direction: ExampleDirection): unknown {
  const w: ExampleWalk = { spec, direction, remaining: MAX_EXAMPLE_VALUES, path: [] };
  return sample(w, schema, 0);
}

/**
 * The example of a media type (OpenAPI 3 `content` entry): its `example`, its first `examples`
 * value (through a `$ref` to `components/examples`), else one generated from its schema when
 * the media type is one a generated example can be written in.
 */
export function mediaExample(
  spec: SpecObject,
  mediaType: string,
  media: SpecObject,
  direction: ExampleDirection,
): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(obj(media, "examples"))[0];
  const named = deref(spec, first).target;
  if (named && named.value !== undefined) return named.value;
  if (media.schema === undefined || !generatesFor(mediaType)) return undefined;
  return exampleOf(spec, media.schema, direction);
}

/**
 * True for media types a generated example is written in (JSON, forms, any): a JSON-shaped
 * sample under `application/xml` or `image/png` would mislead, so those show declared ones only.
 */
export function generatesFor(mediaType: string): boolean {
  return /json|x-www-form-urlencoded|multipart\/form-data|^\*\/\*/i.test(mediaType);
}
