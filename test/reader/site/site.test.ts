import { describe, expect, it, afterEach, vi, beforeAll } from "vitest";
import { as, call } from "../../helpers/api";
import { publishedDocs, siteUrl } from "../../helpers/reading-factories";
import { createExecutionContext } from "cloudflare:test";
import reader from "../../../reader/src/index";
import { countingApi, readerFetch } from "../helpers";
import type { RevisionPage, PublishedContentSite, PublishedSiteContent } from "@gitbook/api";
import {
  FULL_NAVIGATION_LIMIT,
  navigation,
  pageAtPath,
  walkTree,
  type Hrefs,
} from "../../../reader/src/site/tree";
import { makeOrg, unique } from "../../helpers/factories";
import { makeContentSpace, commitChanges, seedMainFile } from "../../helpers/content-factories";
import { commitIndexed } from "../../search/fixtures";
import { makeSite } from "../../helpers/sites-factories";
import { siteViewOf } from "../../../reader/src/site/site-view";
import { showsInline, servedType } from "../../../core/files/serving";
import { emptyStorage } from "../../helpers/storage";

describe("pages", () => {
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
      const created = await as(d.owner.token).post(
        `/orgs/${d.org.id}/sites/${d.site.id}/redirects`,
        {
          source: "/old-install",
          destination: { kind: "path", spaceId: d.space.id, path: "introduction/install" },
        },
      );
      expect([200, 201]).toContain(created.status);
      const res = await readerFetch(siteUrl(d.site.id, "old-install"));
      expect(res.status, res.text.slice(0, 300)).toBe(301);
      expect(res.headers.get("Location")).toContain("introduction/install");
    });
  });
});

describe("navigation", () => {
  /** A document page (no body: the tree's shape only). */
  function doc(id: string, path: string, pages: RevisionPage[] = []): RevisionPage {
    return {
      id,
      title: id,
      type: "document",
      kind: "sheet",
      path,
      slug: id,
      pages,
    } as unknown as RevisionPage;
  }

  /** `groups` groups of `each` pages. */
  function groupedTree(groups: number, each: number): RevisionPage[] {
    return Array.from({ length: groups }, (_, g) => ({
      id: `g${g}`,
      title: `Group ${g}`,
      type: "group",
      kind: "group",
      path: `g${g}`,
      slug: `g${g}`,
      pages: Array.from({ length: each }, (_, p) => doc(`p${g}-${p}`, `g${g}/p${p}`)),
    })) as unknown as RevisionPage[];
  }

  const hrefs: Hrefs = { spacePath: "/site", link: () => undefined };

  /** Every item of a navigation, depth first. */
  function count(items: ReturnType<typeof navigation>): number {
    return items.reduce((n, item) => n + 1 + count(item.children), 0);
  }

  describe("the reader's navigation", () => {
    it("lists every page of a tree within the limit", () => {
      const tree = walkTree(groupedTree(5, 30));
      const nav = navigation(tree, pageAtPath(tree, "g2/p4"), hrefs);
      expect(count(nav)).toBe(5 + 150);
      expect(nav.every((group) => group.kind === "group")).toBe(true);
    });

    it("shows the top level and the current branch of a larger tree, other sections as links", () => {
      const tree = walkTree(groupedTree(10, 100));
      expect(tree.entries.length).toBeGreaterThan(FULL_NAVIGATION_LIMIT);
      const nav = navigation(tree, pageAtPath(tree, "g3/p7"), hrefs);
      expect(nav).toHaveLength(10);
      expect(count(nav)).toBe(10 + 100);
      const open = nav.find((item) => item.id === "g3")!;
      expect(open.kind).toBe("group");
      expect(open.children.find((c) => c.id === "p3-7")!.active).toBe(true);
      const closed = nav.find((item) => item.id === "g5")!;
      expect(closed).toMatchObject({ kind: "page", href: "/site/g5/p0", children: [] });
    });
  });
});

