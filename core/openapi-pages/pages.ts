import { operationMarkdown, schemasMarkdown } from "./operation-markdown";
import { code, oneLine } from "./schema-markdown";
import type { ComputedProps } from "./source";
import {
  arr,
  findOperation,
  isObject,
  namedSchemas,
  obj,
  operationsOf,
  str,
  webhookOperations,
  type SpecObject,
} from "./spec";

/** Most operations one page renders (a tag of a huge spec stays a readable page). */
const MAX_OPERATIONS = 200;
/** Most schemas a models page renders. */
const MAX_MODELS = 500;
/** Largest markdown one page renders; sections past it are counted, not rendered. */
const MAX_PAGE_CHARS = 100_000;

/** Renders items one by one as they are consumed: sections past the budget are never built. */
function* lazily<T>(items: T[], render: (item: T) => string): Generator<string> {
  for (const item of items) yield render(item);
}

/** Joins sections until the page budget is spent, then says how many were left out. */
function bounded(sections: Iterable<string>, total: number, noun: string): string {
  const out: string[] = [];
  let size = 0;
  for (const section of sections) {
    if (size + section.length > MAX_PAGE_CHARS && out.length > 0) break;
    out.push(section);
    size += section.length;
  }
  const left = total - out.length;
  if (left > 0) out.push(`… ${left} more ${noun} are not shown on this page.`);
  return out.join("\n\n");
}

/** The warning shown where a spec (or a part of it) cannot be rendered: never an error. */
function placeholderMarkdown(message: string): string {
  return `{% hint style="warning" %}\n${oneLine(message)}\n{% endhint %}`;
}

/** The message of a spec that does not exist or has no processed version yet. */
function missingSpecMessage(slug: string): string {
  return `The API specification "${slug}" is not available: it does not exist in this organization or has not been processed yet.`;
}

/** The spec's info: title, version, description and servers. */
function infoMarkdown(spec: SpecObject): string {
  const info = obj(spec, "info");
  const parts = [`## ${oneLine(str(info, "title") ?? "API")}`];
  const version = str(info, "version");
  if (version) parts.push(`Version ${code(version)}`);
  const description = str(info, "description");
  if (description) parts.push(description);
  const servers = arr(spec, "servers")
    .filter(isObject)
    .map(
      (s) =>
        `* ${code(str(s, "url") ?? "")}${str(s, "description") ? ` — ${oneLine(str(s, "description")!)}` : ""}`,
    );
  if (servers.length > 0) parts.push("### Servers", servers.join("\n"));
  return parts.join("\n\n");
}

/** The operations tagged `tag`, each rendered in full; with the tag's description when asked. */
function tagMarkdown(spec: SpecObject, tag: string, withDescription: boolean): string {
  const parts: string[] = [];
  if (withDescription) {
    const declared = arr(spec, "tags")
      .filter(isObject)
      .find((t) => t.name === tag);
    const description = declared ? str(declared, "description") : undefined;
    if (description) parts.push(description);
  }
  const ops = operationsOf(spec).filter((op) => arr(op.operation, "tags").includes(tag));
  if (ops.length === 0) {
    parts.push(placeholderMarkdown(`No operation of this specification has the tag "${tag}".`));
  }
  const sections = lazily(ops.slice(0, MAX_OPERATIONS), (op) => operationMarkdown(spec, op));
  if (ops.length > 0) parts.push(bounded(sections, ops.length, "operations"));
  return parts.join("\n\n");
}

/** One operation (or, for `method: "hook"`, the webhook named `page`). */
function oneOperationMarkdown(spec: SpecObject, page: string, method: string): string {
  if (method === "hook") {
    const hooks = webhookOperations(spec, page);
    if (hooks.length === 0)
      return placeholderMarkdown(`The webhook "${page}" is not in this specification.`);
    return hooks.map((op) => operationMarkdown(spec, op, true)).join("\n\n");
  }
  const op = findOperation(spec, page, method);
  if (!op) {
    return placeholderMarkdown(
      `The operation ${method.toUpperCase()} ${page} is not in this specification.`,
    );
  }
  return operationMarkdown(spec, op);
}

/** Every named schema of the spec. */
function modelsMarkdown(spec: SpecObject): string {
  const names = Object.keys(namedSchemas(spec));
  if (names.length === 0) return placeholderMarkdown("This specification declares no schemas.");
  const sections = lazily(names.slice(0, MAX_MODELS), (name) => schemasMarkdown(spec, [name]));
  return bounded(sections, names.length, "schemas");
}

/** The markdown of a computed page's content, from the spec (null: the spec is unavailable). */
export function computedMarkdown(
  props: ComputedProps,
  slug: string,
  spec: SpecObject | null,
): string {
  if (spec === null) return placeholderMarkdown(missingSpecMessage(slug));
  switch (props.doc) {
    case "models":
      return modelsMarkdown(spec);
    case "info":
      return infoMarkdown(spec);
    case "tag":
      return tagMarkdown(spec, props.page, true);
    case "operations":
      return tagMarkdown(spec, props.page, false);
    case "operation":
      return oneOperationMarkdown(spec, props.page, props.method);
  }
}

/** The markdown of one `openapi-*` block (its `data` as stored), from the spec. */
export function blockMarkdown(
  type: string,
  data: SpecObject,
  spec: SpecObject | null,
  slug: string,
): string {
  if (spec === null) return placeholderMarkdown(missingSpecMessage(slug));
  if (type === "openapi-operation") {
    const path = str(data, "path");
    const method = str(data, "method");
    if (!path || !method)
      return placeholderMarkdown("This operation block names no path and method.");
    return oneOperationMarkdown(spec, path, method.toLowerCase());
  }
  if (type === "openapi-webhook") {
    const name = str(data, "name");
    if (!name) return placeholderMarkdown("This webhook block names no webhook.");
    const method = str(data, "method");
    const hooks = webhookOperations(spec, name, method);
    if (hooks.length === 0)
      return placeholderMarkdown(`The webhook "${name}" is not in this specification.`);
    return hooks.map((op) => operationMarkdown(spec, op, true)).join("\n\n");
  }
  const names = arr(data, "schemas").filter((n): n is string => typeof n === "string");
  if (names.length === 0) return placeholderMarkdown("This schemas block names no schema.");
  return schemasMarkdown(spec, names.slice(0, MAX_MODELS), str(data, "title"));
}
