import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeUser, makeMember, testDb } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  makeShareLink,
  siteKey,
  visitorToken,
  makeSite,
  readSiteSpaces,
} from "../helpers/sites-factories";
import { and, eq } from "drizzle-orm";
import { siteInsightCounts } from "../../src/db/schema";
import { emptyStorage } from "../helpers/storage";

describe("d1-costs", () => {
  /**
   * D1 round trips of every sites route (the `X-Quire-D1` header), measured on a realistic site:
   * reads at most 2 (authentication included), writes at most 3. The site GET, the site list and
   * the published read are asserted exactly; the whole table is printed for docs/compat-notes.
   */
  describe("D1 round trips of the sites routes", () => {
    it("stays within 2 per read and 3 per write", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const outsider = await makeUser();
      const spaces = await Promise.all([1, 2, 3].map(() => makeSpace(org.id, owner)));
      const sites = `/orgs/${org.id}/sites`;
      const costs: { route: string; kind: "read" | "write"; rt: number }[] = [];
      const measure = async (
        route: string,
        kind: "read" | "write",
        send: () => Promise<ApiResponse>,
        status: number,
      ) => {
        const res = await send();
        expect(res.status, `${route}: ${res.text.slice(0, 200)}`).toBe(status);
        costs.push({ route, kind, rt: d1Cost(res).roundTrips });
        return res.body;
      };

      const site = await measure(
        "POST /sites",
        "write",
        () => api.post(sites, { title: "Docs", spaces: [spaces[0]!.id, spaces[1]!.id] }),
        201,
      );
      const base = `${sites}/${site.id}`;
      await measure("GET /sites", "read", () => api.get(sites), 200);
      await measure(
        "GET /sites?title&space&published",
        "read",
        () => api.get(sites, { query: { title: "do", space: spaces[0]!.id, published: false } }),
        200,
      );
      await measure("GET /sites/{id}", "read", () => api.get(base), 200);
      await measure("PATCH /sites/{id}", "write", () => api.patch(base, { title: "Docs 2" }), 200);
      await measure("POST .../publish", "write", () => api.post(`${base}/publish`), 200);
      const [a, b] = (
        await measure("GET .../site-spaces", "read", () => api.get(`${base}/site-spaces`), 200)
      ).items;
      const added = await measure(
        "POST .../site-spaces",
        "write",
        () => api.post(`${base}/site-spaces`, { spaceId: spaces[2]!.id }),
        201,
      );
      await measure(
        "PATCH .../site-spaces/{id}",
        "write",
        () => api.patch(`${base}/site-spaces/${added.id}`, { path: "third" }),
        200,
      );
      await measure(
        "POST .../site-spaces/{id}/move",
        "write",
        () =>
          api.post(`${base}/site-spaces/${b.id}/move`, {
            position: { before: { type: "site-space", siteSpace: a.id } },
          }),
        200,
      );
      await measure(
        "PATCH .../structure/sort",
        "write",
        () =>
          api.patch(`${base}/structure/sort`, {
            item: { type: "site-space", id: a.id },
            position: { before: { type: "site-space", id: b.id } },
          }),
        200,
      );
      await measure(
        "DELETE .../site-spaces/{id}",
        "write",
        () => api.delete(`${base}/site-spaces/${added.id}`),
        204,
      );
      const s1 = await measure(
        "POST .../sections",
        "write",
        () => api.post(`${base}/sections`, { spaceId: a.space.id, title: "Guides" }),
        201,
      );
      const s2 = (await api.post(`${base}/sections`, { spaceId: b.space.id, title: "API" })).body;
      await measure("GET .../sections", "read", () => api.get(`${base}/sections`), 200);
      await measure(
        "PATCH .../sections/{id}",
        "write",
        () => api.patch(`${base}/sections/${s1.id}`, { icon: "book" }),
        200,
      );
      await measure(
        "POST .../sections/{id}/move",
        "write",
        () =>
          api.post(`${base}/sections/${s2.id}/move`, {
            position: { before: { type: "site-section", siteSection: s1.id } },
          }),
        200,
      );
      const group = await measure(
        "POST .../section-groups",
        "write",
        () => api.post(`${base}/section-groups`, { title: "Docs", sections: [s1.id] }),
        201,
      );
      await measure("GET .../section-groups", "read", () => api.get(`${base}/section-groups`), 200);
      await measure(
        "PATCH .../section-groups/{id}",
        "write",
        () => api.patch(`${base}/section-groups/${group.id}`, { icon: "gear" }),
        200,
      );
      await measure(
        "POST .../section-groups/{id}/sections",
        "write",
        () => api.post(`${base}/section-groups/${group.id}/sections`, { sectionId: s2.id }),
        200,
      );
      await measure(
        "POST .../section-groups/{id}/move",
        "write",
        () => api.post(`${base}/section-groups/${group.id}/move`, {}),
        200,
      );
      await measure(
        "DELETE .../section-groups/{id}/sections/{id}",
        "write",
        () => api.delete(`${base}/section-groups/${group.id}/sections/${s2.id}`),
        204,
      );
      await measure("GET .../structure", "read", () => api.get(`${base}/structure`), 200);
      await measure(
        "PUT .../adaptive-schema",
        "write",
        () =>
          api.put(`${base}/adaptive-schema`, {
            jsonSchema: {
              type: "object",
              properties: { beta: { type: "boolean", description: "Beta user" } },
              additionalProperties: false,
            },
          }),
        200,
      );
      await measure(
        "GET .../adaptive-schema",
        "read",
        () => api.get(`${base}/adaptive-schema`),
        200,
      );
      await measure(
        "GET .../adaptive-schema/template-conditions",
        "read",
        () => api.get(`${base}/adaptive-schema/template-conditions`),
        200,
      );
      const link = await measure(
        "POST .../share-links",
        "write",
        () => api.post(`${base}/share-links`, { name: "Partners" }),
        201,
      );
      await measure("GET .../share-links", "read", () => api.get(`${base}/share-links`), 200);
      await measure(
        "GET .../share-links?search",
        "read",
        () => api.get(`${base}/share-links`, { query: { search: "part" } }),
        200,
      );
      await measure(
        "PATCH .../share-links/{id}",
        "write",
        () => api.patch(`${base}/share-links/${link.id}`, { name: "Partners 2" }),
        200,
      );
      await measure(
        "GET .../publishing/auth",
        "read",
        () => api.get(`${base}/publishing/auth`),
        200,
      );
      await measure(
        "PATCH .../publishing/auth",
        "write",
        () => api.patch(`${base}/publishing/auth`, { backend: "custom" }),
        200,
      );
      await measure(
        "POST .../publishing/auth/regenerate",
        "write",
        () => api.post(`${base}/publishing/auth/regenerate`),
        200,
      );
      await measure("GET .../published (member)", "read", () => api.get(`${base}/published`), 200);
      await measure(
        "GET .../published (outsider, public)",
        "read",
        () => as(outsider.token).get(`${base}/published`),
        200,
      );
      await measure(
        "GET /spaces/{id} (member)",
        "read",
        () => api.get(`/spaces/${a.space.id}`),
        200,
      );
      await measure(
        "GET /spaces/{id} (outsider, public site)",
        "read",
        () => as(outsider.token).get(`/spaces/${a.space.id}`),
        200,
      );
      await api.patch(base, { visibility: "share-link" });
      const key = (await makeShareLink(site.id)).key;
      await measure(
        "GET .../published?shareKey",
        "read",
        () => as(outsider.token).get(`${base}/published`, { query: { shareKey: key } }),
        200,
      );
      await measure(
        "GET /spaces/{id}?shareKey",
        "read",
        () => as(outsider.token).get(`/spaces/${a.space.id}`, { query: { shareKey: key } }),
        200,
      );
      await api.patch(base, { visibility: "visitor-auth" });
      const jwt = await visitorToken(await siteKey(site.id), { beta: true });
      await measure(
        "GET .../published?visitorAuthToken",
        "read",
        () => as(outsider.token).get(`${base}/published`, { query: { visitorAuthToken: jwt } }),
        200,
      );
      await measure(
        "DELETE .../share-links/{id}",
        "write",
        () => api.delete(`${base}/share-links/${link.id}`),
        204,
      );
      await measure(
        "DELETE .../sections/{id}",
        "write",
        () => api.delete(`${base}/sections/${s2.id}`),
        204,
      );
      await measure(
        "DELETE .../section-groups/{id}",
        "write",
        () => api.delete(`${base}/section-groups/${group.id}`),
        204,
      );
      await measure("POST .../unpublish", "write", () => api.post(`${base}/unpublish`), 200);
      await measure("DELETE /sites/{id}", "write", () => api.delete(base), 204);

      console.log(costs.map((c) => `${c.route}: ${c.rt}`).join("\n"));
      for (const c of costs) {
        expect(c.rt, c.route).toBeGreaterThanOrEqual(1);
        expect(c.rt, c.route).toBeLessThanOrEqual(c.kind === "read" ? 2 : 3);
      }
      const rt = (route: string) => costs.find((c) => c.route === route)!.rt;
      expect(rt("GET /sites/{id}")).toBe(1);
      expect(rt("GET /sites")).toBe(1);
      expect(rt("GET /sites?title&space&published")).toBe(1);
      expect(rt("GET .../published (member)")).toBe(1);
      expect(rt("GET .../published (outsider, public)")).toBe(1);
      expect(rt("GET .../published?shareKey")).toBe(1);
      expect(rt("GET .../published?visitorAuthToken")).toBe(1);
    });
  });
});

