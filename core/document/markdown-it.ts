import MarkdownIt, { type StateInline, type Token } from "markdown-it";
import footnote from "markdown-it-footnote";
import { MAX_MARKDOWN_NESTING } from "./limits";

/** What follows `www.` in a GFM extended www autolink: a domain, then an optional path. */
const WWW_TAIL = /(?:[\w-]+\.)*[\w-]+(?:[/?#][^\s<]*)?/y;
const TRAILING_PUNCTUATION: ReadonlySet<string> = new Set([..."?!.,:*_~"]);

/**
 * The length of a `www.` autolink's tail at `pos`, as GFM counts it (every domain; linkify-it
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
 * markdown-it's `Token`, built without the `_defineProperty` helper its published build sets
 * each of its fields through (a tenth of parsing time went there). Same fields, same order, same
 * prototype (methods, `instanceof`).
 */
const FastToken = function (this: Token, type: string, tag: string, nesting: Token["nesting"]) {
  this.map = null;
  this.level = 0;
  this.children = null;
  this.content = "";
  this.markup = "";
  this.info = "";
  this.block = false;
  this.hidden = false;
  this.type = type;
  this.tag = tag;
  this.attrs = null;
  this.nesting = nesting;
  this.meta = null;
} as unknown as new (type: string, tag: string, nesting: Token["nesting"]) => Token;
FastToken.prototype = MarkdownIt.Token.prototype;

// The block and inline states' token constructors, as markdown-it 15.0.3 writes them, with
// `FastToken`: most tokens are made there (rules and plugins calling `new state.Token` are rare).
MarkdownIt.StateBlock.prototype.push = function (type, tag, nesting) {
  const token = new FastToken(type, tag, nesting);
  token.block = true;
  if (nesting < 0) this.level--;
  token.level = this.level;
  if (nesting > 0) this.level++;
  this.tokens.push(token);
  return token;
};
MarkdownIt.StateInline.prototype.pushPending = function () {
  const token = new FastToken("text", "", 0);
  token.content = this.pending;
  token.level = this.pendingLevel;
  this.tokens.push(token);
  this.pending = "";
  return token;
};
MarkdownIt.StateInline.prototype.push = function (type, tag, nesting) {
  if (this.pending) this.pushPending();
  const token = new FastToken(type, tag, nesting);
  let meta: { delimiters: StateInline["delimiters"] } | undefined;
  if (nesting < 0) {
    this.level--;
    this.delimiters = this._prev_delimiters.pop() as typeof this.delimiters;
  }
  token.level = this.level;
  if (nesting > 0) {
    this.level++;
    this._prev_delimiters.push(this.delimiters);
    this.delimiters = [];
    meta = { delimiters: this.delimiters };
  }
  this.pendingLevel = this.level;
  this.tokens.push(token);
  this.tokens_meta.push(meta);
  return token;
};

/**
 * The one markdown-it instance: CommonMark + GFM tables, strikethrough and autolink literals
 * (`linkify`, with GFM's `www.` rule), footnotes kept in place (no tail, no inline notes), raw
 * HTML as nodes. Links are neither validated nor percent-encoded here: the converter applies
 * Quire's own link rule (`isSafeHref`, core/links) and keeps targets as written. `maxNesting` stops
 * markdown-it's own recursion a few levels past `MAX_MARKDOWN_NESTING`, where the adapter
 * refuses the document anyway.
 */
export const md = new MarkdownIt("default", { html: true, linkify: true, typographer: false });
md.set({ maxNesting: MAX_MARKDOWN_NESTING + 10 });
md.use(footnote);
md.disable(["footnote_tail", "footnote_inline"]);
// Escapes stay tokens of their own (`text_special`), so `\[x]` is never read as a task marker.
md.disable("text_join");
md.validateLink = () => true;
md.normalizeLink = (url) => url;
md.normalizeLinkText = (text) => text;
md.linkify.add("www.", {
  validate: (text: string, pos: number) => wwwTail(text, pos),
  normalize: (match: { url: string }) => {
    match.url = `http://${match.url}`;
  },
});

/**
 * GitBook's inline math, `$$formula$$` (the formula as written, no markdown inside): a
 * `math_inline` token. The closing `$$` is the next one on the line run; none, no math.
 */
md.inline.ruler.before("escape", "math_inline", (state: StateInline, silent: boolean) => {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x24 || src.charCodeAt(pos + 1) !== 0x24) return false;
  const close = src.indexOf("$$", pos + 2);
  if (close < 0 || close === pos + 2 || close >= state.posMax) return false;
  if (!silent) {
    const token = state.push("math_inline", "", 0);
    token.content = src.slice(pos + 2, close);
  }
  state.pos = close + 2;
  return true;
});
