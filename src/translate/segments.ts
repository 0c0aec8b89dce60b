import { encodeInlines, encodePlain } from "./inline";
import type { termMatcher } from "./protect";

/**
 * Segmentation of a page into the runs an engine translates: every block whose children are
 * text and inlines (paragraphs, headings, list items' paragraphs, hint, quote, tab and step
 * contents, table cells, image captions, expandable titles and bodies and annotation bodies
 * through their fragments), the plain-text fields a reader sees (`TEXT_FIELDS`: image alt texts
 * and inline captions, tab titles, button labels, prompt descriptions), table column titles,
 * the page title and description. Code blocks are never entered. Each run writes its
 * translation back into a copy of the document; a translation whose placeholders do not match
 * leaves the source text.
 */

type Json = Record<string, unknown>;

/** One run to translate. */
export interface Segment {
  text: string;
  words: number;
  /** Writes the translation back; false when it was refused (the source text stays). */
  apply(translated: string): boolean;
}

/** Blocks whose content is not prose: never segmented. */
const SKIPPED_BLOCKS: ReadonlySet<string> = new Set([
  "code",
  "code-line",
  "math",
  "openapi",
  "openapi-operation",
]);

/** Plain-string `data` fields of blocks and inlines that readers see, by node type. */
const TEXT_FIELDS: Record<string, readonly string[]> = {
  image: ["alt"],
  "inline-image": ["alt", "caption"],
  "tabs-item": ["title"],
  button: ["label"],
  prompt: ["description"],
};

const isRecord = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isInline = (v: unknown) => isRecord(v) && (v.object === "text" || v.object === "inline");

/** A copy of the document and its runs, in document order. */
export function segmentDocument(
  document: unknown,
  matcher: ReturnType<typeof termMatcher>,
): { document: Json; segments: Segment[] } {
  const copy = structuredClone(document) as Json;
  const segments: Segment[] = [];
  const fragments = (node: Json) => {
    if (!Array.isArray(node.fragments)) return;
    for (const fragment of node.fragments)
      if (isRecord(fragment) && Array.isArray(fragment.nodes)) fragment.nodes.forEach(walk);
  };
  // Inlines are placeholders of their block's run; their own texts are runs of their own,
  // written into the same node objects the rebuilt run keeps.
  const walkInline = (node: unknown) => {
    if (!isRecord(node) || node.object !== "inline") return;
    textFields(node, matcher, segments);
    if (Array.isArray(node.nodes)) node.nodes.forEach(walkInline);
    fragments(node);
  };
  const walk = (node: unknown) => {
    if (!isRecord(node)) return;
    if (node.object === "block" && SKIPPED_BLOCKS.has(String(node.type))) return;
    textFields(node, matcher, segments);
    if (node.object === "block" && node.type === "table") tableTitles(node, matcher, segments);
    const children = node.nodes;
    if (node.object === "block" && Array.isArray(children) && children.length > 0) {
      if (children.every(isInline)) {
        const run = encodeInlines(children, matcher);
        if (run.words > 0) {
          segments.push({
            text: run.text,
            words: run.words,
            apply: (translated) => {
              const nodes = run.decode(translated);
              if (nodes) node.nodes = nodes;
              return nodes !== null;
            },
          });
        }
        children.forEach(walkInline);
        return;
      }
    }
    if (Array.isArray(children)) children.forEach(walk);
    fragments(node);
  };
  if (Array.isArray(copy.nodes)) copy.nodes.forEach(walk);
  return { document: copy, segments };
}

/** Runs for the plain-text `data` fields of a node (`TEXT_FIELDS`), written in place. */
function textFields(node: Json, matcher: ReturnType<typeof termMatcher>, out: Segment[]) {
  const fields = TEXT_FIELDS[String(node.type)];
  const data = node.data;
  if (!fields || !isRecord(data)) return;
  for (const field of fields) {
    const value = data[field];
    if (typeof value !== "string") continue;
    const segment = plainSegment(value, matcher, (text) => (data[field] = text));
    if (segment) out.push(segment);
  }
}

function tableTitles(node: Json, matcher: ReturnType<typeof termMatcher>, out: Segment[]) {
  const data = node.data;
  if (!isRecord(data) || !isRecord(data.definition)) return;
  for (const column of Object.values(data.definition)) {
    if (!isRecord(column) || typeof column.title !== "string") continue;
    const segment = plainSegment(column.title, matcher, (text) => (column.title = text));
    if (segment) out.push(segment);
  }
}

/** A run for a plain string (title, description); null when it has nothing to translate. */
export function plainSegment(
  text: string,
  matcher: ReturnType<typeof termMatcher>,
  write: (translated: string) => void,
): Segment | null {
  const run = encodePlain(text, matcher);
  if (run.words === 0) return null;
  return {
    text: run.text,
    words: run.words,
    apply: (translated) => {
      const value = run.decode(translated);
      if (value !== null) write(value);
      return value !== null;
    },
  };
}

/**
 * Points references to pages of the source space at their result pages (and references naming
 * the source space at the result space), anywhere in a document or a link target.
 */
export function remapRefs(
  value: unknown,
  pageOf: (sourcePageId: string) => string | undefined,
  spaces: { source: string; result: string },
): void {
  if (Array.isArray(value)) {
    value.forEach((v) => remapRefs(v, pageOf, spaces));
    return;
  }
  if (!isRecord(value)) return;
  if ((value.kind === "page" || value.kind === "anchor") && typeof value.page === "string") {
    const mapped = pageOf(value.page);
    if (mapped) value.page = mapped;
  }
  if (typeof value.kind === "string" && value.space === spaces.source) value.space = spaces.result;
  for (const child of Object.values(value))
    if (typeof child === "object") remapRefs(child, pageOf, spaces);
}

/** Page refs of a document (source page ids), to load their mapping before remapping. */
export function pageRefs(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => pageRefs(v, out));
  else if (isRecord(value)) {
    if ((value.kind === "page" || value.kind === "anchor") && typeof value.page === "string")
      out.add(value.page);
    for (const child of Object.values(value)) if (typeof child === "object") pageRefs(child, out);
  }
  return out;
}