describe("search-pages", () => {
  beforeAll(emptyStorage);
  /** The hrefs of the hits a search page lists. */
  function hitHrefs(html: string): string[] {
    return [...html.matchAll(/<h2 class="q-hit-title"><a href="([^"]+)"/g)].map((m) => m[1]!);
  }

  /**
   * The search page offers every result the API has: a next page when there are more (issue 33:
   * it said "24 results" and offered no next page while the API had more).
   */
  describe("the reader's search pages", () => {
    it("pages through every hit with links that work without JavaScript", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      await commitIndexed(
        space.id,
        owner,
        Array.from({ length: 45 }, (_, i) => ({
          operation: "insert_page" as const,
          title: `Kiwi ${i}`,
          document: { markdown: `Growing kiwi fruit, part ${i}.\n` },
        })),
      );
      const site = await makeSite(org.id, owner, {
        spaces: [{ id: space.id }],
        published: true,
        visibility: "public",
      });
      const seen = new Set<string>();
      let url: string | undefined = `${siteUrl(site.id)}/~search?q=kiwi`;
      for (let step = 0; url && step < 10; step++) {
        const res = await readerFetch(url);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        for (const href of hitHrefs(res.text)) {
          expect(seen.has(href)).toBe(false);
          seen.add(href);
        }
        const next = /<a href="([^"]+)" rel="next">Next results<\/a>/.exec(res.text)?.[1];
        url = next ? new URL(next.replace(/&amp;/g, "&"), url).toString() : undefined;
        if (step === 0) expect(next).toBeDefined();
      }
      expect(seen.size).toBe(45);
    });
  });
});

describe("link-rule", () => {
  /** The site's own links (external section links) follow the one link rule (core/links). */
  describe("the site's external section links", () => {
    it("link what the rule allows, as it writes it, and drop the rest", () => {
      const external = (id: string, url: string) => ({
        object: "site-external-link",
        id,
        title: id,
        url,
      });
      const published = {
        site: { id: "site_1", title: "Docs", visibility: "public" },
        structure: {
          type: "sections",
          structure: [
            external("ok", "https://ok.test/x"),
            external("relative", "//cdn.test/y"),
            external("script", " JaVa\tScript:alert(1)"),
            external("data", "data:text/html,<b>x</b>"),
            external("mail", "mailto:a@b.test"),
          ],
        },
      } as unknown as PublishedContentSite;
      const content = {
        siteSection: "none",
        siteSpace: "none",
        siteBasePath: "/",
        basePath: "/",
      } as unknown as PublishedSiteContent;
      const view = siteViewOf(published, content, new URL("https://docs.test/"));
      expect(view.sections.map((s) => [s.id, s.href])).toEqual([
        ["ok", "https://ok.test/x"],
        ["relative", "https://cdn.test/y"],
        ["mail", "mailto:a@b.test"],
      ]);
    });
  });
});

describe("embeds", () => {
  beforeAll(emptyStorage);
  /**
   * An embed whose host does not answer in time degrades to a link card: the page still renders,
   * within the reader's budget per embed, never waiting on the far host.
   */
  describe("the reader's embeds", () => {
    it("renders a page whose embed times out, with the embed as a link", async () => {
      const d = await publishedDocs();
      const url = `https://echo.example.com/slow/6000?x=${unique("e")}`;
      await commitChanges(d.space.id, d.owner.user.id, [
        {
          operation: "insert_page",
          title: "Embedded",
          document: {
            document: {
              object: "document",
              data: {},
              nodes: [
                {
                  object: "block",
                  type: "paragraph",
                  data: {},
                  nodes: [
                    { object: "text", leaves: [{ object: "leaf", text: "Before.", marks: [] }] },
                  ],
                },
                { object: "block", type: "embed", isVoid: true, data: { url } },
              ],
            },
          },
        },
      ]);
      const res = await readerFetch(siteUrl(d.site.id, "embedded"));
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.text).toContain("Before.");
      expect(res.text).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    }, 20_000);
  });
});

