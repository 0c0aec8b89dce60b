import { describe, expect, it } from "vitest";
import {
  MAX_SITEMAP_URLS,
  escapeXml,
  robotsText,
  sitemapIndexXml,
  urlsetXml,
} from "../../../reader/src/machine/crawlers";
import { LlmsFullText, llmsIndexText, withTitle } from "../../../reader/src/machine/llms";
import { followableMarkdown, readBounded } from "../../../reader/src/machine/page-markdown";

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
