import MarkdownIt from "markdown-it";
import footnote from "markdown-it-footnote";
import { MAX_MARKDOWN_NESTING } from "./limits";

/** What follows `www.` in a GFM extended www autolink: a domain, then an optional path. */
const WWW_TAIL = /(?:[\w-]+\.)*[\w-]+(?:[/?#][^\s<]*)?/y;
const TRAILING_PUNCTUATION = new Set([..."?!.,:*_~"]);

/**
 * The length of a `www.` autolink's tail at `pos`, as GFM counts it: any domain (linkify-it
 * alone only accepts known top-level domains), without trailing punctuation and unbalanced
 * closing parentheses. Linear: one backward scan, no backtracking regex.
 */
function wwwTail(text: string, pos: number): number {
  WWW_TAIL.lastIndex = pos;
  const match = WWW_TAIL.exec(text);
  if (!match) return 0;
  const tail = match[0];
  let open = 0;
  let close = 0;
  for (const ch of tail) {
    if (ch === "(") open++;
    else if (ch === ")") close++;
  }
  let end = tail.length;
  while (end > 0) {
    const ch = tail[end - 1] as string;
    if (TRAILING_PUNCTUATION.has(ch)) end--;
    else if (ch === ")" && close > open) {
      end--;
      close--;
    } else break;
  }
  return end;
}

/**
 * The one markdown-it instance: CommonMark + GFM tables, strikethrough and autolink literals
 * (`linkify`, with GFM's `www.` rule), footnotes kept in place (no tail, no inline notes), raw
 * HTML as nodes. Links are neither validated nor percent-encoded here: the converter applies
 * Quire's own link rule (`isUnsafeLinkUrl`) and keeps targets as written. `maxNesting` stops
 * markdown-it's own recursion a few levels past `MAX_MARKDOWN_NESTING`, where the adapter
 * refuses the document anyway.
 */
export const md = new MarkdownIt("default", { html: true, linkify: true, typographer: false });
md.set({ maxNesting: MAX_MARKDOWN_NESTING + 10 });
md.use(footnote);
md.disable(["footnote_tail", "footnote_inline"]);
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;
md.linkify.add("www.", {
  validate: (text: string, pos: number) => wwwTail(text, pos),
  normalize: (match: { url: string }) => {
    match.url = `http://${match.url}`;
  },
});
