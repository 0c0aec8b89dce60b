import { describe, expect, it } from "vitest";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";
import { docsWithHiddenGuide, twoSpaceSite } from "./machine-factories";

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
