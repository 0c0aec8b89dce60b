import { describe, expect, it } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { eq } from "drizzle-orm";
import { sites } from "../../src/db/schema";
import { makeOrg, testDb } from "../helpers/factories";
import { makeSite } from "../helpers/sites-factories";

const external = { kind: "external", url: "https://example.com/" };
const pad = (i: number) => String(i).padStart(4, "0");

/** A site holding `live` live and `drafts` draft redirects, made by bulk upserts of 500. */
async function siteWithRedirects(live: number, drafts: number) {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner);
  const api = as(owner.token);
  const base = `/orgs/${org.id}/sites/${site.id}`;
  const items = [
    ...Array.from({ length: live }, (_, i) => ({ source: `/l/${pad(i)}`, destination: external })),
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
