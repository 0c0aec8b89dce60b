import { MAX_WALK_DEPTH, blockType, isRecord, type LooseNode } from "./loose";
import { blocksToMdast } from "./render-blocks";
import { gitbookBlock, type FlowContext } from "./render-gitbook";
import { serialize } from "./render-mdast";
import type { HrefFor } from "./hrefs";
import type { DocumentLike } from "./text";
import type { ContentRef } from "./types";

/** Blocks written in GitBook's own syntax wherever they stand in a flow (not in list items). */
const GITBOOK_BLOCKS: ReadonlySet<string> = new Set([
  "hint",
  "tabs",
  "stepper",
  "columns",
  "updates",
  "expandable",
  "embed",
  "content-ref",
  "file",
  "swagger",
  "math",
  "images",
  "image",
  "drawing",
  "reusable-content",
]);

/** A code block with any of GitBook's code attributes needs `{% code %}` around it. */
function hasCodeAttributes(node: LooseNode): boolean {
  const data = node.data;
  if (typeof data !== "object" || data === null) return false;
  return ["title", "overflow", "lineNumbers", "fullWidth"].some((key) => key in data);
}

/**
 * Renders a flow of blocks (a page, or a container's content): runs of markdown blocks through
 * mdast, GitBook's blocks in their syntax, blank lines between. Depth is bounded.
 */
function renderFlow(nodes: LooseNode[], ctx: FlowContext, depth: number): string {
  if (depth > MAX_WALK_DEPTH) return "";
  const parts: string[] = [];
  let run: LooseNode[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const text = serialize(blocksToMdast(run, ctx, depth), run);
    if (text !== "") parts.push(text);
    run = [];
  };
  for (const node of nodes) {
    const type = blockType(node);
    const special = GITBOOK_BLOCKS.has(type) || (type === "code" && hasCodeAttributes(node));
    const text = special ? gitbookBlock(node, ctx, depth) : null;
    if (text === null) {
      run.push(node);
      continue;
    }
    flush();
    if (text !== "") parts.push(text);
  }
  flush();
  return parts.join("\n\n");
}

/** Options of `renderMarkdown`. */
export interface RenderOptions {
  /** Maps a reference to a link target; null (or absent) uses `defaultHrefFor`. */
  hrefFor?: HrefFor;
  /** The text of a content reference's link (GitBook writes the page title); default the href. */
  labelFor?: (ref: ContentRef) => string | null;
  /** The path `{% include %}` writes for a reusable content; default `.gitbook/includes/<id>.md`. */
  includePath?: (reusableContent: string) => string | null;
  /** GitBook's page levels: `heading-1` is `##` (the page title is the one `#`). */
  pageHeadings?: boolean;
}

/**
 * Renders a Document as GitBook's normalized markdown: CommonMark + GFM, and GitBook's blocks
 * (hints, tabs, steppers, columns, expandables, code titles, embeds, references, files, OpenAPI,
 * math, figures, drawings, includes, updates) as GitBook writes them when it syncs a space to Git.
 * Blocks markdown cannot express where they stand (inside a list item) degrade to something
 * readable; unknown ones show their content. Never throws, whatever the input.
 */
export function renderMarkdown(document: DocumentLike, options: RenderOptions = {}): string {
  const top = Array.isArray(document.nodes) ? document.nodes.filter(isRecord) : [];
  const text = renderFlow(
    top,
    {
      hrefFor: options.hrefFor,
      headingShift: options.pageHeadings ? 1 : 0,
      labelFor: options.labelFor,
      includePath: options.includePath,
      flow: renderFlow,
    },
    1,
  );
  return text === "" ? "" : `${text}\n`;
}
