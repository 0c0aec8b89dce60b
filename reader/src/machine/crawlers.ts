/**
 * What search engines read of a published site, as text: the sitemap of one site space's pages
 * (`<urlset>`), the sitemap index of a site with several site spaces (`<sitemapindex>`) and
 * robots.txt. Pure: the routes hand in absolute URLs already built.
 */

/** The sitemaps protocol's bound on the URLs of one file (a sitemap or an index). */
export const MAX_SITEMAP_URLS = 50_000;

/** A page as a sitemap lists it. */
export interface SitemapUrl {
  /** The page's absolute URL. */
  loc: string;
  /** When the page last changed (ISO 8601), when known. */
  lastmod?: string;
}

/** Text made safe for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A `<lastmod>` element, or nothing for a date that does not parse. */
function lastmodOf(value: string | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `<lastmod>${date.toISOString()}</lastmod>`;
}

/** A sitemap of pages (the first MAX_SITEMAP_URLS, each URL once). */
export function urlsetXml(urls: SitemapUrl[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const url of urls) {
    if (seen.has(url.loc)) continue;
    if (seen.size >= MAX_SITEMAP_URLS) break;
    seen.add(url.loc);
    lines.push(`<url><loc>${escapeXml(url.loc)}</loc>${lastmodOf(url.lastmod)}</url>`);
  }
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NAMESPACE}">`, ...lines, "</urlset>", ""].join(
    "\n",
  );
}

/** A sitemap index pointing at each sitemap (the first MAX_SITEMAP_URLS, each once). */
export function sitemapIndexXml(sitemaps: string[]): string {
  const unique = [...new Set(sitemaps)].slice(0, MAX_SITEMAP_URLS);
  const lines = unique.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...lines,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * robots.txt: a public site welcomes crawlers and names its sitemap; any other site (unlisted,
 * shared, behind visitor authentication) asks them to stay out.
 */
export function robotsText(indexable: boolean, sitemapUrl: string): string {
  return indexable
    ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n`
    : "User-agent: *\nDisallow: /\n";
}