describe("files", () => {
  beforeAll(emptyStorage);
  /** The reader's address of a published file (`/_quire/files/<site>/<hash>/<name>`). */
  function proxied(siteId: string, file: { hash: string; name: string }): string {
    return `https://app.quire.test/_quire/files/${siteId}/${file.hash}/${encodeURIComponent(file.name)}`;
  }

  const bytes = (text: string) => new TextEncoder().encode(text);

  /**
   * Finding 11 of the probe: the reader's file proxy dropped the API's sandbox policy and served a
   * `text/javascript` upload from the site's own origin (a `script-src 'self'` gadget), and an
   * unanchored type check served `image/pngx` inline. Both ways serve files by one rule now.
   */
  describe("published files on a site's own host", () => {
    it("never serves an upload as a script or style of the site's origin", async () => {
      const d = await publishedDocs();
      for (const [name, type] of [
        ["gadget.js", "text/javascript"],
        ["gadget.mjs", "application/javascript; charset=utf-8"],
        ["style.css", "text/css"],
      ] as const) {
        const file = await seedMainFile(d.space.id, {
          name,
          contentType: type,
          bytes: bytes(`alert(1) /* ${name} */`),
        });
        for (const res of [
          await readerFetch(proxied(d.site.id, file)),
          await call("GET", `/published-files/${d.site.id}/${file.hash}/${name}`),
        ]) {
          expect(res.status).toBe(200);
          expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
          expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
          expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
          expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
        }
      }
    });

    it("shows only exact inline types inline, each under the sandbox policy", async () => {
      const d = await publishedDocs();
      const odd = await seedMainFile(d.space.id, {
        name: "x.pngx",
        contentType: "image/pngx",
        bytes: bytes("<svg onload=alert(1)>"),
      });
      const res = await readerFetch(proxied(d.site.id, odd));
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment/);
      expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
      const logo = await readerFetch(proxied(d.site.id, d.file));
      expect(logo.status).toBe(200);
      expect(logo.headers.get("Content-Type")).toBe("image/png");
      expect(logo.headers.get("Content-Disposition")).toMatch(/^inline/);
      expect(logo.headers.get("Content-Security-Policy")).toContain("sandbox");
      expect(logo.headers.get("Cache-Control")).toContain("immutable");
    });

    it("the serving rule, by essence", () => {
      for (const t of ["image/png", "IMAGE/PNG", "image/png; x=1", "video/mp4", "text/plain"]) {
        expect(showsInline(t)).toBe(true);
      }
      for (const t of [
        "image/pngx",
        "image/png+xml",
        "text/plainx",
        "text/html",
        "image/svg+xml",
      ]) {
        expect(showsInline(t)).toBe(false);
      }
      expect(servedType("Text/JavaScript")).toBe("application/octet-stream");
      expect(servedType("bad\r\ntype")).toBe("application/octet-stream");
      expect(servedType("application/zip")).toBe("application/zip");
    });
  });
});

describe("freshness", () => {
  beforeAll(emptyStorage);
  /**
   * What readers see follows the API within seconds: a merge shows its new revision, an unpublish
   * closes the site, once the reader's short-lived memory of the URL's resolution (4 s) has passed.
   */
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the clock past the reader's resolution memory. */
  function later(seconds: number) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + seconds * 1000);
  }

  describe("the reader's freshness", () => {
    it("shows a merged change within 10 s, and the site closes within 10 s of an unpublish", async () => {
      const d = await publishedDocs();
      const url = siteUrl(d.site.id, "guide");
      const before = await readerFetch(url);
      expect(before.text).toContain("Steps.");
      await commitChanges(d.space.id, d.owner.user.id, [
        {
          operation: "update_page",
          page: d.pages.get("Guide")!.pageId,
          document: { markdown: "Fresh words.\n" },
        },
      ]);
      later(5);
      const after = await readerFetch(url);
      expect(after.status).toBe(200);
      expect(after.text).toContain("Fresh words.");
      expect(after.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
      const unpublished = await as(d.owner.token).post(
        `/orgs/${d.org.id}/sites/${d.site.id}/unpublish`,
      );
      expect([200, 204]).toContain(unpublished.status);
      later(10);
      expect((await readerFetch(url)).status).toBe(404);
    });
  });
});
