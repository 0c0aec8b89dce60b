import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeSite } from "../helpers/sites-factories";

/** A site with three sections (A, B, C) and helpers. */
async function setup() {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner, { spaces: 1 });
  const base = `/orgs/${org.id}/sites/${site.id}`;
  const api = as(owner.token);
  const spaceId = (await api.get(`${base}/site-spaces`)).body.items[0].space.id;
  const section = async (title: string) =>
    (await api.post(`${base}/sections`, { spaceId, title })).body;
  const [a, b, c] = [await section("Alpha"), await section("Beta"), await section("Gamma")];
  const group = async (body: unknown) => api.post(`${base}/section-groups`, body);
  /** The root level, each item as [kind initial + title, children...]. */
  const outline = async () => {
    const walk = (items: any[]): unknown[] =>
      items.map((i) =>
        i.object === "site-section-group" ? [i.title, ...walk(i.children)] : i.title,
      );
    return walk((await api.get(`${base}/structure`)).body.structure);
  };
  return { org, owner, site, base, api, a, b, c, group, outline, section };
}

describe("POST /v1/orgs/{organizationId}/sites/{siteId}/section-groups", () => {
  it("creates a group at the end of the root, taking in sections in the given order", async () => {
    const { a, c, group, outline } = await setup();
    const res = await group({ title: "Group", icon: "folder", sections: [c.id, a.id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "site-section-group",
      title: "Group",
      icon: "folder",
    });
    expect(res.body.children.map((s: any) => s.id)).toEqual([c.id, a.id]);
    expect(res.body.sections.map((s: any) => s.id)).toEqual([c.id, a.id]);
    expect(res.body.children[0].sectionGroup).toBe(res.body.id);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
    expect(await outline()).toEqual(["Beta", ["Group", "Gamma", "Alpha"]]);
  });

  it("nests under a parent group, and refuses unknown sections or parents", async () => {
    const { b, group, outline } = await setup();
    const parent = (await group({ title: "Parent" })).body;
    const child = await group({ title: "Child", parent: parent.id, sections: [b.id] });
    expect(child.status).toBe(201);
    expect(child.body.sectionGroup).toBe(parent.id);
    expect(await outline()).toEqual(["Alpha", "Gamma", ["Parent", ["Child", "Beta"]]]);
    const badSection = await group({ title: "X", sections: [b.id, "nope"] });
    expect(badSection.status).toBe(400);
    expect(badSection.body.error.message).toBe("body.sections[1]: no such section in this site");
    const badParent = await group({ title: "X", parent: "nope" });
    expect(badParent.status).toBe(400);
    expect(badParent.body.error.message).toBe("body.parent: no such section group in this site");
    for (const body of [{}, { title: "" }, { title: "x".repeat(101) }]) {
      const res = await group(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body\.title: /);
    }
  });
});

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/section-groups", () => {
  it("lists groups with their children and an exact count", async () => {
    const { a, base, api, group } = await setup();
    const g1 = (await group({ title: "One", sections: [a.id] })).body;
    const g2 = (await group({ title: "Two", parent: g1.id })).body;
    const res = await api.get(`${base}/section-groups`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((g: any) => g.id)).toEqual([g1.id, g2.id]);
    expect(res.body.items[0].children.map((x: any) => x.id)).toEqual([a.id, g2.id]);
    expect(res.body.items[0].sections.map((x: any) => x.id)).toEqual([a.id]);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
  });
});

describe("PATCH /v1/orgs/{organizationId}/sites/{siteId}/section-groups/{id}", () => {
  it("renames, changes the icon and moves under another group, never into itself", async () => {
    const { base, api, group, outline } = await setup();
    const outer = (await group({ title: "Outer" })).body;
    const inner = (await group({ title: "Inner", parent: outer.id })).body;
    const url = (id: string) => `${base}/section-groups/${id}`;
    const res = await api.patch(url(inner.id), { title: "Renamed", icon: "star" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Renamed", icon: "star", sectionGroup: outer.id });
    const self = await api.patch(url(outer.id), { parentSectionGroupId: outer.id });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toMatch(/^body\.parentSectionGroupId: a section group cannot/);
    const cycle = await api.patch(url(outer.id), { parentSectionGroupId: inner.id });
    expect(cycle.status).toBe(400);
    const up = await api.patch(url(inner.id), { parentSectionGroupId: null, icon: null });
    expect(up.body.sectionGroup).toBeUndefined();
    expect(up.body.icon).toBeUndefined();
    expect(await outline()).toEqual(["Alpha", "Beta", "Gamma", ["Outer"], ["Renamed"]]);
    expect((await api.patch(url("nope"), { title: "x" })).status).toBe(404);
    const unknownParent = await api.patch(url(inner.id), { parentSectionGroupId: "nope" });
    expect(unknownParent.status).toBe(400);
  });
});

describe("DELETE /v1/orgs/{organizationId}/sites/{siteId}/section-groups/{id}", () => {
  it("deletes a group; its children move up where it was (204 also when absent)", async () => {
    const { a, b, base, api, group, outline } = await setup();
    const g = (await group({ title: "G", sections: [a.id, b.id] })).body;
    await group({ title: "Inner", parent: g.id });
    expect(await outline()).toEqual(["Gamma", ["G", "Alpha", "Beta", ["Inner"]]]);
    expect((await api.delete(`${base}/section-groups/${g.id}`)).status).toBe(204);
    expect(await outline()).toEqual(["Gamma", "Alpha", "Beta", ["Inner"]]);
    expect((await api.delete(`${base}/section-groups/${g.id}`)).status).toBe(204);
  });
});

describe("section-group members", () => {
  it("adds a section at the end of a group and removes it to after the group", async () => {
    const { a, b, base, api, group, outline } = await setup();
    const g = (await group({ title: "G", sections: [a.id] })).body;
    const url = `${base}/section-groups/${g.id}/sections`;
    const res = await api.post(url, { sectionId: b.id });
    expect(res.status).toBe(200);
    expect(res.body.children.map((s: any) => s.id)).toEqual([a.id, b.id]);
    expect(await outline()).toEqual(["Gamma", ["G", "Alpha", "Beta"]]);
    expect((await api.post(url, { sectionId: b.id })).status).toBe(200);
    const bad = await api.post(url, { sectionId: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("body.sectionId: no such section in this site");
    expect((await api.delete(`${url}/${a.id}`)).status).toBe(204);
    expect(await outline()).toEqual(["Gamma", ["G", "Beta"], "Alpha"]);
    expect((await api.delete(`${url}/${a.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/section-groups/nope/sections/${a.id}`)).status).toBe(404);
  });
});

describe("POST .../section-groups/{id}/move (deprecated)", () => {
  it("moves a group among sections and groups; invalid positions 400, unknown 404", async () => {
    const { a, base, api, group, outline } = await setup();
    const g = (await group({ title: "G" })).body;
    const move = (id: string, position: unknown) =>
      api.post(`${base}/section-groups/${id}/move`, { position });
    const res = await move(g.id, { before: { type: "site-section", id: a.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Deprecation")).toBe("true");
    expect(await outline()).toEqual([["G"], "Alpha", "Beta", "Gamma"]);
    expect((await move(g.id, { before: { type: "site-section-group", id: g.id } })).status).toBe(
      400,
    );
    const wrongKind = await move(g.id, { before: { type: "site-section-group", id: a.id } });
    expect(wrongKind.status).toBe(400);
    const badType = await move(g.id, { before: { type: "site-space", id: a.id } });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toMatch(/^body\.position\.before\.type: /);
    const unknown = await move("nope", { before: { type: "site-section", id: a.id } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Site section group not found");
  });
});
