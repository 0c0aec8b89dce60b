import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite, readSite, readSiteSpaces, makeHiddenSpace } from "../helpers/sites-factories";
import { emptyStorage } from "../helpers/storage";

describe("sections", () => {
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
      expect(
        (await move(a.id, { before: { type: "site-section", siteSection: b.id } })).status,
      ).toBe(200);
      expect(await ids()).toEqual([a.id, b.id, c.id]);
      const self = await move(a.id, { before: { type: "site-section", siteSection: a.id } });
      expect(self.status).toBe(400);
      const other = await makeSite(org.id, owner, { spaces: 1 });
      const otherApi = as(owner.token);
      const foreignSpace = (await otherApi.get(`/orgs/${org.id}/sites/${other.id}/site-spaces`))
        .body.items[0];
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
});

describe("structure", () => {
  beforeAll(emptyStorage);
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
      const foreign = (await api.get(`/orgs/${org.id}/sites/${other.id}/site-spaces`)).body
        .items[0];
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
      const patched = await api.patch(
        `${base}/site-spaces/${root.id}`,
        { path: "renamed" },
        minimal,
      );
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
});

describe("section-groups", () => {
  beforeAll(emptyStorage);
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
      expect(self.body.error.message).toMatch(
        /^body\.parentSectionGroupId: a section group cannot/,
      );
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
});
