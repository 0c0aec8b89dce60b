import { assignKeys, parseMarkdown, type JsonDocument, type TopLevelBlock } from "../document";
import { neutraliseUnsafeLinks } from "../document/safe-links";
import { blockMarkdown, computedMarkdown } from "./pages";
import { storedComputedSource, type ComputedSource } from "./source";
import { isObject, type SpecObject } from "./spec";

export {
  ComputedSourceSchema,
  storableSource,
  storedComputedSource,
  type ComputedSource,
} from "./source";

/** The Document blocks that point into a spec (official `DocumentBlockOpenAPI*`). */
const OPENAPI_BLOCKS: ReadonlySet<string> = new Set([
  "openapi-operation",
  "openapi-schemas",
  "openapi-webhook",
]);

/** The latest document of each spec a read needs, by slug; null for a spec that is unavailable. */
export type SpecDocuments = ReadonlyMap<string, Record<string, unknown> | null>;

/** The spec slug a top-level block points into, when it is an `openapi-*` block. */
function blockSlug(node: unknown): string | null {
  if (!isObject(node) || typeof node.type !== "string" || !OPENAPI_BLOCKS.has(node.type))
    return null;
  const ref = isObject(node.data) ? node.data.ref : undefined;
  return isObject(ref) && ref.kind === "openapi" && typeof ref.spec === "string" ? ref.spec : null;
}

/** The spec slugs a stored document body points into (its top-level `openapi-*` blocks). */
export function openApiSlugsOf(document: { nodes?: unknown }): string[] {
  const nodes = Array.isArray(document.nodes) ? document.nodes : [];
  return [...new Set(nodes.map(blockSlug).filter((s): s is string => s !== null))];
}

/** The slug of the spec a computed page renders. */
function computedSlug(source: ComputedSource): string {
  return source.dependencies.spec.ref.spec;
}

/** Blocks parsed from generated markdown, with unsafe link targets dropped and keys cleared. */
function blocksOf(markdown: string): TopLevelBlock[] {
  const { document } = parseMarkdown(markdown);
  neutraliseUnsafeLinks(document);
  const clear = (nodes: unknown, depth: number) => {
    if (!Array.isArray(nodes) || depth > 60) return;
    for (const node of nodes) {
      if (!isObject(node)) continue;
      if (typeof node.key === "string") node.key = "";
      clear(node.nodes, depth + 1);
      clear(node.fragments, depth + 1);
    }
  };
  clear(document.nodes, 0);
  return document.nodes;
}

/**
 * A stored document with its `openapi-*` blocks replaced by what they point at, rendered from
 * the spec's latest version as ordinary blocks (headings, paragraphs, lists, code): the
 * operation's method, path, summary, description, parameters, request body and responses with
 * their schemas. A block whose spec is unavailable becomes a warning hint. The input is left
 * untouched; a document without such blocks is returned as is.
 */
export function expandOpenApiBlocks<D extends { nodes?: unknown }>(
  document: D,
  specs: SpecDocuments,
): D {
  const nodes = Array.isArray(document.nodes) ? (document.nodes as unknown[]) : [];
  if (!nodes.some((n) => blockSlug(n) !== null)) return document;
  const out: unknown[] = [];
  for (const node of nodes) {
    const slug = blockSlug(node);
    if (slug === null || !isObject(node)) {
      out.push(node);
      continue;
    }
    const data = isObject(node.data) ? node.data : {};
    const spec = (specs.get(slug) ?? null) as SpecObject | null;
    out.push(...blocksOf(blockMarkdown(String(node.type), data, spec, slug)));
  }
  const expanded = { ...document, nodes: out };
  assignKeys(expanded);
  return expanded;
}

/** The markdown of a computed page, rendered from its spec's latest version. */
export function computedPageMarkdown(source: ComputedSource, specs: SpecDocuments): string {
  const slug = computedSlug(source);
  return computedMarkdown(source.props, slug, (specs.get(slug) ?? null) as SpecObject | null);
}

/** The Document of a computed page: its markdown parsed into ordinary blocks. */
export function computedPageDocument(source: ComputedSource, specs: SpecDocuments): JsonDocument {
  const document: JsonDocument = {
    object: "document",
    data: {},
    nodes: blocksOf(computedPageMarkdown(source, specs)),
  };
  assignKeys(document);
  return document;
}

/**
 * Page bodies (stored JSON, by page id) with computed pages and `openapi-*` blocks rendered
 * from the specs, for consumers that take bodies as JSON text (the PDF). Bodies that mention no
 * spec are passed through untouched.
 */
export function renderSpecBodies(
  bodies: ReadonlyMap<string, string | null>,
  computed: ReadonlyMap<string, unknown>,
  specs: SpecDocuments,
): Map<string, string | null> {
  const out = new Map(bodies);
  for (const [pageId, body] of bodies) {
    const source = storedComputedSource(computed.get(pageId));
    if (source) out.set(pageId, JSON.stringify(computedPageDocument(source, specs)));
    else if (body !== null && body.includes('"openapi"')) {
      out.set(pageId, JSON.stringify(expandOpenApiBlocks(JSON.parse(body) as JsonDocument, specs)));
    }
  }
  return out;
}
