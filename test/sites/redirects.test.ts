import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeUser, testDb } from "../helpers/factories";
import { commitChanges, makeContentSpace, mainPagesByTitle } from "../helpers/content-factories";
import { makeShareLink, makeSite, readSiteSpaces } from "../helpers/sites-factories";
import { eq } from "drizzle-orm";
import { sites } from "../../src/db/schema";
import { emptyStorage } from "../helpers/storage";

describe("redirects", () => {
  /** A published site over one space with a page "Guide" (slug `guide`), and its owner's API. */
  async function setup(
    options: { visibility?: "public" | "share-link"; published?: boolean } = {},
  ) {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Guide", document: { markdown: "Hi.\n" } },
    ]);
    const page = (await mainPagesByTitle(space.id)).get("Guide")!;
    const site = await makeSite(org.id, owner, {
      spaces: [space],
      published: options.published ?? true,
      visibility: options.visibility ?? "public",
    });
    const [siteSpace] = await readSiteSpaces(site.id);
    const base = `/orgs/${org.id}/sites/${site.id}`;
    return { org, owner, space, page, site, siteSpace: siteSpace!, base, api: as(owner.token) };
  }

  describe("site redirects: create, list, update, delete", () => {
    it("creates redirects with the official shape, unique sources and checked destinations", async () => {
      const { base, api, siteSpace, page, space } = await setup();
      const res = await api.post(`${base}/redirects`, {
        source: "/old-guide",
        destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: page.pageId },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "site-redirect",
        source: "/old-guide",
        draft: false,
        captureWildcard: false,
        permanent: false,
      });
      expect(res.body.updatedAt).toBeUndefined();
      expect(res.headers.get("Location")).toContain(`/redirects/${res.body.id}`);
      const taken = await api.post(`${base}/redirects`, {
        source: "/old-guide",
        destination: { kind: "external", url: "https://example.com/" },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toMatch(/^body\.source: /);
      // A path destination is stored as the page it names.
      const byPath = await api.post(`${base}/redirects`, {
        source: "/by-path",
        destination: { kind: "path", spaceId: space.id, path: "guide" },
      });
      expect(byPath.status).toBe(201);
      expect(byPath.body.destination).toEqual({
        kind: "site-page",
        siteSpaceId: siteSpace.id,
        pageId: page.pageId,
      });
      const refused: [unknown, RegExp][] = [
        [{ kind: "site-space", siteSpaceId: "nope" }, /^body\.destination\.siteSpaceId: /],
        [{ kind: "site-section", siteSectionId: "nope" }, /^body\.destination\.siteSectionId: /],
        [{ kind: "site-page", siteSpaceId: siteSpace.id, pageId: "nope" }, /destination\.pageId: /],
        [{ kind: "path", spaceId: space.id, path: "missing" }, /^body\.destination\.path: /],
        [{ kind: "path", spaceId: "other", path: "guide" }, /^body\.destination\.spaceId: /],
        [{ kind: "external", url: "javascript:alert(1)" }, /^body\.destination/],
      ];
      for (const [destination, message] of refused) {
        const bad = await api.post(`${base}/redirects`, { source: "/x", destination });
        expect(bad.status, JSON.stringify(destination)).toBe(400);
        expect(bad.body.error.message).toMatch(message);
      }
      const external = { kind: "external", url: "https://example.com/" };
      for (const source of ["docs", "/a?b=1", "/*", "/a/*/b", `/${"a".repeat(512)}`, "/a b"]) {
        const bad = await api.post(`${base}/redirects`, { source, destination: external });
        expect(bad.status, source).toBe(400);
        expect(bad.body.error.message).toMatch(/^body\.source: /);
      }
    });

    it("lists live or draft redirects with a count, searched and ordered, across pages", async () => {
      const { base, api } = await setup();
      const external = { kind: "external", url: "https://example.com/" };
      for (const source of ["/c", "/a", "/b"]) {
        expect(
          (await api.post(`${base}/redirects`, { source, destination: external })).status,
        ).toBe(201);
      }
      await api.post(`${base}/redirects`, { source: "/draft", draft: true, destination: external });
      const first = await api.get(`${base}/redirects`, { query: { orderBy: "source", limit: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(3);
      expect(first.body.items.map((r: any) => r.source)).toEqual(["/a", "/b"]);
      const second = await api.get(`${base}/redirects`, {
        query: { orderBy: "source", limit: 2, page: first.body.next.page },
      });
      expect(second.body.items.map((r: any) => r.source)).toEqual(["/c"]);
      expect(second.body.next).toBeUndefined();
      // A cursor is bound to its list's filters.
      const other = await api.get(`${base}/redirects`, { query: { page: first.body.next.page } });
      expect(other.status).toBe(400);
      const drafts = await api.get(`${base}/redirects`, { query: { draft: true } });
      expect(drafts.body.items.map((r: any) => r.source)).toEqual(["/draft"]);
      const searched = await api.get(`${base}/redirects`, { query: { search: "B" } });
      expect(searched.body).toMatchObject({ count: 1, items: [{ source: "/b" }] });
      // The official default order: the most recently created first (the id breaks ties).
      const newest = await api.get(`${base}/redirects`);
      type Listed = { createdAt: string; id: string; source: string };
      const expected = [...(newest.body.items as Listed[])].sort((x, y) =>
        x.createdAt === y.createdAt ? (x.id < y.id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1,
      );
      expect(newest.body.items.map((r: Listed) => r.source)).toEqual(expected.map((r) => r.source));
    });

    it("updates only the given fields, refuses a taken source, deletes with 204 twice", async () => {
      const { base, api, siteSpace } = await setup();
      const external = { kind: "external", url: "https://example.com/" };
      const a = (await api.post(`${base}/redirects`, { source: "/a", destination: external })).body;
      await api.post(`${base}/redirects`, { source: "/b", destination: external });
      const patched = await api.patch(`${base}/redirects/${a.id}`, {
        permanent: true,
        destination: { kind: "site-space", siteSpaceId: siteSpace.id },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ source: "/a", permanent: true });
      expect(patched.body.updatedAt).toEqual(expect.any(String));
      const taken = await api.patch(`${base}/redirects/${a.id}`, { source: "/b" });
      expect(taken.status).toBe(409);
      const missing = await api.patch(`${base}/redirects/nope`, { permanent: true });
      expect(missing.status).toBe(404);
      expect((await api.delete(`${base}/redirects/${a.id}`)).status).toBe(204);
      expect((await api.delete(`${base}/redirects/${a.id}`)).status).toBe(204);
      expect((await api.get(`${base}/redirects`)).body.count).toBe(1);
    });
  });

  describe("PUT …/redirects (bulk upsert)", () => {
    it("answers a result per item: created, updated, deleted, published, error", async () => {
      const { base, api, siteSpace } = await setup();
      const external = { kind: "external", url: "https://example.com/" };
      const res = await api.put(`${base}/redirects`, {
        redirects: [
          { source: "/a", destination: external },
          { source: "/d", intent: "draft", destination: external },
          { source: "/a", destination: { kind: "site-space", siteSpaceId: siteSpace.id } },
          { source: "/bad", destination: { kind: "site-space", siteSpaceId: "nope" } },
          { source: "/d", intent: "publish" },
          { source: "/none", intent: "publish" },
          { source: "/gone", destination: null },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: any) => [r.source, r.status, r.draft])).toEqual([
        ["/a", "created", false],
        ["/d", "created", true],
        ["/a", "updated", false],
        ["/bad", "error", false],
        ["/d", "published", false],
        ["/none", "error", true],
        ["/gone", "deleted", false],
      ]);
      expect(res.body.results[3].error).toMatch(/^destination\.siteSpaceId: /);
      const live = await api.get(`${base}/redirects`, { query: { orderBy: "source" } });
      expect(live.body.items.map((r: any) => [r.source, r.destination.kind])).toEqual([
        ["/a", "site-space"],
        ["/d", "external"],
      ]);
      const removed = await api.put(`${base}/redirects`, {
        redirects: [
          { source: "/a", destination: null },
          { source: "/d", intent: "draft", destination: external },
        ],
      });
      // A source holds one live and one draft redirect: the new draft stands beside the live /d.
      expect(removed.body.results.map((r: any) => r.status)).toEqual(["deleted", "created"]);
      expect((await api.get(`${base}/redirects`)).body.count).toBe(1);
      const drafts = await api.get(`${base}/redirects`, { query: { draft: true } });
      expect(drafts.body).toMatchObject({ count: 1, items: [{ source: "/d", draft: true }] });
      expect((await api.put(`${base}/redirects`, { redirects: [] })).status).toBe(400);
    });
  });

  describe("GET …/redirect?source= (lookup)", () => {
    it("resolves exact sources, then the longest wildcard, capturing the rest; drafts are not live", async () => {
      const { base, api, siteSpace, page, site } = await setup();
      const siteUrl = `https://app.quire.test/sites/${site.id}`;
      await api.put(`${base}/redirects`, {
        redirects: [
          {
            source: "/old",
            destination: { kind: "site-page", siteSpaceId: siteSpace.id, pageId: page.pageId },
          },
          { source: "/docs/*", destination: { kind: "site-space", siteSpaceId: siteSpace.id } },
          {
            source: "/docs/v1/*",
            captureWildcard: true,
            destination: { kind: "external", url: "https://old.example.com/v1?x=1" },
          },
          {
            source: "/blog*",
            captureWildcard: true,
            destination: { kind: "external", url: "https://b.example/" },
          },
          {
            source: "/hidden",
            intent: "draft",
            destination: { kind: "external", url: "https://x.example/" },
          },
        ],
      });
      const outsider = as((await makeUser()).token);
      const lookup = (source: string) => outsider.get(`${base}/redirect`, { query: { source } });
      const exact = await lookup("/old");
      expect(exact.status).toBe(200);
      expect(exact.body.redirect.source).toBe("/old");
      expect(exact.body.target).toBe(`${siteUrl}/guide`);
      expect((await lookup("/docs/anything")).body.target).toBe(siteUrl);
      const captured = await lookup("/docs/v1/a/b");
      expect(captured.body.redirect.source).toBe("/docs/v1/*");
      expect(captured.body.target).toBe("https://old.example.com/v1/a/b?x=1");
      expect((await lookup("/blog-2020/post")).body.target).toBe("https://b.example/-2020/post");
      for (const source of ["/hidden", "/nothing", "/docs"]) {
        const none = await lookup(source);
        expect(none.status, source).toBe(404);
      }
      expect((await lookup("not-a-path")).status).toBe(400);
    });

    it("reads like the published site: share keys, members of an unpublished site", async () => {
      const shared = await setup({ visibility: "share-link" });
      const external = { kind: "external", url: "https://example.com/" };
      await shared.api.post(`${shared.base}/redirects`, { source: "/a", destination: external });
      const link = await makeShareLink(shared.site.id);
      const outsider = as((await makeUser()).token);
      const path = `${shared.base}/redirect`;
      expect((await outsider.get(path, { query: { source: "/a" } })).status).toBe(404);
      const keyed = await outsider.get(path, { query: { source: "/a", shareKey: link.key } });
      expect(keyed.status).toBe(200);
      expect(keyed.body.target).toBe("https://example.com/");
      const hidden = await setup({ published: false });
      await hidden.api.post(`${hidden.base}/redirects`, {
        source: "/a",
        destination: { kind: "site-space", siteSpaceId: hidden.siteSpace.id },
      });
      const hiddenPath = `${hidden.base}/redirect`;
      expect((await outsider.get(hiddenPath, { query: { source: "/a" } })).status).toBe(404);
      const member = await hidden.api.get(hiddenPath, { query: { source: "/a" } });
      expect(member.status).toBe(200);
      expect(member.body.target).toBe(`https://app.quire.test/sites/${hidden.site.id}`);
    });
  });
});

describe("redirects-cost", () => {
  beforeAll(emptyStorage);
  const external = { kind: "external", url: "https://example.com/" };
  const pad = (i: number) => String(i).padStart(4, "0");

  /** A site holding `live` live and `drafts` draft redirects, made by bulk upserts of 500. */
  async function siteWithRedirects(live: number, drafts: number) {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner);
    const api = as(owner.token);
    const base = `/orgs/${org.id}/sites/${site.id}`;
    const items = [
      ...Array.from({ length: live }, (_, i) => ({
        source: `/l/${pad(i)}`,
        destination: external,
      })),
      ...Array.from({ length: drafts }, (_, i) => ({
        source: `/d/${pad(i)}`,
        intent: "draft",
        destination: external,
      })),
    ];
    for (let i = 0; i < items.length; i += 500) {
      const res = await api.put(`${base}/redirects`, { redirects: items.slice(i, i + 500) });
      expect(res.status, res.text).toBe(200);
    }
    return { api, base, site };
  }

  /** The list budget: a page reads at most 2 × limit + 10 rows. */
  function withinBudget(res: ApiResponse, limit: number, what: string) {
    expect(res.status, res.text).toBe(200);
    expect(d1Cost(res).rowsRead, what).toBeLessThanOrEqual(2 * limit + 10);
  }

  describe("site redirect list: rows read follow the page", () => {
    it("reads first and deep pages of every order, live and draft, within 2 × limit + 10", async () => {
      const { api, base } = await siteWithRedirects(520, 260);
      // Some redirects updated: the `updatedAt` order has them first.
      const touched = await api.put(`${base}/redirects`, {
        redirects: [
          { source: "/l/0007", destination: { kind: "external", url: "https://b.example/" } },
          { source: "/d/0003", intent: "draft", destination: external, permanent: true },
        ],
      });
      expect(touched.body.results.map((r: { status: string }) => r.status)).toEqual([
        "updated",
        "updated",
      ]);
      // Writes count by their own rows: neither the cap nor the counters read the site's redirects.
      const made = await api.post(`${base}/redirects`, { source: "/new", destination: external });
      expect(made.status).toBe(201);
      expect(d1Cost(made).rowsRead).toBeLessThanOrEqual(30);
      const gone = await api.delete(`${base}/redirects/${made.body.id}`);
      expect(d1Cost(gone).rowsRead).toBeLessThanOrEqual(20);
      expect(d1Cost(touched).rowsRead).toBeLessThanOrEqual(50);
      const limit = 20;
      for (const draft of [false, true]) {
        const count = draft ? 260 : 520;
        for (const orderBy of ["createdAt", "updatedAt", "source"]) {
          const what = `${orderBy}, draft ${draft}`;
          const query = { orderBy, draft: String(draft) };
          const first = await api.get(`${base}/redirects`, { query: { ...query, limit } });
          withinBudget(first, limit, `${what}: first page`);
          expect(first.body.count, what).toBe(count);
          expect(first.body.items).toHaveLength(limit);
          // A deep cursor: the cursor is bound to the list's filters, not to its limit.
          const skip = await api.get(`${base}/redirects`, { query: { ...query, limit: 230 } });
          const deep = await api.get(`${base}/redirects`, {
            query: { ...query, limit, page: skip.body.next.page },
          });
          withinBudget(deep, limit, `${what}: deep page`);
          expect(deep.body.count, what).toBe(count);
          expect(deep.body.items[0].id).not.toBe(skip.body.items[229].id);
          if (orderBy === "updatedAt") {
            expect(first.body.items[0].source).toBe(draft ? "/d/0003" : "/l/0007");
          }
          if (orderBy === "source") {
            expect(deep.body.items[0].source).toBe(`/${draft ? "d" : "l"}/0230`);
          }
        }
      }
    });

    it("keeps the counts exact through creation, updates between kinds, deletes and bulk", async () => {
      const { api, base } = await siteWithRedirects(3, 2);
      const counts = async () => {
        const live = await api.get(`${base}/redirects`, { query: { limit: 1 } });
        const drafts = await api.get(`${base}/redirects`, { query: { limit: 1, draft: "true" } });
        return [live.body.count, drafts.body.count];
      };
      expect(await counts()).toEqual([3, 2]);
      const made = await api.post(`${base}/redirects`, { source: "/x", destination: external });
      expect(made.status).toBe(201);
      // The same source again, as a draft: one live and one draft redirect per source.
      const draft = await api.post(`${base}/redirects`, {
        source: "/x",
        draft: true,
        destination: external,
      });
      expect(draft.status).toBe(201);
      expect(await counts()).toEqual([4, 3]);
      const again = await api.post(`${base}/redirects`, { source: "/x", destination: external });
      expect(again.status).toBe(409);
      // A draft made live where its source has a live redirect: 409, nothing counted.
      const clash = await api.patch(`${base}/redirects/${draft.body.id}`, { draft: false });
      expect(clash.status).toBe(409);
      const moved = await api.patch(`${base}/redirects/${made.body.id}`, {
        draft: true,
        source: "/y",
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ draft: true, source: "/y" });
      expect(await counts()).toEqual([3, 4]);
      expect((await api.delete(`${base}/redirects/${made.body.id}`)).status).toBe(204);
      expect((await api.delete(`${base}/redirects/${made.body.id}`)).status).toBe(204);
      expect(await counts()).toEqual([3, 3]);
      const bulk = await api.put(`${base}/redirects`, {
        redirects: [
          { source: "/l/0000", destination: null },
          { source: "/d/0000", intent: "publish" },
          { source: "/x", destination: { kind: "external", url: "https://b.example/" } },
          { source: "/x", intent: "publish" },
          { source: "/z", intent: "draft", destination: external },
        ],
      });
      const results = bulk.body.results;
      expect(results.map((r: { status: string }) => r.status)).toEqual([
        "deleted",
        "published",
        "created",
        "published",
        "created",
      ]);
      // Published over a live redirect: the live one takes the draft's values and the draft goes.
      expect(results[3].id).toBe(results[2].id);
      const x = await api.get(`${base}/redirects`, { query: { search: "/x" } });
      expect(x.body).toMatchObject({
        count: 1,
        items: [{ id: results[2].id, destination: external }],
      });
      expect(await counts()).toEqual([4, 2]);
    });

    it("refuses redirects beyond 10,000 from the counters, live and draft together", async () => {
      const { api, base, site } = await siteWithRedirects(1, 1);
      // The counters say 9,999: the cap is read from them, not by counting rows.
      await testDb()
        .update(sites)
        .set({ liveRedirectsCount: 5_000, draftRedirectsCount: 4_999 })
        .where(eq(sites.id, site.id));
      const last = await api.post(`${base}/redirects`, { source: "/last", destination: external });
      expect(last.status).toBe(201);
      const over = await api.post(`${base}/redirects`, { source: "/over", destination: external });
      expect(over.status).toBe(400);
      expect(over.body.error.message).toMatch(/at most 10000 redirects/);
      const bulk = await api.put(`${base}/redirects`, {
        redirects: [
          { source: "/over", intent: "draft", destination: external },
          { source: "/last", destination: null },
          { source: "/over", intent: "draft", destination: external },
        ],
      });
      expect(bulk.body.results.map((r: { status: string }) => r.status)).toEqual([
        "error",
        "deleted",
        "created",
      ]);
      const drafts = await api.get(`${base}/redirects`, { query: { draft: "true", limit: 1 } });
      expect(drafts.body.count).toBe(5_000);
    });
  });
});
