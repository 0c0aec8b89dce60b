import { describe, expect, it } from "vitest";
import { as } from "../../helpers/api";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { createExecutionContext } from "cloudflare:test";
import reader from "../../../reader/src/index";
import { countingApi, readerFetch } from "../helpers";

/**
 * The reader serves a published site's pages as HTML through the API alone: the page tree,
 * the content, a 404 with suggestions for what is not there, nothing for what is not published.
 */
describe("the reader's pages", () => {
  it("renders a public site's page with its navigation and content, anonymously", async () => {
    const d = await publishedDocs();
    const res = await readerFetch(siteUrl(d.site.id, "introduction/install"));
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
    expect(res.text).toContain("<title>");
    expect(res.text).toContain("Install");
    expect(res.text).toContain("npm i");
    expect(res.text).toContain("Guide");
    expect(res.text).not.toContain("noindex");
  });

  it("declares its icon, so no browser asks for a missing /favicon.ico (issue 33)", async () => {
    const d = await publishedDocs();
    const res = await readerFetch(siteUrl(d.site.id, "guide"));
    expect(res.text).toContain(
      '<link rel="icon" type="image/svg+xml" href="/_quire/favicon.svg"/>',
    );
    const missing = await readerFetch(siteUrl(d.site.id, "no-such-page"));
    expect(missing.text).toContain('rel="icon"');
    const ico = await readerFetch("https://app.quire.test/favicon.ico");
    expect(ico.status).toBe(301);
    expect(ico.headers.get("Location")).toBe("/_quire/favicon.svg");
  });

  it("the site's root shows its first page", async () => {
    const d = await publishedDocs();
    const res = await readerFetch(siteUrl(d.site.id));
    expect(res.status).toBe(200);
    expect(res.text).toContain("Introduction");
  });

  it("answers 404 with suggestions for a missing page, and plain 404 for no site", async () => {
    const d = await publishedDocs();
    const missing = await readerFetch(siteUrl(d.site.id, "introduction/instal-guide"));
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Install");
    const none = await readerFetch(siteUrl("site_nonexistent", "x"));
    expect(none.status).toBe(404);
    const unpublished = await publishedDocs({ published: false });
    const hidden = await readerFetch(siteUrl(unpublished.site.id));
    expect(hidden.status).toBe(404);
    expect(hidden.text).toEqual(none.text);
  });

  it("keeps a rendered page: an ETag match is a 304, a repeat view costs no API call", async () => {
    const d = await publishedDocs();
    const url = siteUrl(d.site.id, "guide");
    const first = await readerFetch(url);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await readerFetch(url);
    expect(again.status).toBe(200);
    expect(again.calls.count).toBe(0);
    const conditional = await readerFetch(url, { headers: { "If-None-Match": etag } });
    expect(conditional.status).toBe(304);
    expect(conditional.calls.count).toBe(0);
  });

  it("sends a kept page gzipped once to browsers that accept it", async () => {
    const d = await publishedDocs();
    const url = siteUrl(d.site.id, "guide");
    const plain = await readerFetch(url);
    const res = await reader.fetch(
      new Request(url, { headers: { "Accept-Encoding": "gzip, br" } }),
      { API: countingApi({ count: 0, paths: [] }), PUBLIC_SITES_URL: "" },
      createExecutionContext(),
    );
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    const unzipped = res.body!.pipeThrough(new DecompressionStream("gzip"));
    expect(await new Response(unzipped).text()).toBe(plain.text);
  });

  it("unlisted sites answer noindex; a page renders for them too", async () => {
    const d = await publishedDocs({ visibility: "unlisted" });
    const res = await readerFetch(siteUrl(d.site.id, "guide"));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
  });

  it("a site's redirect answers a missing path", async () => {
    const d = await publishedDocs();
    const created = await as(d.owner.token).post(`/orgs/${d.org.id}/sites/${d.site.id}/redirects`, {
      source: "/old-install",
      destination: { kind: "path", spaceId: d.space.id, path: "introduction/install" },
    });
    expect([200, 201]).toContain(created.status);
    const res = await readerFetch(siteUrl(d.site.id, "old-install"));
    expect(res.status, res.text.slice(0, 300)).toBe(301);
    expect(res.headers.get("Location")).toContain("introduction/install");
  });
});
