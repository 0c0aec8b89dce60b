import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite, readSite, readSiteSpaces, makeHiddenSpace } from "../helpers/sites-factories";

/** A site with `n` root site spaces, its owner's API and a structure reader. */
async function setup(n = 1) {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner, { spaces: n, published: true });
  const base = `/orgs/${org.id}/sites/${site.id}`;
  const api = as(owner.token);
  const roots = (await api.get(`${base}/site-spaces`)).body.items as any[];
  const structure = async () => (await api.get(`${base}/structure`)).body;
  const addSection = async (title?: string) =>
    (await api.post(`${base}/sections`, { spaceId: roots[0].space.id, title })).body;
  return { org, owner, site, base, api, roots, structure, addSection };
}

describe("POST /v1/orgs/{organizationId}/sites/{siteId}/sections", () => {
  it("creates a section whose first site space is the space; the root moves in after it", async () => {
    const { org, owner, site, base, api, roots, structure } = await setup(2);
    const space = await makeSpace(org.id, owner, { title: "Guides" });
    const res = await api.post(`${base}/sections`, { spaceId: space.id, icon: "book" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "site-section",
      title: "Guides",
      path: "guides",
      icon: "book",
      default: true,
      draft: false,
    });
    expect(res.body.siteSpaces.map((s: any) => s.space.id)).toEqual([
      space.id,
      roots[0].space.id,
      roots[1].space.id,
    ]);
    // The former root default stays the default, so the published root keeps its content.
    expect(res.body.siteSpaces.map((s: any) => s.default)).toEqual([false, true, false]);
    expect(res.body.urls.published).toBe(`https://app.quire.test/sites/${site.id}`);
    expect(res.headers.get("Location")).toContain(`/sections/${res.body.id}`);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
    const tree = await structure();
    expect(tree.type).toBe("sections");
    expect(tree.structure.map((s: any) => s.id)).toEqual([res.body.id]);
    expect((await readSite(site.id))!.siteSpacesCount).toBe(3);
    const second = await api.post(`${base}/sections`, { spaceId: space.id, title: "Guides" });
    expect(second.body).toMatchObject({ path: "guides-2", default: false });
    expect(second.body.urls.published).toBe(`https://app.quire.test/sites/${site.id}/guides-2`);
    expect(second.body.siteSpaces).toHaveLength(1);
  });

  it("adopts the root site space of its own space as the first one, not a copy", async () => {
    const { site, base, api, roots } = await setup(3);
    const res = await api.post(`${base}/sections`, { spaceId: roots[1].space.id, title: "Docs" });
    expect(res.status).toBe(201);
    expect(res.body.siteSpaces.map((s: any) => s.id)).toEqual([
      roots[1].id,
      roots[0].id,
      roots[2].id,
    ]);
    expect(res.body.siteSpaces.map((s: any) => s.default)).toEqual([false, true, false]);
    expect(res.body.siteSpaces[0].path).toBe(roots[1].path);
    expect((await readSite(site.id))!.siteSpacesCount).toBe(3);
    const listed = await api.get(`${base}/site-spaces`);
    expect(listed.body.count).toBe(3);
  });

  it("refuses bad input with 400 and an invisible space with 404", async () => {
    const { org, owner, base, api, roots } = await setup();
    const cases: [unknown, RegExp][] = [
      [{}, /^body\.spaceId: /],
      [{ spaceId: roots[0].space.id, title: "x" }, /^body\.title: /],
      [{ spaceId: roots[0].space.id, icon: "x".repeat(51) }, /^body\.icon: /],
      [{ spaceId: roots[0].space.id, siteSectionGroupId: "nope" }, /^body\.siteSectionGroupId: /],
    ];
    for (const [body, message] of cases) {
      const res = await api.post(`${base}/sections`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const hidden = await makeHiddenSpace(org.id, owner);
    const creator = await makeMember(org.id, "create");
    const res = await as(creator.token).post(`${base}/sections`, { spaceId: hidden.id });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Space not found");
  });
});

describe("GET /v1/orgs/{organizationId}/sites/{siteId}/sections", () => {
  it("lists sections with their site spaces, in creation order, with an exact count", async () => {
    const { base, api, addSection } = await setup();
    const a = await addSection("Alpha");
    const b = await addSection("Beta");
    const res = await api.get(`${base}/sections`, { query: { limit: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((s: any) => s.id)).toEqual([a.id]);
    // Alpha adopted the root site space of its own space rather than publishing it twice.
    expect(res.body.items[0].siteSpaces.length).toBe(1);
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
    const next = await api.get(`${base}/sections`, { query: { page: res.body.next.page } });
    expect(next.body.items.map((s: any) => s.id)).toEqual([b.id]);
  });
});

describe("PATCH and DELETE /v1/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}", () => {
  it("updates title, path, default site space, condition, icon, description", async () => {
    const { base, api, addSection } = await setup(2);
    const section = await addSection("Alpha");
    const url = `${base}/sections/${section.id}`;
    const last = section.siteSpaces[1];
    expect(section.siteSpaces.map((s: any) => s.default)).toEqual([true, false]);
    const res = await api.patch(url, {
      title: "Renamed",
      path: "renamed",
      defaultSiteSpace: last.id,
      condition: "visitor.claims.unsigned.plan == 'pro'",
      icon: "gear",
      description: "About this",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Renamed",
      path: "renamed",
      condition: "visitor.claims.unsigned.plan == 'pro'",
      icon: "gear",
      description: "About this",
    });
    expect(res.body.siteSpaces.find((s: any) => s.default).id).toBe(last.id);
    const cleared = await api.patch(url, { condition: null, icon: null, description: null });
    expect(cleared.body.condition).toBeUndefined();
    expect(cleared.body.icon).toBeUndefined();
    expect(cleared.body.description).toBeUndefined();
  });

  it("refuses bad values with 400, a taken path with 409, an unknown section with 404", async () => {
    const { base, api, addSection, roots } = await setup();
    const a = await addSection("Alpha");
    await addSection("Beta");
    const url = `${base}/sections/${a.id}`;
    const cases: [unknown, RegExp][] = [
      [{ title: "x" }, /^body\.title: /],
      [{ path: "" }, /^body\.path: /],
      [{ description: "x".repeat(257) }, /^body\.description: /],
      [
        { condition: "visitor.claims.a ==" },
        /^body\.condition: unexpected end of condition at position 19$/,
      ],
      [
        { defaultSiteSpace: roots[0].id + "x" },
        /^body\.defaultSiteSpace: not a site space of this section$/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.patch(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    const taken = await api.patch(url, { path: "beta" });
    expect(taken.status).toBe(409);
    expect((await api.patch(`${base}/sections/nope`, { title: "Ok" })).status).toBe(404);
  });

  it("deletes a section with its site spaces (204 also when absent)", async () => {
    const { site, base, api, addSection, structure } = await setup(1);
    const a = await addSection("Alpha");
    const b = await addSection("Beta");
    // Alpha adopted the root site space; Beta published the space again.
    expect((await readSite(site.id))!.siteSpacesCount).toBe(2);
    expect((await api.delete(`${base}/sections/${a.id}`)).status).toBe(204);
    expect((await api.delete(`${base}/sections/${a.id}`)).status).toBe(204);
    expect((await readSite(site.id))!.siteSpacesCount).toBe(1);
    expect((await readSiteSpaces(site.id)).map((r) => r.sectionId)).toEqual([b.id]);
    const tree = await structure();
    expect(tree.structure.map((s: any) => [s.id, s.default])).toEqual([[b.id, true]]);
  });
});

describe("POST .../sections/{siteSectionId}/move (deprecated)", () => {
  it("moves a section before or after another; invalid positions 400, unknown 404", async () => {
    const { org, owner, base, api, addSection, structure } = await setup();
    const a = await addSection("Alpha");
    const b = await addSection("Beta");
    const c = await addSection("Gamma");
    const ids = async () => (await structure()).structure.map((s: any) => s.id);
    const move = (id: string, position: unknown) =>
      api.post(`${base}/sections/${id}/move`, { position });
    const res = await move(a.id, { after: { type: "site-section", siteSection: c.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Deprecation")).toBe("true");
    expect(await ids()).toEqual([b.id, c.id, a.id]);
    // The first section stays the default one wherever it moves.
    expect(res.body.default).toBe(true);
    expect((await move(a.id, { before: { type: "site-section", siteSection: b.id } })).status).toBe(
      200,
    );
    expect(await ids()).toEqual([a.id, b.id, c.id]);
    const self = await move(a.id, { before: { type: "site-section", siteSection: a.id } });
    expect(self.status).toBe(400);
    const other = await makeSite(org.id, owner, { spaces: 1 });
    const otherApi = as(owner.token);
    const foreignSpace = (await otherApi.get(`/orgs/${org.id}/sites/${other.id}/site-spaces`)).body
      .items[0];
    const foreign = (
      await otherApi.post(`/orgs/${org.id}/sites/${other.id}/sections`, {
        spaceId: foreignSpace.space.id,
      })
    ).body;
    const elsewhere = await move(a.id, {
      after: { type: "site-section", siteSection: foreign.id },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.message).toBe(
      "body.position.after.siteSection: not an item at the same level of this site",
    );
    const kind = await move(a.id, { after: { type: "site-space", siteSection: b.id } });
    expect(kind.status).toBe(400);
    const unknown = await move("nope", { after: { type: "site-section", siteSection: b.id } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Site section not found");
  });
});
