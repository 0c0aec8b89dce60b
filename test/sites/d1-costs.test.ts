import { describe, expect, it } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeShareLink, siteKey, visitorToken } from "../helpers/sites-factories";

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
    await measure("GET .../adaptive-schema", "read", () => api.get(`${base}/adaptive-schema`), 200);
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
    await measure("GET .../publishing/auth", "read", () => api.get(`${base}/publishing/auth`), 200);
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
    await measure("GET /spaces/{id} (member)", "read", () => api.get(`/spaces/${a.space.id}`), 200);
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
