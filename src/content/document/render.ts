import type { BlockContent, Root } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Options } from "mdast-util-to-markdown";
import { HINT_CLOSE_LINE, hintOpenLine } from "./hints";
import type { HrefFor } from "./hrefs";
import { blockType, childNodes, dataOf, isRecord, trimNewlines, type LooseNode } from "./loose";
import { blocksToMdast } from "./render-blocks";
import { blocksText, type DocumentLike } from "./text";
import type { HintStyle } from "./types";

/** Options of `renderMarkdown`. */
export interface RenderOptions {
  /** Maps a reference to a link target; null (or absent) uses `defaultHrefFor`. */
  hrefFor?: HrefFor;
}

/**
 * The one markdown style Quire writes (the canonical form `render(parse(md))` converges to):
 * `*` bullets, `*emphasis*`, `**strong**`, `***` dividers, fenced code, one-space list indent,
 * and a `{%` at the start of a line escaped so text never turns into a hint container.
 */
const MARKDOWN_STYLE: Options = {
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  bullet: "*",
  emphasis: "*",
  strong: "*",
  rule: "*",
  fences: true,
  listItemIndent: "one",
  incrementListMarker: true,
  unsafe: [{ character: "{", after: "%", atBreak: true }],
};

const HINT_STYLES = new Set<string>(["info", "warning", "danger", "success"]);

/** Serializes mdast blocks; on an unexpected failure falls back to their plain text. */
function serialize(children: BlockContent[], blocks: LooseNode[]): string {
  const root: Root = { type: "root", children };
  try {
    return trimNewlines(toMarkdown(root, MARKDOWN_STYLE));
  } catch {
    const text = blocksText(blocks);
    const paragraph: Root = {
      type: "root",
      children: [{ type: "paragraph", children: [{ type: "text", value: text }] }],
    };
    try {
      return trimNewlines(toMarkdown(paragraph, MARKDOWN_STYLE));
    } catch {
      return "";
    }
  }
}

/**
 * Renders a Document as markdown (CommonMark + GFM + GitBook hint containers). Top-level hints
 * become `{% hint style="..." %}` ... `{% endhint %}`; blocks markdown cannot express degrade
 * (see `blockToMdast`) and unknown ones are skipped. Never throws, whatever the input.
 */
export function renderMarkdown(document: DocumentLike, options: RenderOptions = {}): string {
  const top = Array.isArray(document.nodes) ? document.nodes.filter(isRecord) : [];
  const parts: string[] = [];
  let run: LooseNode[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const text = serialize(blocksToMdast(run, options.hrefFor, 1), run);
    if (text !== "") parts.push(text);
    run = [];
  };
  for (const node of top) {
    if (blockType(node) !== "hint") {
      run.push(node);
      continue;
    }
    flush();
    const style = dataOf(node).style;
    const open = hintOpenLine(
      typeof style === "string" && HINT_STYLES.has(style) ? (style as HintStyle) : "info",
    );
    const inner = childNodes(node);
    const body = serialize(blocksToMdast(inner, options.hrefFor, 2), inner);
    parts.push(
      body === "" ? `${open}\n${HINT_CLOSE_LINE}` : `${open}\n${body}\n${HINT_CLOSE_LINE}`,
    );
  }
  flush();
  return parts.length > 0 ? `${parts.join("\n\n")}\n` : "";
}
