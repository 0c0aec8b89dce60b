import { describe, expect, it } from "vitest";
import { commitChanges } from "../../helpers/content-factories";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { readerFetch } from "../helpers";

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
