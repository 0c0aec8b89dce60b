import type {
  DocumentBlockOpenAPI,
  DocumentBlockOpenAPIOperation,
  DocumentBlockOpenAPISchemas,
  DocumentBlockOpenAPIWebhook,
} from "@gitbook/api";
import type { JSX } from "hono/jsx/jsx-runtime";
import { findOperation, webhookOperations, type SpecObject } from "../../openapi-pages/spec";
import { safeHref } from "../../links/safe-href";
import { OperationView } from "./operation";
import { SchemasView } from "./schemas";

/** The blocks drawn from an OpenAPI document. */
export type SpecBlock =
  | DocumentBlockOpenAPI
  | DocumentBlockOpenAPIOperation
  | DocumentBlockOpenAPISchemas
  | DocumentBlockOpenAPIWebhook;

/**
 * The note an API reference block renders in place of what it cannot show (the spec, the
 * operation, a legacy block's file), naming what is missing; `raw` adds the link to follow
 * (shown as text, not linked, when the one link rule refuses it).
 */
export function noteHtml(text: string, raw?: string): string {
  const href = raw === undefined ? null : safeHref(raw);
  const link =
    raw === undefined ? null : href ? (
      <a href={href} rel="noopener nofollow">
        {href}
      </a>
    ) : (
      <code>{raw}</code>
    );
  const note = (
    <div class="q-oa-block">
      <p class="q-oa-note" role="note">
        {text}
        {link ? " " : null}
        {link}
      </p>
    </div>
  );
  return note.toString();
}

/** A rendered element as its HTML (every part of these blocks renders synchronously). */
function htmlOf(element: JSX.Element): string {
  if (element instanceof Promise) throw new Error("an API reference part rendered asynchronously");
  return `<div class="q-oa-block">${element.toString()}</div>`;
}

/** A string field of the block's data, or "". */
function field(data: object, key: string): string {
  const value = (data as Record<string, unknown>)[key];
  return typeof value === "string" ? value : "";
}

/** A block whose spec is at hand: the operation, webhook or schemas it points at, or a note. */
export function renderSpecBlock(block: SpecBlock, spec: SpecObject, slug: string): string {
  const anchor = block.meta?.id;
  const headless = "headless" in block.data && block.data.headless === true;
  if (block.type === "openapi-schemas") {
    const names = Array.isArray(block.data.schemas)
      ? block.data.schemas.filter((n): n is string => typeof n === "string")
      : [];
    if (names.length === 0) return noteHtml("This schemas block names no schema.");
    return htmlOf(<SchemasView spec={spec} names={names} title={block.data.title} />);
  }
  if (block.type === "openapi-webhook") {
    const name = field(block.data, "name");
    const method = field(block.data, "method");
    const op = webhookOperations(spec, name, method || undefined)[0];
    if (!op) {
      return noteHtml(
        `The webhook ${method.toUpperCase()} ${name} is not in the API specification “${slug}”.`,
      );
    }
    return htmlOf(
      <OperationView spec={spec} op={op} webhook={true} headless={headless} anchor={anchor} />,
    );
  }
  const path = field(block.data, "path");
  const method = field(block.data, "method");
  const op = path && method ? findOperation(spec, path, method) : null;
  if (!op) {
    return noteHtml(
      `The operation ${method.toUpperCase() || "(no method)"} ${path || "(no path)"} is not in the API specification “${slug}”.`,
    );
  }
  return htmlOf(
    <OperationView spec={spec} op={op} webhook={false} headless={headless} anchor={anchor} />,
  );
}