describe("insights", () => {
  beforeAll(emptyStorage);
  /** An official SiteInsightsEvent of `type` at a page of a site space. */
  function event(type: string, at: { siteSpace?: string | null; page?: string | null }, own = {}) {
    return {
      type,
      session: {
        visitorId: "v1",
        sessionId: "s1",
        cookies: {},
        userAgent: "test",
        language: "en",
        referrer: null,
      },
      location: {
        url: "https://docs.example.com/guide",
        siteSection: null,
        siteSpace: at.siteSpace ?? null,
        siteShareKey: null,
        space: null,
        revision: null,
        page: at.page ?? null,
      },
      ...own,
    };
  }

  /** A published public site with one site space, and the paths of the two operations. */
  async function setup() {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 1, published: true });
    const [siteSpace] = await readSiteSpaces(site.id);
    const base = `/orgs/${org.id}/sites/${site.id}/insights/events`;
    return { org, owner, site, siteSpace: siteSpace!, track: base, aggregate: `${base}/aggregate` };
  }

  describe("site insights", () => {
    it("counts tracked events and aggregates them by type, page and feedback rating", async () => {
      const { owner, siteSpace, track, aggregate } = await setup();
      const visitor = as((await makeUser()).token);
      const at = { siteSpace: siteSpace.id, page: "page1" };
      const sent = await visitor.post(track, {
        events: [
          event("page_view", at),
          event("page_view", at),
          event("page_view", { siteSpace: siteSpace.id, page: "page2" }),
          event("page_post_feedback", at, { feedback: { rating: "good" } }),
          event("page_post_feedback", at, { feedback: { rating: "bad" } }),
          event("search_type_query", {}, { query: "hello", timestamp: new Date().toISOString() }),
        ],
      });
      expect(sent.status).toBe(204);
      const api = as(owner.token);
      const byType = await api.post(aggregate, {
        range: "last7Days",
        groupBy: [{ column: "eventType" }],
        select: [{ column: "eventType" }, { column: "eventsCount" }],
        order: { by: { column: "eventsCount" }, direction: "desc" },
      });
      expect(byType.status).toBe(200);
      expect(byType.body.columns).toEqual([
        { column: "eventType", values: ["page_view", "page_post_feedback", "search_type_query"] },
        { column: "eventsCount", values: [3, 2, 1] },
      ]);
      const byPage = await api.post(aggregate, {
        range: "last24Hours",
        groupBy: [{ column: "page" }],
        select: [{ column: "page" }, { column: "eventsCount" }, { column: "pageFeedbackRating" }],
        where: [{ column: "eventType", values: ["page_view", "page_post_feedback"] }],
        order: { by: { column: "eventsCount" }, direction: "desc" },
      });
      expect(byPage.status).toBe(200);
      expect(byPage.body.columns[0].values).toEqual([
        { page: "page1", space: siteSpace.spaceId },
        { page: "page2", space: siteSpace.spaceId },
      ]);
      expect(byPage.body.columns[1].values).toEqual([4, 1]);
      expect(byPage.body.columns[2].values[0]).toEqual({ ok: 0, good: 1, bad: 1 });
      const perDay = await api.post(aggregate, {
        range: "last30Days",
        groupBy: [{ column: "datetime", interval: "day" }],
      });
      expect(perDay.body.columns).toEqual([
        { column: "datetime", values: [`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`] },
        { column: "eventsCount", values: [6] },
      ]);
    });

    it("refuses what it cannot take or answer, naming the field", async () => {
      const { owner, siteSpace, track, aggregate } = await setup();
      const api = as(owner.token);
      const view = event("page_view", { siteSpace: siteSpace.id, page: "p" });
      const tooMany = await api.post(track, { events: Array.from({ length: 51 }, () => view) });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.message).toMatch(/^body\.events/);
      const old = await api.post(track, {
        events: [{ ...view, timestamp: "2020-01-01T00:00:00.000Z" }],
      });
      expect(old.status).toBe(400);
      expect(old.body.error.message).toMatch(/^body\.events\.0\.timestamp: /);
      const overflowId = await api.post(track, { events: [event("page_view", { page: "*" })] });
      expect(overflowId.status).toBe(400);
      const noRating = await api.post(track, { events: [event("page_post_feedback", {})] });
      expect(noRating.status).toBe(400);
      const visitors = await api.post(aggregate, {
        range: "last7Days",
        groupBy: [{ column: "visitorCountry" }],
      });
      expect(visitors.status).toBe(400);
      expect(visitors.body.error.message).toMatch(/^body\.groupBy\.0\.column: /);
      const hourly = await api.post(aggregate, {
        range: "last7Days",
        groupBy: [{ column: "datetime", interval: "hour" }],
      });
      expect(hourly.body.error.message).toMatch(/^body\.groupBy\.0\.interval: /);
      const byUrl = await api.post(aggregate, {
        range: "last7Days",
        where: [{ column: "url", values: ["https://x.example/"] }],
      });
      expect(byUrl.body.error.message).toMatch(/^body\.where\.0\.column: /);
    });

    it("keeps at most 5,000 counters a site a day: new ones beyond count as overflow", async () => {
      const { owner, site, siteSpace, track } = await setup();
      const db = testDb();
      const day = new Date().toISOString().slice(0, 10);
      const keysRow = {
        siteId: site.id,
        day,
        type: "#keys",
        siteSpaceId: "",
        pageId: "",
        value: "",
      };
      await db.insert(siteInsightCounts).values({ ...keysRow, count: 4_999 });
      const api = as(owner.token);
      const views = ["a", "b", "c"].map((page) =>
        event("page_view", { siteSpace: siteSpace.id, page }),
      );
      expect((await api.post(track, { events: views })).status).toBe(204);
      // A counter known before is still counted as itself.
      expect((await api.post(track, { events: [views[0]] })).status).toBe(204);
      const rows = await db
        .select()
        .from(siteInsightCounts)
        .where(and(eq(siteInsightCounts.siteId, site.id), eq(siteInsightCounts.type, "page_view")));
      const counts = Object.fromEntries(rows.map((r) => [`${r.siteSpaceId}/${r.pageId}`, r.count]));
      expect(counts).toEqual({ [`${siteSpace.id}/a`]: 2, "*/*": 2 });
      const [keys] = await db
        .select()
        .from(siteInsightCounts)
        .where(and(eq(siteInsightCounts.siteId, site.id), eq(siteInsightCounts.type, "#keys")));
      expect(keys!.count).toBe(5_000);
    });

    it("is 404 for visitors of an unpublished site, as for a site that does not exist", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 1 });
      const path = `/orgs/${org.id}/sites/${site.id}/insights/events`;
      const outsider = as((await makeUser()).token);
      const res = await outsider.post(path, { events: [event("page_view", {})] });
      expect(res.status).toBe(404);
      expect((await as(owner.token).post(path, { events: [] })).status).toBe(204);
      // Without a token: the published-access rule (this site is unpublished); a bad token is 401.
      const anonymous = await as(null).post(path, { events: [event("page_view", {})] });
      expect(anonymous.status).toBe(404);
      const unknown = await as("quire_" + "x".repeat(43)).post(path, { events: [] });
      expect(unknown.status).toBe(401);
      const guest = await makeMember(org.id, null);
      expect((await as(guest.token).post(path, { events: [] })).status).toBe(404);
    });

    it("takes events anonymously on a public published site", async () => {
      const { owner, siteSpace, track, aggregate } = await setup();
      const view = event("page_view", { siteSpace: siteSpace.id, page: "p" });
      expect((await as(null).post(track, { events: [view, view] })).status).toBe(204);
      const res = await as(owner.token).post(aggregate, { range: "last24Hours" });
      expect(res.body.columns).toEqual([{ column: "eventsCount", values: [2] }]);
    });
  });
});
