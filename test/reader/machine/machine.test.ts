import { describe, expect, it, beforeAll } from "vitest";
import {
  MAX_SITEMAP_URLS,
  escapeXml,
  robotsText,
  sitemapIndexXml,
  urlsetXml,
} from "../../../reader/src/machine/crawlers";
import { LlmsFullText, llmsIndexText, withTitle } from "../../../reader/src/machine/llms";
import { followableMarkdown, readBounded } from "../../../reader/src/machine/page-markdown";
import { commitChanges } from "../../helpers/content-factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";
import { docsWithHiddenGuide, twoSpaceSite } from "./machine-factories";
import { emptyStorage } from "../../helpers/storage";

describe("builders", () => {
  /** The machine addresses' pure builders: XML, robots, llms texts, markdown references. */
  describe("the machine addresses' builders", () => {
    it("escapes XML and writes a urlset with each URL once, lastmod when it parses", () => {
      expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
      const xml = urlsetXml([
        { loc: "https://x.test/a?b=1&c=2", lastmod: "2026-01-02T03:04:05.000Z" },
        { loc: "https://x.test/a?b=1&c=2" },
        { loc: "https://x.test/<b>", lastmod: "not a date" },
      ]);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml).toContain(
        "<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>",
      );
      expect(xml).toContain("<url><loc>https://x.test/&lt;b&gt;</loc></url>");
      expect(xml.match(/<url>/g)).toHaveLength(2);
    });

    it("caps a sitemap and an index at 50,000 URLs", () => {
      const urls = Array.from({ length: MAX_SITEMAP_URLS + 5 }, (_, i) => ({
        loc: `https://x.test/${i}`,
      }));
      expect(urlsetXml(urls).match(/<url>/g)).toHaveLength(MAX_SITEMAP_URLS);
      const index = sitemapIndexXml(urls.map((u) => u.loc));
      expect(index).toContain("<sitemapindex");
      expect(index.match(/<sitemap>/g)).toHaveLength(MAX_SITEMAP_URLS);
    });

    it("writes robots.txt both ways", () => {
      expect(robotsText(true, "https://x.test/sitemap.xml")).toBe(
        "User-agent: *\nAllow: /\n\nSitemap: https://x.test/sitemap.xml\n",
      );
      expect(robotsText(false, "https://x.test/sitemap.xml")).toBe("User-agent: *\nDisallow: /\n");
    });

    it("puts the title line first, once", () => {
      expect(withTitle("Guide", "# Guide\n\nSteps.\n")).toBe("# Guide\n\nSteps.\n");
      expect(withTitle("Install", "Run `npm i`.\n")).toBe("# Install\n\nRun `npm i`.\n");
      expect(withTitle("Empty", "")).toBe("# Empty\n");
    });

    it("writes llms.txt: title, description, headed sections, escaped links", () => {
      const text = llmsIndexText({
        title: "Docs",
        description: "All\nabout it",
        sections: [
          {
            heading: "API / v2",
            pages: [
              { title: "A [b]", url: "https://x.test/a (1).md", description: "About A" },
              { title: "C", url: "https://x.test/c.md" },
            ],
          },
          { heading: "Empty", pages: [] },
        ],
      });
      expect(text).toBe(
        "# Docs\n\n> All about it\n\n## API / v2\n\n" +
          "- [A \\[b\\]](https://x.test/a%20%281%29.md): About A\n- [C](https://x.test/c.md)\n",
      );
    });

    it("bounds llms-full.txt by pages and bytes and says where the rest is", () => {
      const byPages = new LlmsFullText(2, 1_000_000);
      for (const n of [1, 2, 3]) {
        byPages.add({ title: `P${n}`, url: `https://x.test/p${n}`, markdown: `Body ${n}` });
      }
      expect(byPages.full).toBe(true);
      const text = byPages.text(1, "https://x.test/llms.txt");
      expect(text).toContain("# P1\n\nSource: https://x.test/p1\n\nBody 1\n");
      expect(text).toContain("# P2\n\nSource: https://x.test/p2\n\nBody 2\n");
      expect(text).not.toContain("Body 3");
      expect(text.trimEnd().split("\n").at(-1)).toContain("the other 1 pages");
      expect(text).toContain("https://x.test/llms.txt");

      const byBytes = new LlmsFullText(10, 60);
      expect(byBytes.add({ title: "A", url: "https://x.test/a", markdown: "x" })).toBe(true);
      expect(byBytes.add({ title: "B", url: "https://x.test/b", markdown: "y".repeat(80) })).toBe(
        false,
      );
      expect(byBytes.text(0, "https://x.test/llms.txt")).not.toContain("cut");
    });

    it("makes the API's stable references followable, leaving other spaces' alone", () => {
      const markdown =
        "See [A](/pages/p1), [A's part](/pages/p1#part), [gone](/pages/p9), " +
        "![logo](/files/f1), [other](/spaces/s2/pages/p1) and [web](https://x.test/pages/p1).";
      const out = followableMarkdown(markdown, {
        page: (id) => (id === "p1" ? "https://x.test/a" : undefined),
        file: (id) => (id === "f1" ? "https://files.test/f1" : undefined),
      });
      expect(out).toBe(
        "See [A](https://x.test/a), [A's part](https://x.test/a#part), [gone](/pages/p9), " +
          "![logo](https://files.test/f1), [other](/spaces/s2/pages/p1) and [web](https://x.test/pages/p1).",
      );
    });

    it("reads with bounded concurrency, answers in order", async () => {
      let running = 0;
      let most = 0;
      const answers = await readBounded([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3, async (n) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10 - n));
        running -= 1;
        return n * 2;
      });
      expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
      expect(most).toBe(3);
    });
  });
});

