import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSite } from "../helpers/sites-factories";

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/structure", () => {
  it("is the site spaces without sections, then sections and groups in order", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 2 });
    const base = `/orgs/${org.id}/sites/${site.id}`;
    const api = as(owner.token);
    const flat = await api.get(`${base}/structure`);
    expect(flat.status).toBe(200);
    expect(flat.body.type).toBe("siteSpaces");
    expect(flat.body.structure).toHaveLength(2);
    expect(d1Cost(flat).roundTrips).toBeLessThanOrEqual(2);
    const spaceId = flat.body.structure[0].space.id;
    const s1 = (await api.post(`${base}/sections`, { spaceId, title: "One" })).body;
    const g = (await api.post(`${base}/section-groups`, { title: "G" })).body;
    const s2 = (
      await api.post(`${base}/sections`, { spaceId, title: "Two", siteSectionGroupId: g.id })
    ).body;
    const res = await api.get(`${base}/structure`);
    expect(res.body.type).toBe("sections");
    expect(res.body.structure.map((i: any) => [i.object, i.id])).toEqual([
      ["site-section", s1.id],
      ["site-section-group", g.id],
    ]);
    expect(res.body.structure[1].children.map((i: any) => i.id)).toEqual([s2.id]);
    // One adopted the root site spaces, its own space's first, without a copy.
    expect(res.body.structure[0].siteSpaces.map((s: any) => s.space.id)).toEqual(
      flat.body.structure.map((s: any) => s.space.id),
    );
  });
});

describe("PATCH /v1/orgs/{organizationId}/sites/{siteId}/structure/sort", () => {
  async function setup() {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 3 });
    const base = `/orgs/${org.id}/sites/${site.id}`;
    const api = as(owner.token);
    const items = (await api.get(`${base}/structure`)).body.structure as any[];
    const ids = async () =>
      (await api.get(`${base}/structure`)).body.structure.map((i: { id: string }) => i.id);
    const sort = (body: unknown, headers?: Record<string, string>) =>
      api.patch(`${base}/structure/sort`, body, headers ? { headers } : {});
    return { org, owner, site, base, api, items, ids, sort };
  }
  const ss = (id: string) => ({ type: "site-space", id });

  it("moves a site space before or after a sibling and answers the item", async () => {
    const { items, ids, sort } = await setup();
    const [a, b, c] = items.map((i) => i.id);
    const res = await sort({ item: ss(a), position: { after: ss(c) } });
    expect(res.status).toBe(200);
    // The first site space stays the default one wherever it moves.
    expect(res.body).toMatchObject({ object: "site-space", id: a, default: true });
    expect(await ids()).toEqual([b, c, a]);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
    await sort({ item: ss(a), position: { before: ss(c) } });
    expect(await ids()).toEqual([b, a, c]);
    const minimal = await sort(
      { item: ss(c), position: { before: ss(b) } },
      { Prefer: "return=minimal" },
    );
    expect(minimal.status).toBe(204);
    expect(minimal.headers.get("Preference-Applied")).toBe("return=minimal");
    expect(await ids()).toEqual([c, b, a]);
  });

  it("sorts sections and groups at the same level", async () => {
    const { base, api, items, sort } = await setup();
    const spaceId = items[0].space.id;
    const s1 = (await api.post(`${base}/sections`, { spaceId, title: "One" })).body;
    const g = (await api.post(`${base}/section-groups`, { title: "G" })).body;
    const res = await sort({
      item: { type: "site-section-group", id: g.id },
      position: { before: { type: "site-section", id: s1.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body.object).toBe("site-section-group");
    const order = (await api.get(`${base}/structure`)).body.structure.map((i: any) => i.id);
    expect(order).toEqual([g.id, s1.id]);
  });

  it("refuses invalid positions with 400 and unknown items with 404", async () => {
    const { org, owner, base, api, items, sort } = await setup();
    const [a, b] = items.map((i) => i.id);
    const other = await makeSite(org.id, owner, { spaces: 1 });
    const foreign = (await api.get(`/orgs/${org.id}/sites/${other.id}/site-spaces`)).body.items[0];
    const cases: [unknown, string][] = [
      [
        { item: ss(a), position: { after: ss(a) } },
        "body.position.after: an item cannot be positioned relative to itself",
      ],
      [
        { item: ss(a), position: { after: ss(foreign.id) } },
        "body.position.after: not an item at the same level of this site",
      ],
      [
        { item: ss(a), position: { after: ss("nope") } },
        "body.position.after: not an item at the same level of this site",
      ],
      [
        { item: ss(a), position: { after: { type: "site-section", id: b } } },
        "body.position.after: a site-space can only be positioned relative to a site-space",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await sort(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const spaceId = items[0].space.id;
    const s1 = (await api.post(`${base}/sections`, { spaceId })).body;
    const nested = await sort({
      item: { type: "site-section", id: s1.id },
      position: { after: ss(s1.siteSpaces[0].id) },
    });
    expect(nested.status).toBe(400);
    for (const body of [{}, { item: ss(a) }, { item: ss(a), position: {} }]) {
      const res = await sort(body);
      expect(res.status).toBe(400);
    }
    const unknown = await sort({ item: ss("nope"), position: { after: ss(b) } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Site space not found");
    const link = await sort({
      item: { type: "site-external-link", id: "x" },
      position: { after: ss(b) },
    });
    expect(link.status).toBe(404);
  });
});

describe("Prefer: return=minimal on the official structure writes", () => {
  it("answers 204 with Preference-Applied, after writing", async () => {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 1 });
    const base = `/orgs/${org.id}/sites/${site.id}`;
    const api = as(owner.token);
    const minimal = { headers: { Prefer: "return=minimal" } };
    const [root] = (await api.get(`${base}/site-spaces`)).body.items;
    const added = await api.post(`${base}/site-spaces`, { spaceId: root.space.id }, minimal);
    expect(added.status).toBe(204);
    expect(added.text).toBe("");
    expect(added.headers.get("Preference-Applied")).toBe("return=minimal");
    expect(added.headers.get("Location")).toMatch(/\/site-spaces\/[^/]+$/);
    const patched = await api.patch(`${base}/site-spaces/${root.id}`, { path: "renamed" }, minimal);
    expect(patched.status).toBe(204);
    const section = (await api.post(`${base}/sections`, { spaceId: root.space.id })).body;
    const group = (await api.post(`${base}/section-groups`, { title: "G" })).body;
    const s = await api.patch(`${base}/sections/${section.id}`, { title: "Guides" }, minimal);
    expect(s.status).toBe(204);
    const g = await api.patch(`${base}/section-groups/${group.id}`, { title: "H" }, minimal);
    expect(g.status).toBe(204);
    expect(g.headers.get("Preference-Applied")).toBe("return=minimal");
    const tree = (await api.get(`${base}/structure`)).body.structure;
    expect(tree.map((i: any) => i.title)).toEqual(["Guides", "H"]);
    expect(tree[0].siteSpaces.map((ss: any) => ss.path)).toContain("renamed");
    const full = await api.patch(
      `${base}/sections/${section.id}`,
      { title: "Guides 2" },
      { headers: { Prefer: "return=representation" } },
    );
    expect(full.status).toBe(200);
    expect(full.body.title).toBe("Guides 2");
  });
});
