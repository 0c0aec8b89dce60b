import MarkdownIt from "markdown-it";
import { isolateMemo } from "../../memory/memos";
import { isSafeHref, safeHref } from "../../links/safe-href";

/** Longest description rendered (a hostile spec cannot make one block megabytes long). */
const MAX_MARKDOWN_CHARS = 20_000;

/**
 * The CommonMark renderer for descriptions written in a spec: raw HTML is shown as text, links
 * follow the one link rule (core/links/safe-href.ts: a refused target renders as text, an
 * allowed one as the rule writes it), and images become links (a spec's images live on other
 * hosts, and the reader loads nothing from third parties).
 */
const specMarkdown = new MarkdownIt("commonmark", { html: false, linkify: false });
specMarkdown.validateLink = (url) => isSafeHref(url);
specMarkdown.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = safeHref(String(token.attrGet("src") ?? "")) ?? "";
  const alt = specMarkdown.utils.escapeHtml(String(token.content || src));
  if (src === "") return alt;
  return `<a href="${specMarkdown.utils.escapeHtml(src)}" rel="noopener nofollow">${alt}</a>`;
};
const renderLink = specMarkdown.renderer.rules.link_open;
specMarkdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("href", safeHref(String(tokens[idx]!.attrGet("href") ?? "")) ?? "");
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
