import MarkdownIt from "markdown-it";
import { isolateMemo } from "../../../../core/memory/memos";

/** Link schemes a spec's description may point at; anything else renders as plain text. */
const SAFE_SCHEMES: ReadonlySet<string> = new Set(["http:", "https:", "mailto:"]);

/** Longest description rendered (a hostile spec cannot make one block megabytes long). */
const MAX_MARKDOWN_CHARS = 20_000;

/**
 * True for a link target a reader may follow: http, https or mailto, or a relative address
 * (a fragment, a path) that stays on this site. `javascript:`, `data:` and the rest are refused.
 */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`);
  return !trimmed.startsWith("//");
}

/**
 * The CommonMark renderer for descriptions written in a spec: raw HTML is shown as text, links
 * keep only safe schemes, and images become links (a spec's images live on other hosts, and the
 * reader loads nothing from third parties).
 */
const specMarkdown = new MarkdownIt("commonmark", { html: false, linkify: false });
specMarkdown.validateLink = isSafeLink;
specMarkdown.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = specMarkdown.utils.escapeHtml(String(token.content || src));
  return `<a href="${specMarkdown.utils.escapeHtml(src)}" rel="noopener nofollow">${alt}</a>`;
};
const renderLink = specMarkdown.renderer.rules.link_open;
specMarkdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("rel", "noopener nofollow");
  return renderLink
    ? renderLink(tokens, idx, options, env, self)
    : self.renderToken(tokens, idx, options);
};

/** Most rendered descriptions kept: a spec repeats its schemas' descriptions in every operation. */
const MAX_CACHED = 2_000;
const rendered = isolateMemo<string, string>("spec descriptions", { entries: MAX_CACHED });

/** A spec's CommonMark description as safe HTML (trusted output: escape-free to embed). */
export function markdownHtml(text: string): string {
  const known = rendered.get(text);
  if (known !== undefined) return known;
  const clipped = text.length > MAX_MARKDOWN_CHARS ? `${text.slice(0, MAX_MARKDOWN_CHARS)}…` : text;
  const html = specMarkdown.render(clipped);
  rendered.set(text, html);
  return html;
}
