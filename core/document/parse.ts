import type { Root } from "mdast";
import { readSegments } from "./containers";
import type { ResolveHref } from "./hrefs";
import { assignKeys } from "./keys";
import { parseToMdast, type ParseEnv } from "./mdast-from-tokens";
import { convertFlow } from "./parse-blocks";
import { convertSegments, type SegmentContext } from "./parse-containers";
import type { InlineContext } from "./parse-inline";
import { documentRefs, inlineText } from "./text";
import type { ContentRef, JsonDocument } from "./types";

/** Options of `parseMarkdown`. */
export interface ParseOptions {
  /** Maps a link or image target to a reference; null (or absent) uses `defaultResolveHref`. */
  resolveHref?: ResolveHref;
  /** Drop the leading `# Title` heading from the document (it is still returned as `title`). */
  stripTitle?: boolean;
  /** The reusable content an `{% include "path" %}` names; default: the file's base name. */
  resolveInclude?: (path: string) => string | null;
  /**
   * GitBook's page levels: `##` is `heading-1`, `###` `heading-2`, `####` `heading-3` (the page
   * title is the one `#`). Default: `#` is `heading-1`.
   */
  pageHeadings?: boolean;
}

/** What `parseMarkdown` returns. */
export interface ParseResult {
  document: JsonDocument;
  /** Plain text of the first block when it is a level-1 heading. */
  title?: string;
  /** Every reference in the document, in document order, repeats included (`documentRefs`). */
  refs: ContentRef[];
  /** What the markdown held that the Document could not represent as written. */
  warnings: string[];
}

/** A line of GitBook block structure (tags, expandables, figures, math fences). */
const STRUCTURE = /^(?:\{%|<details|<\/details|<figure|<img|\$\$)/m;
/** A line opening a top-level fenced code block. */
const FENCE_START = /^ {0,3}(?:`{3,}|~{3,})/;

/** The default include mapping: `.gitbook/includes/<name>.md` (or any path) names `<name>`. */
function defaultInclude(path: string): string | null {
  const name = /([^/]+?)(?:\.md)?$/.exec(path.trim())?.[1];
  return name ? name : null;
}

/** Lines inside the whole text's top-level fenced code blocks. */
function fencedLines(tree: Root, lines: string[]): Uint8Array {
  const fenced = new Uint8Array(lines.length);
  for (const node of tree.children) {
    const start = (node.position?.start.line ?? 0) - 1;
    if (node.type !== "code" || start < 0 || !FENCE_START.test(lines[start] ?? "")) continue;
    const end = Math.min((node.position?.end.line ?? 0) - 1, lines.length - 1);
    for (let line = start; line <= end; line++) fenced[line] = 1;
  }
  return fenced;
}

/**
 * Parses markdown (CommonMark + GFM + GitBook's normalized markdown: hints, tabs, steppers,
 * columns, expandables, code titles, embeds, references, files, OpenAPI, math, figures, ...)
 * into a Document, with the references it holds, its leading `# Title` and warnings for what
 * it could not represent. Deterministic: the same markdown and resolver give the same Document,
 * keys included (see `assignKeys`). Linear in the input (markdown-it); throws
 * `DocumentTooDeepError` past `MAX_MARKDOWN_NESTING` levels.
 */
export function parseMarkdown(markdown: string, options: ParseOptions = {}): ParseResult {
  const text = markdown.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const env: ParseEnv = {};
  const tree = parseToMdast(text, env);
  const inline: InlineContext = {
    resolveHref: options.resolveHref,
    ...(options.pageHeadings ? { headingShift: 1 } : {}),
  };
  const warnings: string[] = [];
  let nodes;
  if (!STRUCTURE.test(text)) nodes = convertFlow(tree.children, "top", inline);
  else {
    const lines = text.split("\n");
    const segments = readSegments(lines, fencedLines(tree, lines));
    const includeFor = options.resolveInclude ?? defaultInclude;
    const ctx: SegmentContext = { inline, env, warnings, includeFor };
    nodes = convertSegments(segments, "top", ctx, 1);
  }
  const first = nodes[0];
  const title = first?.type === "heading-1" ? inlineText(first.nodes) : undefined;
  if (title !== undefined && options.stripTitle) nodes.shift();
  const document: JsonDocument = { object: "document", data: {}, nodes };
  assignKeys(document);
  return {
    document,
    ...(title !== undefined ? { title } : {}),
    refs: documentRefs(document),
    warnings,
  };
}
