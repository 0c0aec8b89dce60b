import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost } from "../helpers/api";
import {
  commitChanges,
  makeContentSpace,
  proposeChanges,
  matrixContent,
} from "../helpers/content-factories";
import { APP_URL, linkedSpace, seedLinkedPages } from "../helpers/links-factories";
import { parseMarkdown } from "../../core/document";
import { extractLinks, linksOfBody, MAX_LINKS_PER_DOCUMENT } from "../../src/content/links";
import { makeOrg } from "../helpers/factories";
import { authorizationMatrix } from "../helpers/authz";
import { emptyStorage } from "../helpers/storage";

describe("space-links", () => {
  type Item = {
    status: string;
    relation: string;
    targetReference: Record<string, unknown>;
    locationReferences: Record<string, unknown>[];
  };

  describe("GET /v1/spaces/{spaceId}/links", () => {
    it("lists every link of the current revision with its status, location and stats", async () => {
      const w = await linkedSpace();
      const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
      expect(res.status, res.text).toBe(200);
      const place = {
        organization: w.org.id,
        space: w.space.id,
        versionContext: { type: "revision", revision: w.space.revisionId },
      };
      const fromSource = res.body.items.filter(
        (i: Item) => i.locationReferences[0]!.page === w.source,
      );
      expect(fromSource).toEqual(
        [
          { status: "ok", targetReference: { kind: "page", ...place, page: w.target } },
          {
            status: "ok",
            targetReference: { kind: "anchor", ...place, page: w.target, anchor: "part" },
          },
          { status: "ok", targetReference: { kind: "file", ...place, file: w.fileId } },
          {
            status: "ok",
            targetReference: { kind: "anchor", ...place, page: w.source, anchor: "below" },
          },
          { status: "ok", targetReference: { kind: "url", url: "https://example.com/a" } },
          { status: "in-app", targetReference: { kind: "url", url: `${APP_URL}/s/elsewhere` } },
          { status: "broken", targetReference: { kind: "page", ...place, page: "nope" } },
        ].map((item) => ({
          ...item,
          relation: "reference",
          locationReferences: [{ kind: "page", ...place, page: w.source }],
        })),
      );
      expect(res.body.count).toBe(8);
      expect(res.body.items).toHaveLength(8);
      expect(res.body.stats).toEqual({ total: 8, broken: { total: 1, changeRequest: 0 } });
      expect(res.body.next).toBeUndefined();
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    });

    it("reports a link broken once its target page is deleted", async () => {
      const w = await linkedSpace();
      await commitChanges(w.space.id, w.owner.user.id, [
        { operation: "delete_page", page: w.target },
      ]);
      const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
        query: { status: "broken" },
      });
      expect(res.status, res.text).toBe(200);
      const targets = res.body.items.map((i: Item) => i.targetReference);
      expect(targets).toEqual([
        expect.objectContaining({ kind: "page", page: w.target }),
        expect.objectContaining({ kind: "anchor", page: w.target, anchor: "part" }),
        expect.objectContaining({ kind: "page", page: "nope" }),
      ]);
      expect(res.body.items.every((i: Item) => i.status === "broken")).toBe(true);
      expect(res.body.count).toBe(3);
      expect(res.body.stats).toEqual({ total: 8, broken: { total: 3, changeRequest: 0 } });
    });

    it("filters by status: in-app and ok", async () => {
      const w = await linkedSpace();
      const inApp = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
        query: { status: "in-app" },
      });
      expect(inApp.body.count).toBe(1);
      expect(inApp.body.items[0].targetReference.url).toBe(`${APP_URL}/s/elsewhere`);
      const ok = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
        query: { status: "ok" },
      });
      expect(ok.body.count).toBe(6);
      expect(ok.body.items.every((i: Item) => i.status === "ok")).toBe(true);
      expect(ok.body.stats.total).toBe(8);
    });

    it("checks references to another space of the organization at that space's head", async () => {
      const w = await linkedSpace();
      const other = await makeContentSpace(w.org.id, w.owner);
      await commitChanges(other.id, w.owner.user.id, [
        { operation: "insert_page", title: "Away", document: { markdown: "Away.\n" } },
      ]);
      const away = (await as(w.owner.token).get(`/spaces/${other.id}/content/pages`)).body.pages[0]
        .id;
      const markdown = `[there](/spaces/${other.id}/pages/${away}) [gone](/spaces/${other.id}/pages/x) [foreign](/spaces/elsewhere/files/f)\n`;
      await commitChanges(w.space.id, w.owner.user.id, [
        { operation: "update_page", page: w.gallery, document: { markdown } },
      ]);
      const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
      const gallery = res.body.items.filter(
        (i: Item) => i.locationReferences[0]!.page === w.gallery,
      );
      expect(gallery).toEqual([
        expect.objectContaining({
          status: "ok",
          targetReference: { kind: "page", organization: w.org.id, space: other.id, page: away },
        }),
        expect.objectContaining({
          status: "broken",
          targetReference: { kind: "page", organization: w.org.id, space: other.id, page: "x" },
        }),
        expect.objectContaining({
          status: "broken",
          targetReference: { kind: "file", organization: w.org.id, space: "elsewhere", file: "f" },
        }),
      ]);
    });

    it("follows a duplicated space: bodies are shared, so are their links", async () => {
      const w = await linkedSpace();
      const copy = await as(w.owner.token).post(`/spaces/${w.space.id}/duplicate`);
      expect(copy.status, copy.text).toBe(201);
      const res = await as(w.owner.token).get(`/spaces/${copy.body.id}/links`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.stats).toEqual({ total: 8, broken: { total: 1, changeRequest: 0 } });
      expect(res.body.items[0].locationReferences[0].space).toBe(copy.body.id);
    });

    it("pages with signed keyset cursors and an exact count", async () => {
      const w = await linkedSpace();
      const seen: Item[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const res = await as(w.reader.token).get(`/spaces/${w.space.id}/links`, {
          query: { limit: 3, page },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.count).toBe(8);
        seen.push(...res.body.items);
        page = res.body.next?.page;
        pages++;
      } while (page);
      expect(pages).toBe(3);
      const all = await as(w.reader.token).get(`/spaces/${w.space.id}/links`);
      expect(seen).toEqual(all.body.items);
    });

    it("answers 400 naming the field for a bad status, limit or cursor", async () => {
      const w = await linkedSpace();
      const path = `/spaces/${w.space.id}/links`;
      const status = await as(w.reader.token).get(path, { query: { status: "dead" } });
      expect(status.status).toBe(400);
      expect(status.body.error.message).toMatch(/^query\.status: /);
      const limit = await as(w.reader.token).get(path, { query: { limit: 1001 } });
      expect(limit.status).toBe(400);
      expect(limit.body.error.message).toMatch(/^query\.limit: /);
      const cursor = await as(w.reader.token).get(path, { query: { page: "forged.cursor" } });
      expect(cursor.status).toBe(400);
      expect(cursor.body.error.message).toBe("query.page: invalid page cursor");
      const first = await as(w.reader.token).get(path, { query: { limit: 1 } });
      const other = await as(w.reader.token).get(path, {
        query: { limit: 1, status: "ok", page: first.body.next.page },
      });
      expect(other.status).toBe(400);
      expect(other.body.error.message).toBe("query.page: invalid page cursor");
    });
  });
});

