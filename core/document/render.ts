import type { BlockContent, Root } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Handle, type Options, type Unsafe } from "mdast-util-to-markdown";
import { HINT_CLOSE_LINE, hintOpenLine } from "./hints";
import type { HrefFor } from "./hrefs";
import { blockType, childNodes, dataOf, isRecord, trimNewlines, type LooseNode } from "./loose";
import { blocksToMdast } from "./render-blocks";
import { blocksText, type DocumentLike } from "./text";
import type { HintStyle } from "./types";
import { weakMemo } from "../memory/memos";
import { BoundedMap } from "../memory/bounded-map";

/** Options of `renderMarkdown`. */
export interface RenderOptions {
  /** Maps a reference to a link target; null (or absent) uses `defaultHrefFor`. */
  hrefFor?: HrefFor;
}

/** Per `unsafe` list of a serialization: a test for any character a pattern could escape. */
const unsafeCharacters = weakMemo<Unsafe[], RegExp>("unsafe character tests");

/** Escaped short text values per serialization (the same text in the same context repeats). */
const safeMemos = weakMemo<object, BoundedMap<string, string>>("escaped texts");
const MEMO_MAX_VALUE = 64;
const MEMO_MAX_ENTRIES = 10_000;

/**
 * `text` handler: the library's (`state.safe` with the neighbouring nodes), except that a value
 * holding no character of any unsafe pattern and no backslash is returned as is (what `safe`
 * returns for it) without running every pattern over it, and short values are memoized per
 * serialization and context. A paragraph of many short text nodes (hard breaks, emphasis runs)
 * spent most of its rendering time in `safe`.
 */
const text: Handle = (node, parent, state, info) => {
  const value = (node as { value: string }).value;
  let test = unsafeCharacters.get(state.unsafe);
  if (!test) {
    const characters = new Set(state.unsafe.map((pattern) => pattern.character));
    characters.add("\\");
    const escaped = [...characters].map(
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    test = new RegExp(`[${escaped.join("")}]`);
    unsafeCharacters.set(state.unsafe, test);
  }
  if (!test.test(value)) return value;
  const siblings = parent && "children" in parent ? parent.children : [];
  const index = state.indexStack[state.indexStack.length - 1] ?? -1;
  const afterNode = siblings[index + 1];
  const beforeNode = siblings[index - 1];
  if (value.length > MEMO_MAX_VALUE) return state.safe(value, { ...info, afterNode, beforeNode });
  // `safe` depends only on these (and on the state's constant `unsafe` list).
  const key = JSON.stringify([
    value,
    info.before,
    info.after,
    beforeNode?.type ?? "",
    afterNode?.type ?? "",
    (info as { encode?: string[] }).encode ?? [],
    state.stack,
  ]);
  let memo = safeMemos.get(state);
  if (!memo) safeMemos.set(state, (memo = new BoundedMap({ entries: MEMO_MAX_ENTRIES })));
  const known = memo.get(key);
  if (known !== undefined) return known;
  const result = state.safe(value, { ...info, afterNode, beforeNode });
  memo.set(key, result);
  return result;
};

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
  handlers: { text },
};

const HINT_STYLES: ReadonlySet<string> = new Set<string>(["info", "warning", "danger", "success"]);

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
