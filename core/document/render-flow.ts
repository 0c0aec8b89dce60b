import type { HrefFor } from "./hrefs";
import { MAX_WALK_DEPTH, blockType, type LooseNode } from "./loose";
import { blocksToMdast } from "./render-blocks";
import { gitbookBlock } from "./render-gitbook";
import { serialize } from "./render-mdast";
import type { ContentRef } from "./types";

/** What rendering a flow of blocks needs from the caller. */
export interface FlowContext {
  hrefFor: HrefFor | undefined;
  /** Markdown heading levels above the Document's (GitBook pages: 1). */
  headingShift: number;
  labelFor: ((ref: ContentRef) => string | null) | undefined;
  includePath: ((reusableContent: string) => string | null) | undefined;
}

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
export function renderFlow(nodes: LooseNode[], ctx: FlowContext, depth: number): string {
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
