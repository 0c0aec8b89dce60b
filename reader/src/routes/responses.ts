import { renderNotFound } from "../layout/not-found";

/**
 * How the reader answers with HTML: one set of security headers (a strict CSP: scripts and
 * styles from the reader's own host only, no third-party host), and the plain 404 page for an
 * address no published site answers.
 */

/** The reader's Content-Security-Policy: its own scripts and styles, nothing inline. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "media-src 'self' https:",
  "frame-src https:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** Headers every HTML answer carries. */
export function htmlHeaders(extra: Record<string, string> = {}): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...extra,
  });
}

/** An HTML answer. */
export function htmlResponse(
  html: string | null,
  status: number,
  extra: Record<string, string> = {},
) {
  return new Response(html, { status, headers: htmlHeaders(extra) });
}

/** The 404 of an address no published site answers for this visitor: nothing is there. */
export function notFoundResponse(): Response {
  const html = renderNotFound({ nav: [], suggestions: [] });
  return htmlResponse(html, 404, {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
}
