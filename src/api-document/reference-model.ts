/**
 * What the HTML reference reads of the served OpenAPI document, and the small helpers its
 * renderers share: escaping, `$ref` resolution, and the search rule (used on the server for the
 * plain filter form and sent verbatim to the browser for the live filter: one rule, one home).
 */

/** The parts of a JSON Schema (OpenAPI 3.1) the reference renders. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
}

/** One media type of a request body or response. */
export interface Media {
  schema?: Schema;
}

/** An operation's parameter. */
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

/** An operation of the document. */
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}

/** The served document, as far as the reference reads it. */
export interface ReferenceDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Text made safe for HTML content and double-quoted attribute values. */
export function esc(value: unknown): string {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The named schema a local `$ref` points at, with its name (undefined when it does not resolve). */
export function resolveRef(
  ref: string,
  schemas: Record<string, Schema>,
): { name: string; schema: Schema } | undefined {
  const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
  const name = match?.[1];
  const schema = name === undefined ? undefined : schemas[name];
  return name !== undefined && schema ? { name, schema } : undefined;
}

/** The anchor of a named schema in the page. */
export function schemaAnchor(name: string): string {
  return `schema-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/**
 * The words of a search, lowercased. Self-contained (no outer name): its source is sent to the
 * browser as part of the live filter.
 */
export function searchWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Whether an operation's search text holds every word. Self-contained, like `searchWords`: the
 * server's filter and the browser's live filter run this same function.
 */
export function matchesAll(text: string, words: string[]): boolean {
  return words.every((word) => text.includes(word));
}
