import { code, oneLine, schemaMarkdown, typeLabel } from "./schema-markdown";
import {
  deref,
  isObject,
  obj,
  operationParameters,
  str,
  type SpecObject,
  type SpecOperation,
} from "./spec";

/** Most responses (status codes) rendered for one operation. */
const MAX_RESPONSES = 50;

/** One parameter bullet: name, place, type, required, description. */
function parameterLine(spec: SpecObject, param: SpecObject): string {
  // Swagger 2.0 puts the type on the parameter itself; OpenAPI 3 in `schema`.
  const schema = param.schema ?? param;
  const bits = [str(param, "in") ?? "query", typeLabel(spec, schema)];
  if (param.required === true) bits.push("required");
  if (param.deprecated === true) bits.push("deprecated");
  const description = str(param, "description");
  const name = str(param, "name") ?? "";
  return `* ${code(name)} (${bits.join(", ")})${description ? ` — ${oneLine(description)}` : ""}`;
}

/** Sections for a `content` map (media type → schema): its media types and schemas. */
function contentSections(spec: SpecObject, content: SpecObject): string[] {
  const out: string[] = [];
  for (const [mediaType, raw] of Object.entries(content)) {
    const media = deref(spec, raw).target ?? {};
    const schema = media.schema;
    out.push(
      `${code(mediaType)}${schema !== undefined ? `: ${code(typeLabel(spec, schema))}` : ""}`,
    );
    const list = schema !== undefined ? schemaMarkdown(spec, schema) : "";
    if (list) out.push(list);
  }
  return out;
}

/** The request body section (OpenAPI 3 `requestBody`, or a Swagger 2 `in: body` parameter). */
function requestBodySections(spec: SpecObject, op: SpecOperation, params: SpecObject[]): string[] {
  const body = deref(spec, op.operation.requestBody).target;
  if (body) {
    const description = str(body, "description");
    return [
      "### Request body",
      ...(body.required === true ? ["Required."] : []),
      ...(description ? [description] : []),
      ...contentSections(spec, obj(body, "content")),
    ];
  }
  const swagger = params.find((p) => p.in === "body");
  if (!swagger) return [];
  const list = schemaMarkdown(spec, swagger.schema);
  return [
    "### Request body",
    `${code(typeLabel(spec, swagger.schema))}${swagger.required === true ? " (required)" : ""}`,
    ...(list ? [list] : []),
  ];
}

/** The responses section: each status with its description, media types and schemas. */
function responseSections(spec: SpecObject, op: SpecOperation): string[] {
  const responses = Object.entries(obj(op.operation, "responses")).slice(0, MAX_RESPONSES);
  if (responses.length === 0) return [];
  const out = ["### Responses"];
  for (const [status, raw] of responses) {
    const response = deref(spec, raw).target ?? {};
    const description = str(response, "description");
    out.push(`**${code(status)}**${description ? ` — ${oneLine(description)}` : ""}`);
    out.push(...contentSections(spec, obj(response, "content")));
    if (response.schema !== undefined) {
      // Swagger 2.0: one schema per response.
      out.push(code(typeLabel(spec, response.schema)));
      const list = schemaMarkdown(spec, response.schema);
      if (list) out.push(list);
    }
  }
  return out;
}

/**
 * One operation (or webhook) as markdown: its summary as a heading, `METHOD /path`, its
 * description, then its parameters, request body and responses with their schemas. `title`
 * names webhooks ("Webhook <name>"); operations are named by their summary.
 */
export function operationMarkdown(spec: SpecObject, op: SpecOperation, webhook = false): string {
  const { operation } = op;
  const method = op.method.toUpperCase();
  const summary = str(operation, "summary");
  const heading = summary
    ? oneLine(summary)
    : webhook
      ? `Webhook ${op.path}`
      : `${method} ${op.path}`;
  const parts = [`## ${heading}`, code(`${method} ${webhook ? `(webhook) ${op.path}` : op.path}`)];
  if (operation.deprecated === true) parts.push("**Deprecated.**");
  const description = str(operation, "description");
  if (description) parts.push(description);
  const params = operationParameters(spec, op);
  const listed = params.filter((p) => p.in !== "body" && p.in !== "formData");
  if (listed.length > 0) {
    parts.push("### Parameters", listed.map((p) => parameterLine(spec, p)).join("\n"));
  }
  parts.push(...requestBodySections(spec, op, params));
  parts.push(...responseSections(spec, op));
  return parts.join("\n\n");
}

/** Named schemas as markdown: "The <Name> object" (or the block's title) and their properties. */
export function schemasMarkdown(spec: SpecObject, names: string[], title?: string): string {
  const parts: string[] = title ? [`## ${oneLine(title)}`] : [];
  for (const [name, schema] of names.map((n) => [n, namedOrNull(spec, n)] as const)) {
    if (!title) parts.push(`## The ${oneLine(name)} object`);
    else if (names.length > 1) parts.push(`### ${oneLine(name)}`);
    if (schema === null) {
      parts.push(`The schema ${code(name)} is not in this specification.`);
      continue;
    }
    const description = isObject(schema) ? str(schema, "description") : undefined;
    if (description) parts.push(description);
    parts.push(code(typeLabel(spec, schema)));
    const list = schemaMarkdown(spec, schema);
    if (list) parts.push(list);
  }
  return parts.join("\n\n");
}

/** A named schema (OpenAPI 3 components or Swagger 2 definitions), or null when absent. */
function namedOrNull(spec: SpecObject, name: string): unknown {
  const components = obj(obj(spec, "components"), "schemas");
  const value = components[name] ?? obj(spec, "definitions")[name];
  return value === undefined ? null : value;
}