describe("markdown-twin", () => {
  beforeAll(emptyStorage);
  /** Every page's markdown twin: `<page>.md`, `<site space>/index.md` for the first page. */
  describe("the reader's .md twins", () => {
    it("serves a page's markdown under its title, with an ETag and 304s that cost nothing", async () => {
      const d = await publishedDocs();
      const url = siteUrl(d.site.id, "introduction/install.md");
      const first = await readerFetch(url);
      expect(first.status, first.text.slice(0, 300)).toBe(200);
      expect(first.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
      expect(first.text.startsWith("# Install\n")).toBe(true);
      expect(first.text).toContain("Run `npm i`.");
      expect(first.headers.get("X-Robots-Tag")).toBeNull();
      expect(
        first.calls.paths.some((p) => p.endsWith(`/page/${d.pages.get("Install")!.pageId}`)),
      ).toBe(true);
      const etag = first.headers.get("ETag")!;
      expect(etag).toMatch(/^"[0-9a-f]+"$/);
      const html = await readerFetch(siteUrl(d.site.id, "introduction/install"));
      expect(html.headers.get("ETag")).not.toBe(etag);

      const again = await readerFetch(url);
      expect(again.text).toBe(first.text);
      expect(again.calls.count).toBe(0);
      const conditional = await readerFetch(url, { headers: { "If-None-Match": etag } });
      expect(conditional.status).toBe(304);
      expect(conditional.calls.count).toBe(0);
    });

    it("writes the title once when the markdown already opens with it", async () => {
      const d = await publishedDocs();
      const res = await readerFetch(siteUrl(d.site.id, "guide.md"));
      expect(res.status).toBe(200);
      expect(res.text.match(/^# Guide$/gm)).toHaveLength(1);
      expect(res.text).toContain("Steps.");
    });

    it("serves the first page at the site space's index.md", async () => {
      const d = await publishedDocs();
      const res = await readerFetch(siteUrl(d.site.id, "index.md"));
      expect(res.status).toBe(200);
      expect(res.text.startsWith("# Introduction\n")).toBe(true);
      expect(res.text).toContain("Hello **world**.");
    });

    it("turns the API's page and file references into addresses a reader can follow", async () => {
      const d = await publishedDocs();
      const guide = d.pages.get("Guide")!.pageId;
      await commitChanges(d.space.id, d.owner.user.id, [
        {
          operation: "update_page",
          page: guide,
          document: {
            markdown: `See [Install](/pages/${d.pages.get("Install")!.pageId}) and [logo](/files/${d.file.fileId}).\n`,
          },
        },
      ]);
      const res = await readerFetch(siteUrl(d.site.id, "guide.md"));
      expect(res.status).toBe(200);
      expect(res.text).toContain(`[Install](${siteUrl(d.site.id, "introduction/install")})`);
      expect(res.text).not.toContain("/files/");
      expect(res.text).toMatch(/\[logo\]\(https?:\/\/[^)]+\)/);
    });

    it("answers 404 for a missing page and for no site", async () => {
      const d = await publishedDocs();
      const missing = await readerFetch(siteUrl(d.site.id, "nothing-here.md"));
      expect(missing.status).toBe(404);
      expect(missing.headers.get("Content-Type")).toContain("text/plain");
      const none = await readerFetch(siteUrl("site_nonexistent", "guide.md"));
      expect(none.status).toBe(404);
    });

    it("marks an unlisted site's markdown noindex", async () => {
      const d = await publishedDocs({ visibility: "unlisted" });
      const res = await readerFetch(siteUrl(d.site.id, "guide.md"));
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
    });
  });
});

describe("crawlers", () => {
  beforeAll(emptyStorage);
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
});

describe("llms", () => {
  beforeAll(emptyStorage);
  /** What language models read: llms.txt (links to every page's markdown) and llms-full.txt. */
  describe("the reader's llms.txt and llms-full.txt", () => {
    it("llms.txt lists the readable pages with links to their markdown", async () => {
      const d = await docsWithHiddenGuide();
      const res = await readerFetch(siteUrl(d.site.id, "llms.txt"));
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("text/markdown");
      expect(res.text.startsWith(`# ${d.site.title}\n`)).toBe(true);
      expect(res.text).toContain(`- [Introduction](${siteUrl(d.site.id, "index.md")})`);
      expect(res.text).toContain(
        `- [Install](${siteUrl(d.site.id, "introduction/install.md")}): How to`,
      );
      expect(res.text).not.toContain("Guide");
      expect((await readerFetch(siteUrl(d.site.id, "guide/llms.txt"))).status).toBe(404);
    });

    it("llms.txt heads each site space of a site with several", async () => {
      const d = await twoSpaceSite();
      const res = await readerFetch(siteUrl(d.site.id, "llms.txt"));
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.text.match(/^## /gm)).toHaveLength(2);
      expect(res.text).toContain("- [Guide](");
      expect(res.text).toMatch(
        /- \[Errors\]\(https:\/\/app\.quire\.test\/sites\/[^)]+\/errors\.md\)/,
      );
    });

    it("llms-full.txt holds each readable page's markdown in reading order, kept", async () => {
      const d = await publishedDocs();
      const url = siteUrl(d.site.id, "llms-full.txt");
      const res = await readerFetch(url);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      const order = ["# Introduction", "Hello **world**.", "# Install", "Run `npm i`.", "# Guide"];
      const at = order.map((text) => res.text.indexOf(text));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(res.text).toContain(`Source: ${siteUrl(d.site.id, "introduction/install")}`);
      expect(res.text.match(/^# Guide$/gm)).toHaveLength(1);
      const etag = res.headers.get("ETag")!;
      const conditional = await readerFetch(url, { headers: { "If-None-Match": etag } });
      expect(conditional.status).toBe(304);
    });

    it("answers a site that is not public with noindex", async () => {
      const d = await publishedDocs({ visibility: "unlisted" });
      const res = await readerFetch(siteUrl(d.site.id, "llms-full.txt"));
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(res.text).toContain("Run `npm i`.");
    });
  });
});
