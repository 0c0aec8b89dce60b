import { cacheHeadersOf } from "../site/caching";
import type { SiteContext } from "../site/context";

/**
 * How the machine addresses answer: their headers (shared caching for sites anyone may read,
 * `noindex` for every site that is not public), the plain 404, and where an address sits (the
 * site's root, a site space's root) so each answers only where it belongs.
 */

/** Whether search engines may index the site. */
export function isIndexable(ctx: SiteContext): boolean {
  return ctx.published.site.visibility === "public";
}

/** The headers of a machine answer of `contentType`. */
export function machineHeaders(ctx: SiteContext, contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    ...cacheHeadersOf(ctx.published.site, ctx.credentialed),
  };
}

/** A text answer (no body for HEAD). */
export function textAnswer(
  request: Request,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  status = 200,
): Response {
  return new Response(request.method === "HEAD" ? null : body, { status, headers });
}

/** The 404 of a machine address with nothing there. */
export function notFoundText(request: Request): Response {
  return textAnswer(
    request,
    "Not found\n",
    {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "private, no-cache",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
    },
    404,
  );
}

/** A path without trailing slashes ("" for the host's root). */
function trimmed(path: string): string {
  return path.replace(/\/+$/, "");
}

/** The path the request names without the route's suffix. */
function addressPathOf(requestUrl: URL, suffix: string): string {
  const path = requestUrl.pathname;
  return trimmed(path.endsWith(suffix) ? path.slice(0, path.length - suffix.length) : path);
}

/** Whether the request names `<site root><suffix>`. */
export function isAtSiteRoot(ctx: SiteContext, requestUrl: URL, suffix: string): boolean {
  return addressPathOf(requestUrl, suffix) === trimmed(ctx.content.siteBasePath);
}

/** Whether the request names `<site space root><suffix>`. */
export function isAtSpaceRoot(ctx: SiteContext, requestUrl: URL, suffix: string): boolean {
  return addressPathOf(requestUrl, suffix) === trimmed(ctx.content.basePath);
}

/** The site's root as an absolute URL without a trailing slash. */
export function siteRootUrl(ctx: SiteContext, requestUrl: URL): string {
  return `${requestUrl.origin}${trimmed(ctx.content.siteBasePath)}`;
}
