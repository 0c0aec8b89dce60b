import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { siteInsightCounts } from "../../src/db/schema";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb } from "../helpers/factories";
import { makeSite, readSiteSpaces } from "../helpers/sites-factories";

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
    const keysRow = { siteId: site.id, day, type: "#keys", siteSpaceId: "", pageId: "", value: "" };
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
