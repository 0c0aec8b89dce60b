import type { SiteContext } from "../site/context";
import { localHref } from "../site/site-view";
import {
  isAtSiteRoot,
  isAtSpaceRoot,
  isIndexable,
  machineHeaders,
  notFoundText,
  siteRootUrl,
  textAnswer,
} from "./answers";
import { robotsText, sitemapIndexXml, urlsetXml } from "./crawlers";
import { currentSpacePages, keptFromSearch, listedSiteSpaces } from "./site-spaces";

/**
 * The addresses search engines read: `sitemap.xml` at a public site's root (its pages, or an
 * index of its site spaces' `sitemap-pages.xml` when it has several), each site space's
 * `sitemap-pages.xml`, and `robots.txt` at the site's root. Other sites have no sitemap.
 */

/** The suffixes these routes answer. */
export const SITEMAP = "/sitemap.xml";
export const SITEMAP_PAGES = "/sitemap-pages.xml";
export const ROBOTS = "/robots.txt";

const XML = "application/xml; charset=utf-8";

/** The sitemap of the resolved site space's pages (those asking not to be indexed left out). */
function pagesSitemap(ctx: SiteContext, requestUrl: URL): string {
  const pages = currentSpacePages(ctx, requestUrl).pages.filter((p) => !keptFromSearch(p.entry));
  return urlsetXml(
    pages.map((p) => ({ loc: p.url, ...(p.lastmod ? { lastmod: p.lastmod } : {}) })),
  );
}

/** Answers `<site root>/sitemap.xml`. */
export function serveSitemap(ctx: SiteContext, requestUrl: URL, request: Request): Response {
  if (!isIndexable(ctx) || !isAtSiteRoot(ctx, requestUrl, SITEMAP)) return notFoundText(request);
  const listed = listedSiteSpaces(ctx.published);
  if (listed.length <= 1) {
    return textAnswer(request, pagesSitemap(ctx, requestUrl), machineHeaders(ctx, XML));
  }
  const sitemaps = listed.flatMap((row) => {
    const href = localHref(row.siteSpace.urls.published, requestUrl);
    if (!href) return [];
    const root = new URL(href, requestUrl).toString().replace(/\/+$/, "");
    return [`${root}${SITEMAP_PAGES}`];
  });
  return textAnswer(request, sitemapIndexXml(sitemaps), machineHeaders(ctx, XML));
}

/** Answers `<site space root>/sitemap-pages.xml`. */
export function serveSpaceSitemap(ctx: SiteContext, requestUrl: URL, request: Request): Response {
  if (!isIndexable(ctx) || !isAtSpaceRoot(ctx, requestUrl, SITEMAP_PAGES)) {
    return notFoundText(request);
  }
  return textAnswer(request, pagesSitemap(ctx, requestUrl), machineHeaders(ctx, XML));
}

/** Answers `<site root>/robots.txt`. */
export function serveRobots(ctx: SiteContext, requestUrl: URL, request: Request): Response {
  if (!isAtSiteRoot(ctx, requestUrl, ROBOTS)) return notFoundText(request);
  const body = robotsText(isIndexable(ctx), `${siteRootUrl(ctx, requestUrl)}${SITEMAP}`);
  return textAnswer(request, body, machineHeaders(ctx, "text/plain; charset=utf-8"));
}
