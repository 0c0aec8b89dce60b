import type { BlockContent, Root } from "mdast";
import { gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown, type Handle, type Options, type Unsafe } from "mdast-util-to-markdown";
import { trimNewlines, type LooseNode } from "./loose";
import { blocksText } from "./text";
import { weakMemo } from "../memory/memos";
import { BoundedMap } from "../memory/bounded-map";

/**
 * mdast → markdown text in the one style Quire writes (GitBook's normalized form), through
 * `mdast-util-to-markdown`, never throwing.
 */

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
 * GitBook's: `*` bullets, `_emphasis_`, `**strong**`, `***` dividers, fenced code, list content
 * aligned after the marker, padded tables, a `{%` at the start of a line and `$$` escaped so text
 * never turns into a GitBook block or math.
 */
const MARKDOWN_STYLE: Options = {
  extensions: [gfmToMarkdown({ tablePipeAlign: true })],
  bullet: "*",
  emphasis: "_",
  strong: "*",
  rule: "*",
  fences: true,
  listItemIndent: "one",
  incrementListMarker: true,
  unsafe: [
    { character: "{", after: "%", atBreak: true },
    { character: "$", after: "\\$" },
  ],
  handlers: { text },
};

/** Serializes mdast blocks; on an unexpected failure falls back to their plain text. */
export function serialize(children: BlockContent[], blocks: LooseNode[]): string {
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
