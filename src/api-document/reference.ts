import { REFERENCE_SCRIPT, REFERENCE_STYLE } from "./reference-assets";
import {
  esc,
  matchesAll,
  schemaAnchor,
  searchWords,
  type Operation,
  type ReferenceDocument,
  type Schema,
} from "./reference-model";
import { operationHtml, searchTextOf, type ListedOperation } from "./reference-operation";
import { schemaHtml, type SchemaContext } from "./reference-schema";
import { weakMemo } from "../../core/memory/memos";

const METHODS = ["get", "post", "put", "patch", "delete"];

/** The longest search the page reads (the rest of a longer one is ignored). */
const MAX_QUERY = 200;

/** The whole page per served document: rendered once per isolate (the document never changes). */
const fullPages = weakMemo<ReferenceDocument, string>("reference pages");

/** Every operation of the document, in document order, with its anchor and search text. */
function listOperations(doc: ReferenceDocument): ListedOperation[] {
  const out: ListedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? "other";
      const anchor = op.operationId ?? `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-")}`;
      out.push({ method, path, tag, op, anchor, search: searchTextOf(method, path, tag, op) });
    }
  }
  return out;
}

/** The operations grouped by their first tag, tags in alphabetical order. */
function byTag(operations: ListedOperation[]): [string, ListedOperation[]][] {
  const groups = new Map<string, ListedOperation[]>();
  for (const item of operations) groups.set(item.tag, [...(groups.get(item.tag) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The named schemas, each with its anchor, expanded to the same depth as the operations. */
function schemasHtml(schemas: Record<string, Schema>): string {
  const names = Object.keys(schemas).sort();
  const sections = names.map((name) => {
    const ctx: SchemaContext = { schemas, open: [name] };
    const schema = schemas[name]!;
    return (
      `<section class="schema-def" id="${schemaAnchor(name)}"><h3>${esc(name)}</h3>` +
      (schema.description ? `<p>${esc(schema.description)}</p>` : "") +
      `${schemaHtml(schema, ctx)}</section>`
    );
  });
  return `<h2 id="schemas">Schemas</h2>${sections.join("")}`;
}

/** The search form: a plain GET form (works without JavaScript), filtered live by the script. */
function searchForm(query: string, shown: number, total: number): string {
  const reset = query ? ` <a href="/v1/reference">Show all operations</a>` : "";
  return (
    `<form role="search" method="get" action="/v1/reference">` +
    `<label for="q">Search operations</label>` +
    `<input id="q" name="q" type="search" value="${esc(query)}" autocomplete="off" placeholder="e.g. post comments, listSpaces">` +
    `<button type="submit">Search</button></form>` +
    `<p id="count" role="status" data-total="${total}">${shown} of ${total} operations${reset}</p>`
  );
}

/** Renders the page for a search (all operations when it has no words). */
function renderPage(doc: ReferenceDocument, query: string): string {
  const all = listOperations(doc);
  const words = searchWords(query);
  const shown = all.filter((item) => matchesAll(item.search, words));
  const schemas = doc.components?.schemas ?? {};
  const groups = byTag(shown);
  const ctx: SchemaContext = { schemas, open: [] };
  const nav = groups
    .map(([tag, items]) => `<li><a href="#tag-${esc(tag)}">${esc(tag)}</a> (${items.length})</li>`)
    .join("");
  const sections = groups
    .map(
      ([tag, items]) =>
        `<section class="tag" aria-labelledby="tag-${esc(tag)}"><h2 id="tag-${esc(tag)}">${esc(tag)}</h2>` +
        items.map((item) => operationHtml(item, ctx)).join("") +
        `</section>`,
    )
    .join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(doc.info.title)} API reference</title><style>${REFERENCE_STYLE}</style></head>` +
    `<body><header><h1>${esc(doc.info.title)} API reference <small>v${esc(doc.info.version)}</small></h1>` +
    `<p>${esc(doc.info.description ?? "")}</p>` +
    `<p>Machine-readable document: <a href="/v1/openapi.json"><code>/v1/openapi.json</code></a>. ` +
    `Send <code>Authorization: Bearer &lt;token&gt;</code> unless an operation says <em>no token</em>.</p>` +
    searchForm(query, shown.length, all.length) +
    `</header><nav aria-label="Areas"><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav>` +
    `<main>${sections}${schemasHtml(schemas)}</main>` +
    `<script>${REFERENCE_SCRIPT}</script></body></html>`
  );
}

/**
 * The HTML reference of the served OpenAPI document: every operation with its parameters,
 * request body and responses (schemas with types, required fields, enums, nested objects and
 * an example), anchors per operation (its operationId) and a search. Self-contained: nothing
 * from a CDN, one inline stylesheet and one inline script (admitted by hash in the CSP). The
 * unfiltered page is rendered once per document and kept; a search renders its own, smaller.
 */
export function renderReference(doc: ReferenceDocument, query = ""): string {
  const trimmed = query.slice(0, MAX_QUERY).trim();
  if (searchWords(trimmed).length > 0) return renderPage(doc, trimmed);
  let page = fullPages.get(doc);
  if (page === undefined) {
    page = renderPage(doc, "");
    fullPages.set(doc, page);
  }
  return page;
}
