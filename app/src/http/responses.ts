/**
 * How the app answers with HTML: one set of security headers on every screen. The CSP is strict:
 * everything from the app's own origin, no inline script or style, no third-party host; forms
 * post only to the app (the sign-in with a provider is a link, so its redirect is not a form's).
 */

/** The app's Content-Security-Policy. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every HTML answer of the app carries. */
export function htmlHeaders(): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    // Screens show a person's own data and single-use values: never kept by a cache.
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  });
}

/** An HTML answer. */
export function htmlResponse(html: string, status = 200): Response {
  return new Response(html, { status, headers: htmlHeaders() });
}

/** A redirect after a form post or to the sign-in (303: the browser follows with a GET). */
export function seeOther(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, "Cache-Control": "no-store" },
  });
}
