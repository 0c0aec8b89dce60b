import { exampleJson } from "./reference-example";
import { esc, schemaAnchor, type Media, type Operation, type Schema } from "./reference-model";
import { constraintsOf, schemaHtml, typeLabel, type SchemaContext } from "./reference-schema";

/** One operation as the page lists it. */
export interface ListedOperation {
  method: string;
  path: string;
  tag: string;
  op: Operation;
  /** Its anchor in the page: the operationId, unique in the document. */
  anchor: string;
  /** The lowercased text the search matches: method, path, operationId, summary, tag. */
  search: string;
}

/** The text an operation is found by. */
export function searchTextOf(method: string, path: string, tag: string, op: Operation): string {
  const parts = [method, path, op.operationId, op.summary, op.description, tag];
  return parts.filter(Boolean).join(" ").toLowerCase();
}

/** The parameters as a table: name, where, type, required, constraints and description. */
function parametersHtml(op: Operation, ctx: SchemaContext): string {
  const params = op.parameters ?? [];
  if (params.length === 0) return "";
  const rows = params.map((p) => {
    const schema: Schema = p.schema ?? {};
    const constraints = constraintsOf(schema);
    return (
      `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td>` +
      `<td>${typeLabel(schema, ctx)}</td><td>${p.required ? "required" : "optional"}</td>` +
      `<td>${esc(p.description ?? "")}${constraints ? ` <span class="c">${constraints}</span>` : ""}</td></tr>`
    );
  });
  return (
    `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th>` +
    `<th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th>` +
    `</tr></thead><tbody>${rows.join("")}</tbody></table>`
  );
}

/** The media types of a body: each with its schema and, for JSON, an example. */
function contentHtml(content: Record<string, Media>, ctx: SchemaContext, label: string): string {
  return Object.entries(content)
    .map(([type, media]) => {
      if (!media.schema) return `<p class="mt"><code>${esc(type)}</code></p>`;
      const example = type.includes("json")
        ? `<details><summary>Example ${esc(label)}</summary><pre><code>${esc(exampleJson(media.schema, ctx.schemas))}</code></pre></details>`
        : "";
      return `<p class="mt"><code>${esc(type)}</code></p>${schemaHtml(media.schema, ctx)}${example}`;
    })
    .join("");
}

/** The request body: whether it is required, its schema and an example. */
function requestBodyHtml(op: Operation, ctx: SchemaContext): string {
  const body = op.requestBody;
  if (!body?.content) return "";
  const need = body.required ? "required" : "optional";
  return `<h4>Request body <span class="rq">${need}</span></h4>${contentHtml(body.content, ctx, "request")}`;
}

/**
 * The responses: each status with its description; success bodies with their schema and an
 * example; error bodies (all the one Error object) as a link to it.
 */
function responsesHtml(op: Operation, ctx: SchemaContext): string {
  const entries = Object.entries(op.responses ?? {});
  if (entries.length === 0) return "";
  const success = entries.filter(([status]) => Number(status) < 400);
  const errors = entries.filter(([status]) => Number(status) >= 400);
  const blocks = success.map(
    ([status, res]) =>
      `<div class="res"><p><span class="st">${esc(status)}</span> ${esc(res.description ?? "")}</p>` +
      (res.content ? contentHtml(res.content, ctx, "response") : "") +
      `</div>`,
  );
  const errorRows = errors.map(
    ([status, res]) =>
      `<li><span class="st">${esc(status)}</span> ${esc(res.description ?? "")}</li>`,
  );
  const errorList =
    errorRows.length > 0
      ? `<p>Errors (each an <a href="#${schemaAnchor("Error")}">Error</a> object):</p><ul class="errs">${errorRows.join("")}</ul>`
      : "";
  return `<h4>Responses</h4>${blocks.join("")}${errorList}`;
}

/** One operation's section: its anchor, method and path, summary, parameters, body, responses. */
export function operationHtml(item: ListedOperation, ctx: SchemaContext): string {
  const { method, path, op, anchor } = item;
  const open = op.security && op.security.length === 0 ? ` <span class="rq">no token</span>` : "";
  return (
    `<section class="op" id="${esc(anchor)}" data-search="${esc(item.search)}">` +
    `<h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code>` +
    ` <a class="anchor" href="#${esc(anchor)}" aria-label="Link to ${esc(anchor)}">#</a></h3>` +
    `<p>${esc(op.summary ?? "")}${open}${op.deprecated ? ` <span class="rq">deprecated</span>` : ""}</p>` +
    (op.description ? `<p>${esc(op.description)}</p>` : "") +
    `<p class="opid">operationId <code>${esc(op.operationId ?? anchor)}</code></p>` +
    parametersHtml(op, ctx) +
    requestBodyHtml(op, ctx) +
    responsesHtml(op, ctx) +
    `</section>`
  );
}
