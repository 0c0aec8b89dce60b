import { weakMemo } from "../memory/memos";
import { BoundedMap } from "../memory/bounded-map";
/**
 * Loose, read-only access to a processed OpenAPI document (3.0, 3.1 or Swagger 2.0 as the specs
 * area stored it: external references inlined, internal `$ref`s kept). Nothing here trusts the
 * document's shape: every field is checked before use, so any JSON renders without throwing.
 */

/** A JSON object from the spec. */
export type SpecObject = Record<string, unknown>;

/** The HTTP methods an OpenAPI path item may hold, in the order they are rendered. */
const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "options", "head", "trace"] as const;

/** How many `$ref` hops one lookup follows before giving up (a chain, not a cycle). */
const MAX_REF_HOPS = 16;

/** True for a plain JSON object. */
export function isObject(value: unknown): value is SpecObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string field, or undefined. */
export function str(obj: SpecObject, key: string): string | undefined {
  const value = obj[key];
  return typeof value === "string" ? value : undefined;
}

/** An object field, or an empty object. */
export function obj(parent: SpecObject, key: string): SpecObject {
  const value = parent[key];
  return isObject(value) ? value : {};
}

/** An array field, or an empty array. */
export function arr(parent: SpecObject, key: string): unknown[] {
  const value = parent[key];
  return Array.isArray(value) ? value : [];
}

/**
 * Pointers already followed, per document: renderers resolve the same few hundred `$ref`s
 * thousands of times (a document is never changed once parsed, so a target stays valid).
 */
const resolvedPointers = weakMemo<SpecObject, BoundedMap<string, unknown>>("resolved pointers");

/** Pointers kept per document at most (a document names a few hundred). */
const MAX_POINTERS = 10_000;

/** Follows a local JSON pointer (`#/components/schemas/Pet`) from the document root. */
function pointerTarget(spec: SpecObject, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let known = resolvedPointers.get(spec);
  if (!known) resolvedPointers.set(spec, (known = new BoundedMap({ entries: MAX_POINTERS })));
  if (known.has(ref)) return known.get(ref);
  let node: unknown = spec;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) {
      node = undefined;
      break;
    }
    node = (node as Record<string, unknown>)[key];
  }
  known.set(ref, node);
  return node;
}

/** The last segment of a `$ref`, the name a schema is known by. */
export function refName(ref: string): string {
  const last = ref.split("/").pop() ?? ref;
  return decodeURIComponent(last).replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * Resolves a node through its local `$ref` chain. Returns the target and the refs followed;
 * an unresolvable, external or looping reference gives `target: null`.
 */
export function deref(
  spec: SpecObject,
  node: unknown,
): { target: SpecObject | null; refs: string[] } {
  const refs: string[] = [];
  let current = node;
  while (isObject(current) && typeof current.$ref === "string") {
    if (refs.includes(current.$ref) || refs.length >= MAX_REF_HOPS) return { target: null, refs };
    refs.push(current.$ref);
    current = pointerTarget(spec, current.$ref);
  }
  return { target: isObject(current) ? current : null, refs };
}

/** One operation of the spec, found by path and method. */
export interface SpecOperation {
  path: string;
  method: string;
  operation: SpecObject;
  /** Parameters declared on the path item, merged under the operation's own. */
  pathParameters: unknown[];
}

/** Every operation of the spec, in document order (paths, then methods in HTTP_METHODS order). */
export function operationsOf(spec: SpecObject): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, rawItem] of Object.entries(obj(spec, "paths"))) {
    const item = deref(spec, rawItem).target;
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) {
        out.push({ path, method, operation, pathParameters: arr(item, "parameters") });
      }
    }
  }
  return out;
}

/** One operation by path and method (case-insensitive method), or null. */
export function findOperation(
  spec: SpecObject,
  path: string,
  method: string,
): SpecOperation | null {
  const item = deref(spec, obj(spec, "paths")[path]).target;
  const operation = item?.[method.toLowerCase()];
  if (!item || !isObject(operation)) return null;
  return { path, method: method.toLowerCase(), operation, pathParameters: arr(item, "parameters") };
}

/** A webhook's operations by name (OpenAPI 3.1 `webhooks`); `method` narrows to one. */
export function webhookOperations(
  spec: SpecObject,
  name: string,
  method?: string,
): SpecOperation[] {
  const item = deref(spec, obj(spec, "webhooks")[name]).target;
  if (!item) return [];
  return HTTP_METHODS.filter((m) => method === undefined || m === method.toLowerCase())
    .filter((m) => isObject(item[m]))
    .map((m) => ({
      path: name,
      method: m,
      operation: item[m] as SpecObject,
      pathParameters: arr(item, "parameters"),
    }));
}

/** The named schemas: OpenAPI 3 `components.schemas`, or Swagger 2 `definitions`. */
export function namedSchemas(spec: SpecObject): SpecObject {
  const components = obj(obj(spec, "components"), "schemas");
  return Object.keys(components).length > 0 ? components : obj(spec, "definitions");
}

/** Most parameters one operation lists (a hostile spec cannot blow up a page). */
const MAX_PARAMETERS = 200;

/** An operation's parameters: the path item's, overridden by the operation's (same name and place). */
export function operationParameters(spec: SpecObject, op: SpecOperation): SpecObject[] {
  const byKey = new Map<string, SpecObject>();
  for (const raw of [...op.pathParameters, ...arr(op.operation, "parameters")]) {
    const param = deref(spec, raw).target;
    if (!param) continue;
    byKey.set(`${str(param, "in") ?? ""}:${str(param, "name") ?? ""}`, param);
  }
  return [...byKey.values()].slice(0, MAX_PARAMETERS);
}

/** The properties of a schema with its `allOf` parts merged in, and the required names. */
export function mergedProperties(
  spec: SpecObject,
  schema: SpecObject,
  depth = 0,
): { props: [string, unknown][]; required: Set<string> } {
  const props: [string, unknown][] = Object.entries(obj(schema, "properties"));
  const required = new Set(
    arr(schema, "required").filter((r): r is string => typeof r === "string"),
  );
  if (depth < 8) {
    for (const part of arr(schema, "allOf")) {
      const target = deref(spec, part).target;
      if (!target) continue;
      const inner = mergedProperties(spec, target, depth + 1);
      props.push(...inner.props);
      inner.required.forEach((r) => required.add(r));
    }
  }
  return { props, required };
}

/** A local `$ref` to a named schema (components or definitions, as `namedSchemas` picks), or null. */
export function namedSchemaRef(spec: SpecObject, name: string): string | null {
  if (!Object.hasOwn(namedSchemas(spec), name)) return null;
  const base =
    Object.keys(obj(obj(spec, "components"), "schemas")).length > 0
      ? "#/components/schemas"
      : "#/definitions";
  return `${base}/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
}
