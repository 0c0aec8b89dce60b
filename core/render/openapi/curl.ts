import { deref, obj, str, type SpecObject, type SpecOperation } from "../../openapi-pages/spec";
import type { SchemeView } from "./access";
import { exampleOf, mediaExample } from "./example";

/** Headers OpenAPI says a parameter may not define (curl sets them from the body and auth). */
const IGNORED_HEADERS: ReadonlySet<string> = new Set(["accept", "content-type", "authorization"]);

/** What a curl example is built from (resolved by the operation renderer). */
interface CurlInput {
  spec: SpecObject;
  op: SpecOperation;
  server: string;
  parameters: SpecObject[];
  /** The first security alternative (schemes used together), or none. */
  security: SchemeView[];
}

/** Text in single quotes for a POSIX shell (a quote inside becomes `'\''`). */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A parameter's example value as text: its `example`, its schema's, or a generated one. */
function parameterValue(spec: SpecObject, param: SpecObject): string {
  const value =
    param.example !== undefined ? param.example : exampleOf(spec, param.schema ?? param, "request");
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The credential options of a security alternative (environment variables, never values). */
function credentialOptions(schemes: SchemeView[], query: string[]): string[] {
  const out: string[] = [];
  for (const scheme of schemes) {
    if ((scheme.type === "http" && scheme.scheme === "basic") || scheme.type === "basic") {
      out.push(`-u "$USERNAME:$PASSWORD"`);
    } else if (scheme.type === "apiKey" && scheme.keyName) {
      if (scheme.in === "query") query.push(`${encodeURIComponent(scheme.keyName)}=$API_KEY`);
      else if (scheme.in === "cookie") out.push(`-b "${scheme.keyName}=$API_KEY"`);
      else out.push(`-H "${scheme.keyName}: $API_KEY"`);
    } else if (["http", "oauth2", "openIdConnect"].includes(scheme.type)) {
      out.push(`-H "Authorization: Bearer $TOKEN"`);
    }
  }
  return out;
}

/** The body options: a JSON, form or multipart body from the request body's example. */
function bodyOptions(input: CurlInput): string[] {
  const { spec, op } = input;
  const content = obj(deref(spec, op.operation.requestBody).target ?? {}, "content");
  const swaggerBody = input.parameters.find((p) => p.in === "body");
  const form = input.parameters.filter((p) => p.in === "formData" && p.required === true);
  const types = Object.keys(content);
  const mediaType = types.find((t) => /json/i.test(t)) ?? types[0];
  if (mediaType !== undefined) {
    const media = deref(spec, content[mediaType]).target ?? {};
    const example = mediaExample(spec, mediaType, media, "request");
    return bodyFor(mediaType, example);
  }
  if (swaggerBody)
    return bodyFor("application/json", exampleOf(spec, swaggerBody.schema, "request"));
  return form.map((p) => `-F ${shellQuote(`${str(p, "name") ?? ""}=${parameterValue(spec, p)}`)}`);
}

/** Options sending `example` as `mediaType`. */
function bodyFor(mediaType: string, example: unknown): string[] {
  const header = `-H ${shellQuote(`Content-Type: ${mediaType}`)}`;
  if (example === undefined) return [header];
  if (
    /x-www-form-urlencoded|multipart/i.test(mediaType) &&
    typeof example === "object" &&
    example
  ) {
    const flag = /multipart/i.test(mediaType) ? "-F" : "--data-urlencode";
    const fields = Object.entries(example as Record<string, unknown>).map(
      ([k, v]) => `${flag} ${shellQuote(`${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)}`,
    );
    return /multipart/i.test(mediaType) ? fields : [header, ...fields];
  }
  const text = typeof example === "string" ? example : JSON.stringify(example, null, 2);
  return [header, `-d ${shellQuote(text)}`];
}

/**
 * A curl command for the operation: method, server + path (path parameters left as `{name}`),
 * required query parameters and headers with example values, credentials as environment
 * variables (`$TOKEN`, `$API_KEY`), and a body built from the request body's example.
 */
export function curlCommand(input: CurlInput): string {
  const { spec, op } = input;
  const query: string[] = [];
  const headers: string[] = [];
  for (const param of input.parameters) {
    if (param.required !== true) continue;
    const name = str(param, "name") ?? "";
    if (param.in === "query") {
      query.push(`${encodeURIComponent(name)}=${encodeURIComponent(parameterValue(spec, param))}`);
    } else if (param.in === "header" && !IGNORED_HEADERS.has(name.toLowerCase())) {
      headers.push(`-H ${shellQuote(`${name}: ${parameterValue(spec, param)}`)}`);
    }
  }
  const credentials = credentialOptions(input.security, query);
  const body = bodyOptions(input);
  const search = query.length > 0 ? `?${query.join("&")}` : "";
  const url = `${input.server.replace(/\/+$/, "")}${op.path}${search}`;
  // A URL holding `$API_KEY` needs double quotes for the shell to expand it.
  const quotedUrl = url.includes("$API_KEY")
    ? `"${url.replace(/(["\\`])/g, "\\$1")}"`
    : shellQuote(url);
  const lines = [
    `curl -X ${op.method.toUpperCase()} ${quotedUrl}`,
    ...credentials,
    ...headers,
    ...body,
  ];
  return lines.join(" \\\n  ");
}