describe("backlinks", () => {
  beforeAll(emptyStorage);
  type Ref = { kind: string; page: string };

  describe("GET /v1/spaces/{spaceId}/content/files/{fileId}/backlinks", () => {
    it("lists the pages linking to a file (links and images), as page references", async () => {
      const w = await linkedSpace();
      const res = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(2);
      const place = {
        kind: "page",
        organization: w.org.id,
        space: w.space.id,
        versionContext: { type: "revision", revision: w.space.revisionId },
      };
      expect(res.body.items).toEqual(
        [w.source, w.gallery].sort().map((page) => ({ ...place, page })),
      );
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    });

    it("pages through the linking pages and follows deletions", async () => {
      const w = await linkedSpace();
      const path = `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`;
      const first = await as(w.reader.token).get(path, { query: { limit: 1 } });
      expect(first.body.items).toHaveLength(1);
      expect(first.body.count).toBe(2);
      const second = await as(w.reader.token).get(path, {
        query: { limit: 1, page: first.body.next.page },
      });
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeUndefined();
      expect(second.body.items[0].page).not.toBe(first.body.items[0].page);
      await commitChanges(w.space.id, w.owner.user.id, [
        { operation: "delete_page", page: w.gallery },
      ]);
      const after = await as(w.reader.token).get(path);
      expect(after.body.items.map((r: Ref) => r.page)).toEqual([w.source]);
    });

    it("answers 404 for a file not in the revision and 400 for a bad limit or cursor", async () => {
      const w = await linkedSpace();
      const missing = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/files/nofile/backlinks`,
      );
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toMatch(/File/);
      const path = `/spaces/${w.space.id}/content/files/${w.fileId}/backlinks`;
      const limit = await as(w.reader.token).get(path, { query: { limit: "many" } });
      expect(limit.status).toBe(400);
      expect(limit.body.error.message).toMatch(/^query\.limit: /);
      const cursor = await as(w.reader.token).get(path, { query: { page: "x.y" } });
      expect(cursor.status).toBe(400);
      expect(cursor.body.error.message).toBe("query.page: invalid page cursor");
    });
  });

  describe("change request backlinks", () => {
    it("lists the pages linking to a page (page and anchor links), at the change request's head", async () => {
      const w = await linkedSpace();
      const cr = await proposeChanges(w.space.id, w.owner.user.id, [
        {
          operation: "update_page",
          page: w.gallery,
          document: { markdown: `[part](/pages/${w.target}#part)\n` },
        },
      ]);
      const base = `/spaces/${w.space.id}/change-requests/${cr.id}/content`;
      const res = await as(w.reader.token).get(`${base}/page/${w.target}/backlinks`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(2);
      expect(res.body.items.map((r: Ref) => r.page)).toEqual([w.source, w.gallery].sort());
      expect(res.body.items[0].versionContext).toEqual({
        type: "revision",
        revision: cr.revisionId,
      });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const files = await as(w.reader.token).get(`${base}/files/${w.fileId}/backlinks`);
      expect(files.status, files.text).toBe(200);
      expect(files.body.items.map((r: Ref) => r.page)).toEqual([w.source]);
      const none = await as(w.reader.token).get(`${base}/page/${w.source}/backlinks`);
      expect(none.body).toEqual({ count: 0, items: [] });
    });

    it("answers 404 for a page or file the change request does not have", async () => {
      const w = await linkedSpace();
      const cr = await proposeChanges(w.space.id, w.owner.user.id, [
        { operation: "delete_page", page: w.target },
      ]);
      const base = `/spaces/${w.space.id}/change-requests/${cr.id}/content`;
      const page = await as(w.reader.token).get(`${base}/page/${w.target}/backlinks`);
      expect(page.status).toBe(404);
      expect(page.body.error.message).toMatch(/Page/);
      const file = await as(w.reader.token).get(`${base}/files/nofile/backlinks`);
      expect(file.status).toBe(404);
      const bad = await as(w.reader.token).get(`${base}/page/${w.source}/backlinks`, {
        query: { limit: -1 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.limit: /);
    });
  });
});

describe("page-links", () => {
  beforeAll(emptyStorage);
  type Item = { status: string; targetReference: Record<string, unknown> };

  describe("GET /v1/spaces/{spaceId}/content/page/{pageId}/links", () => {
    it("lists one page's links with their status and the page's stats", async () => {
      const w = await linkedSpace();
      const res = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/page/${w.source}/links`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.map((i: Item) => [i.targetReference.kind, i.status])).toEqual([
        ["page", "ok"],
        ["anchor", "ok"],
        ["file", "ok"],
        ["anchor", "ok"],
        ["url", "ok"],
        ["url", "in-app"],
        ["page", "broken"],
      ]);
      expect(res.body.count).toBe(7);
      expect(res.body.stats).toEqual({ total: 7, broken: { total: 1, changeRequest: 0 } });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const gallery = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/page/${w.gallery}/links`,
        { query: { status: "broken" } },
      );
      expect(gallery.body).toEqual({
        count: 0,
        items: [],
        stats: { total: 1, broken: { total: 0, changeRequest: 0 } },
      });
    });

    it("answers 404 for a page that is not in the revision, and 400 for a bad filter", async () => {
      const w = await linkedSpace();
      const missing = await as(w.reader.token).get(`/spaces/${w.space.id}/content/page/nope/links`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toMatch(/Page/);
      const bad = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/page/${w.source}/links`,
        { query: { status: "gone", limit: 0 } },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.(status|limit): /);
    });
  });

  describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links", () => {
    it("sees the change request's deletions, and counts the broken links it introduced", async () => {
      const w = await linkedSpace();
      const cr = await proposeChanges(w.space.id, w.owner.user.id, [
        { operation: "delete_page", page: w.target },
      ]);
      const path = (id: string) =>
        `/spaces/${w.space.id}/change-requests/${id}/content/page/${w.source}/links`;
      const res = await as(w.reader.token).get(path(cr.id), { query: { status: "broken" } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.map((i: Item) => i.targetReference)).toEqual([
        expect.objectContaining({ kind: "page", page: w.target }),
        expect.objectContaining({ kind: "anchor", page: w.target }),
        expect.objectContaining({ kind: "page", page: "nope" }),
      ]);
      expect(res.body.items[0].targetReference.versionContext).toEqual({
        type: "revision",
        revision: cr.revisionId,
      });
      expect(res.body.stats).toEqual({ total: 7, broken: { total: 3, changeRequest: 2 } });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const byNumber = await as(w.reader.token).get(path(String(cr.number)));
      expect(byNumber.body.stats).toEqual(res.body.stats);
      const main = await as(w.reader.token).get(
        `/spaces/${w.space.id}/content/page/${w.source}/links`,
      );
      expect(main.body.stats.broken.total).toBe(1);
    });

    it("counts a new broken link written in the change request, not one main already had", async () => {
      const w = await linkedSpace();
      const markdown = `[nothing](/pages/nope) [ghost](/pages/ghost) [ok](/pages/${w.target})\n`;
      const cr = await proposeChanges(w.space.id, w.owner.user.id, [
        { operation: "update_page", page: w.source, document: { markdown } },
      ]);
      const res = await as(w.reader.token).get(
        `/spaces/${w.space.id}/change-requests/${cr.id}/content/page/${w.source}/links`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.items.map((i: Item) => i.status)).toEqual(["broken", "broken", "ok"]);
      expect(res.body.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 1 } });
    });

    it("answers 404 for a page the change request deleted, or an unknown change request", async () => {
      const w = await linkedSpace();
      const cr = await proposeChanges(w.space.id, w.owner.user.id, [
        { operation: "delete_page", page: w.source },
      ]);
      const base = `/spaces/${w.space.id}/change-requests`;
      const deleted = await as(w.reader.token).get(
        `${base}/${cr.id}/content/page/${w.source}/links`,
      );
      expect(deleted.status).toBe(404);
      const unknown = await as(w.reader.token).get(`${base}/nope/content/page/${w.source}/links`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toMatch(/Change request/);
    });
  });
});

describe("extract", () => {
  const links = (markdown: string) => extractLinks(parseMarkdown(markdown).document);
  const none = { spaceId: null, pageId: null, fileId: null, anchor: null, url: null };

  describe("link extraction", () => {
    it("keeps page, anchor, file and URL references in document order", () => {
      const found = links(
        [
          "[a](/pages/p1) [b](/pages/p1#part) [c](/spaces/s2/pages/p2) [d](#local)",
          "![img](/files/f1) [e](https://example.com/x) [f](/spaces/s2/files/f2)",
        ].join("\n"),
      );
      expect(found).toEqual([
        { ...none, kind: "page", pageId: "p1" },
        { ...none, kind: "anchor", pageId: "p1", anchor: "part" },
        { ...none, kind: "page", spaceId: "s2", pageId: "p2" },
        { ...none, kind: "anchor", anchor: "local" },
        { ...none, kind: "file", fileId: "f1" },
        { ...none, kind: "url", url: "https://example.com/x" },
        { ...none, kind: "file", spaceId: "s2", fileId: "f2" },
      ]);
    });

    it("stores a target once however often the document links it", () => {
      expect(links("[a](/pages/p1), [again](/pages/p1) and ![i](/files/f) [f](/files/f)")).toEqual([
        { ...none, kind: "page", pageId: "p1" },
        { ...none, kind: "file", fileId: "f" },
      ]);
    });

    it("finds references inside lists, quotes, hints and tables", () => {
      const markdown = [
        "* [in a list](/pages/a)",
        "",
        "> [in a quote](/pages/b)",
        "",
        '{% hint style="info" %}',
        "[in a hint](/pages/c)",
        "{% endhint %}",
        "",
        "| col |",
        "| --- |",
        "| [in a table](/pages/d) |",
        "",
      ].join("\n");
      expect(links(markdown).map((l) => l.pageId)).toEqual(["a", "b", "c", "d"]);
    });

    it("ignores reference kinds that are not links (users, spaces, collections...)", () => {
      const document = {
        object: "document",
        data: {},
        nodes: [
          {
            object: "block",
            type: "paragraph",
            nodes: [
              { object: "inline", type: "mention", data: { ref: { kind: "user", user: "u1" } } },
              { object: "inline", type: "link", data: { ref: { kind: "space", space: "s1" } } },
              { object: "inline", type: "link", data: { ref: { kind: "page" } } },
              { object: "inline", type: "link", data: { ref: { kind: "page", page: "ok" } } },
            ],
          },
          { object: "block", type: "file", data: { ref: { kind: "file", file: "f9" } } },
        ],
      };
      expect(extractLinks(document)).toEqual([
        { ...none, kind: "page", pageId: "ok" },
        { ...none, kind: "file", fileId: "f9" },
      ]);
    });

    it("caps the distinct targets of one body, and reads nothing from a body that is not JSON", () => {
      const many = Array.from(
        { length: MAX_LINKS_PER_DOCUMENT + 5 },
        (_, i) => `[x](/pages/p${i})`,
      );
      expect(links(many.join(" "))).toHaveLength(MAX_LINKS_PER_DOCUMENT);
      expect(linksOfBody("not json")).toEqual([]);
      expect(linksOfBody("null")).toEqual([]);
    });
  });
});

describe("cost", () => {
  beforeAll(emptyStorage);
  const BODY = "[a](/pages/missing) [b](https://example.com) [c](#here)\n";

  /** A space with one real page and `count` seeded pages sharing a body with 3 links. */
  async function bigSpace(count: number) {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Home", document: { markdown: "Home.\n" } },
    ]);
    const pages = await seedLinkedPages(space.id, count, BODY);
    return { owner, space, pages };
  }

  describe("link reads at size", () => {
    it("lists 1,000+ pages' links in 2 round trips, with exact figures", async () => {
      const { owner, space, pages } = await bigSpace(1200);
      const res = await as(owner.token).get(`/spaces/${space.id}/links`, {
        query: { limit: 100, status: "broken" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(1200);
      expect(res.body.stats).toEqual({ total: 3600, broken: { total: 1200, changeRequest: 0 } });
      const cost = d1Cost(res);
      expect(cost.roundTrips).toBe(2);
      expect(cost.rowsWritten).toBe(0);
      console.log(`space links, 1,200 pages / 3,600 links: ${JSON.stringify(cost)}`);
      const one = await as(owner.token).get(`/spaces/${space.id}/content/page/${pages[7]}/links`);
      expect(one.body.count).toBe(3);
      const pageCost = d1Cost(one);
      expect(pageCost.roundTrips).toBe(2);
      // One page's links read in proportion to the page, not to the space.
      expect(pageCost.rowsRead).toBeLessThan(200);
      console.log(`page links, same space: ${JSON.stringify(pageCost)}`);
    });

    it("reads a file's backlinks through the target index, not the whole revision", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeContentSpace(org.id, owner);
      await seedLinkedPages(space.id, 1000, "Plain text.\n");
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Home", document: { markdown: "Home.\n" } },
      ]);
      const res = await as(owner.token).get(`/spaces/${space.id}/content/files/nofile/backlinks`);
      expect(res.status).toBe(404);
      const cost = d1Cost(res);
      expect(cost.roundTrips).toBe(2);
      expect(cost.rowsRead).toBeLessThan(100);
      console.log(`file backlinks, 1,000 pages: ${JSON.stringify(cost)}`);
    });
  });
});

describe("authz", () => {
  beforeAll(emptyStorage);
  type State = Awaited<ReturnType<typeof matrixContent>>;

  /** Every link read: its official path template and the path for a given space id. */
  const READS: [template: string, path: (s: State, spaceId: string) => string][] = [
    ["/spaces/{spaceId}/links", (_s, id) => `/spaces/${id}/links`],
    [
      "/spaces/{spaceId}/content/page/{pageId}/links",
      (s, id) => `/spaces/${id}/content/page/${s.pageId}/links`,
    ],
    [
      "/spaces/{spaceId}/content/files/{fileId}/backlinks",
      (s, id) => `/spaces/${id}/content/files/${s.fileId}/backlinks`,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
      (s, id) =>
        `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/links`,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
      (s, id) =>
        `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/backlinks`,
    ],
    [
      "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
      (s, id) =>
        `/spaces/${id}/change-requests/${s.changeRequest.id}/content/files/${s.fileId}/backlinks`,
    ],
  ];

  // Links are content: space:read and any role that sees the space (the guest is granted read on
  // it); an outsider gets the same 404 as for a space id that never existed.
  for (const [template, path] of READS) {
    authorizationMatrix<State>(`GET /v1${template}`, {
      setup: (world) => matrixContent(world),
      request: (_w, s) => ({ method: "GET", path: path(s, s.space.id) }),
      missing: (_w, s) => ({ method: "GET", path: path(s, "neverexisted") }),
      minimumRole: "guest",
      scope: "space:read",
      success: 200,
    });
  }
});
