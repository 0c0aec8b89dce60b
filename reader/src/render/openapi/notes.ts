/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The note an API reference block renders in place of what it cannot show (the spec, the
 * operation, a legacy block's file), naming what is missing; `href` adds the link to follow.
 */
export function noteHtml(text: string, href?: string): string {
  const link = href
    ? ` <a href="${escapeHtml(href)}" rel="noopener nofollow">${escapeHtml(href)}</a>`
    : "";
  return `<div class="q-oa-block"><p class="q-oa-note" role="note">${escapeHtml(text)}${link}</p></div>`;
}
