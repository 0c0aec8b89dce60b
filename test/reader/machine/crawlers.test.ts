import { describe, expect, it } from "vitest";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";
import { docsWithHiddenGuide, twoSpaceSite } from "./machine-factories";

/** What search engines read: sitemap.xml (and each site space's sitemap-pages.xml), robots.txt. */
describe("the reader's sitemaps and robots.txt", () => {
  it("lists every readable page of a public site once, hidden pages left out", async () => {
    const d = await docsWithHiddenGuide();
    const res = await readerFetch(siteUrl(d.site.id, "sitemap.xml"));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(res.text).toContain("<urlset");
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([siteUrl(d.site.id) + "/", siteUrl(d.site.id, "introduction/install")]);
    expect(res.text.match(/<lastmod>/g)).toHaveLength(2);
  });

  it("has no sitemap for an unlisted site, nor below the site's root", async () => {
    const unlisted = await publishedDocs({ visibility: "unlisted" });
    expect((await readerFetch(siteUrl(unlisted.site.id, "sitemap.xml"))).status).toBe(404);
    const d = await publishedDocs();
    expect((await readerFetch(siteUrl(d.site.id, "guide/sitemap.xml"))).status).toBe(404);
  });

  it("indexes each site space's sitemap for a site with several", async () => {
    const d = await twoSpaceSite();
    const res = await readerFetch(siteUrl(d.site.id, "sitemap.xml"));
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).toContain("<sitemapindex");
    const sitemaps = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(sitemaps).toHaveLength(2);
    expect(sitemaps[0]).toBe(siteUrl(d.site.id, "sitemap-pages.xml"));
    const second = await readerFetch(sitemaps[1]!);
    expect(second.status, `${sitemaps[1]} ${second.text.slice(0, 300)}`).toBe(200);
    const locs = [...second.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(2);
    expect(locs[1]).toMatch(/\/errors$/);
    const first = await readerFetch(sitemaps[0]!);
    expect(first.text).toContain(siteUrl(d.site.id, "guide"));
  });

  it("robots.txt welcomes crawlers to a public site and names its sitemap", async () => {
    const d = await publishedDocs();
    const res = await readerFetch(siteUrl(d.site.id, "robots.txt"));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(d.site.id, "sitemap.xml")}\n`,
    );
    expect((await readerFetch(siteUrl(d.site.id, "guide/robots.txt"))).status).toBe(404);
  });

  it("robots.txt keeps crawlers out of any other site", async () => {
    const d = await publishedDocs({ visibility: "unlisted" });
    const res = await readerFetch(siteUrl(d.site.id, "robots.txt"));
    expect(res.status).toBe(200);
    expect(res.text).toBe("User-agent: *\nDisallow: /\n");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  });
});
