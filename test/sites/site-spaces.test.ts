import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  makeShareLink,
  makeSite,
  readSite,
  makeHiddenSpace,
  visitorToken,
} from "../helpers/sites-factories";
import { emptyStorage } from "../helpers/storage";

describe("site-spaces", () => {
  /** A site with `n` root site spaces and helpers bound to its owner. */
  async function siteWith(n: number, options: { published?: boolean } = {}) {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: n, ...options });
    const base = `/orgs/${org.id}/sites/${site.id}`;
    const api = as(owner.token);
    const ids = async () =>
      (await api.get(`${base}/structure`)).body.structure.map((s: { id: string }) => s.id);
    const items = (await api.get(`${base}/site-spaces`)).body.items as any[];
    return { org, owner, site, base, api, ids, items };
  }

  describe("GET /v1/orgs/{organizationId}/sites/{siteId}/site-spaces", () => {
    it("lists site spaces with their Space, default flag and exact count", async () => {
      const { base, api, items, site } = await siteWith(3);
      expect(items).toHaveLength(3);
      expect(items.map((s) => s.default)).toEqual([true, false, false]);
      expect(items[0]).toMatchObject({
        object: "site-space",
        draft: false,
        space: { object: "space" },
      });
      expect(items[0].urls.published).toBeUndefined();
      const res = await api.get(`${base}/site-spaces`, { query: { limit: 2 } });
      expect(res.body.count).toBe(3);
      expect(res.body.items).toHaveLength(2);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const next = await api.get(`${base}/site-spaces`, {
        query: { limit: 2, page: res.body.next.page },
      });
      expect(next.body.items.map((s: any) => s.id)).toEqual([items[2].id]);
      const onlyDefault = await api.get(`${base}/site-spaces`, { query: { default: "true" } });
      expect(onlyDefault.body.items.map((s: any) => s.id)).toEqual([items[0].id]);
      expect(onlyDefault.body.count).toBe(1);
      const others = await api.get(`${base}/site-spaces`, { query: { default: "false" } });
      expect(others.body.count).toBe(2);
      expect((await readSite(site.id))!.siteSpacesCount).toBe(3);
      const bad = await api.get(`${base}/site-spaces`, { query: { default: "maybe" } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.default: /);
    });

    it("puts published URLs on a published site, with a valid share key", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, {
        spaces: 2,
        published: true,
        visibility: "share-link",
      });
      const link = await makeShareLink(site.id);
      const base = `/orgs/${org.id}/sites/${site.id}/site-spaces`;
      const plain = (await as(owner.token).get(base)).body.items;
      expect(plain[0].urls.published).toBe(`https://app.quire.test/sites/${site.id}`);
      expect(plain[1].urls.published).toBe(
        `https://app.quire.test/sites/${site.id}/${plain[1].path}`,
      );
      const keyed = (await as(owner.token).get(base, { query: { shareKey: link.key } })).body.items;
      expect(keyed[1].urls.published).toBe(
        `https://app.quire.test/sites/${site.id}/${plain[1].path}?share=${link.key}`,
      );
      const wrong = (await as(owner.token).get(base, { query: { shareKey: "nope" } })).body.items;
      expect(wrong[1].urls.published).toBe(plain[1].urls.published);
    });
  });

  describe("POST /v1/orgs/{organizationId}/sites/{siteId}/site-spaces", () => {
    it("adds a space at the end of the root and counts it", async () => {
      const { org, owner, base, api, ids, site } = await siteWith(1);
      const space = await makeSpace(org.id, owner, { title: "API Reference" });
      const res = await api.post(`${base}/site-spaces`, { spaceId: space.id });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        path: "api-reference",
        default: false,
        title: "API Reference",
      });
      expect(res.body.space.id).toBe(space.id);
      expect(res.body.section).toBeUndefined();
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect((await ids()).at(-1)).toBe(res.body.id);
      expect((await readSite(site.id))!.siteSpacesCount).toBe(2);
      const again = await api.post(`${base}/site-spaces`, { spaceId: space.id });
      expect(again.body.path).toBe("api-reference-2");
    });

    it("adds to the given section, else to the default section", async () => {
      const { org, owner, base, api, items } = await siteWith(1);
      const s1 = (await api.post(`${base}/sections`, { spaceId: items[0].space.id })).body;
      const s2 = (await api.post(`${base}/sections`, { spaceId: items[0].space.id })).body;
      const space = await makeSpace(org.id, owner);
      const inDefault = await api.post(`${base}/site-spaces`, { spaceId: space.id });
      expect(inDefault.body.section).toBe(s1.id);
      const inSecond = await api.post(`${base}/site-spaces`, {
        spaceId: space.id,
        sectionId: s2.id,
      });
      expect(inSecond.body.section).toBe(s2.id);
      const wrong = await api.post(`${base}/site-spaces`, { spaceId: space.id, sectionId: "nope" });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe("body.sectionId: no such section in this site");
    });

    it("answers 404 for a space the caller cannot see, 400 for bad input", async () => {
      const { org, owner, base } = await siteWith(0);
      const creator = await makeMember(org.id, "create");
      const hidden = await makeHiddenSpace(org.id, owner);
      const res = await as(creator.token).post(`${base}/site-spaces`, { spaceId: hidden.id });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Space not found");
      for (const body of [{}, { spaceId: "" }, { spaceId: null }, { spaceId: "x", extra: 1 }]) {
        const bad = await as(owner.token).post(`${base}/site-spaces`, body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toMatch(/^body(\.spaceId)?: /);
      }
    });
  });

  describe("PATCH and DELETE /v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}", () => {
    it("updates path, condition and space; null removes the condition", async () => {
      const { org, owner, base, api, items } = await siteWith(2);
      const other = await makeSpace(org.id, owner);
      const url = `${base}/site-spaces/${items[1].id}`;
      const res = await api.patch(url, {
        path: "v2",
        condition: "visitor.claims.beta === true",
        spaceId: other.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ path: "v2", condition: "visitor.claims.beta === true" });
      expect(res.body.space.id).toBe(other.id);
      const unchanged = await api.patch(url, {});
      expect(unchanged.body.condition).toBe("visitor.claims.beta === true");
      const removed = await api.patch(url, { condition: null });
      expect(removed.body.condition).toBeUndefined();
    });

    it("refuses a condition that does not parse, saying where", async () => {
      const { base, api, items } = await siteWith(1);
      const res = await api.patch(`${base}/site-spaces/${items[0].id}`, {
        condition: "visitor.claims.beta &&",
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        "body.condition: unexpected end of condition at position 22",
      );
      const evil = await api.patch(`${base}/site-spaces/${items[0].id}`, {
        condition: "globalThis.process",
      });
      expect(evil.status).toBe(400);
      expect(evil.body.error.message).toMatch(/^body\.condition: unknown name "globalThis"/);
      const long = await api.patch(`${base}/site-spaces/${items[0].id}`, {
        condition: "x".repeat(1025),
      });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toMatch(/^body\.condition: /);
    });

    it("keeps paths 1 to 100 characters and unique among siblings", async () => {
      const { base, api, items } = await siteWith(2);
      const url = `${base}/site-spaces/${items[1].id}`;
      for (const path of ["", "x".repeat(101), "a/b", "-x"]) {
        const res = await api.patch(url, { path });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body\.path: /);
      }
      const taken = await api.patch(url, { path: items[0].path });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toMatch(/^body\.path: /);
      expect((await api.patch(url, { path: "x".repeat(100) })).status).toBe(200);
    });

    it("answers 404 for an unknown site space, and 404 for a space the caller cannot see", async () => {
      const { org, owner, base, api, items } = await siteWith(1);
      expect((await api.patch(`${base}/site-spaces/nope`, { path: "x" })).status).toBe(404);
      const hidden = await makeHiddenSpace(org.id, owner);
      const creator = await makeMember(org.id, "create");
      const res = await as(creator.token).patch(`${base}/site-spaces/${items[0].id}`, {
        spaceId: hidden.id,
      });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Space not found");
    });

    it("deletes a site space (204 also when absent) and keeps the counter exact", async () => {
      const { base, api, items, site, ids } = await siteWith(2);
      expect((await api.delete(`${base}/site-spaces/${items[0].id}`)).status).toBe(204);
      expect((await api.delete(`${base}/site-spaces/${items[0].id}`)).status).toBe(204);
      expect((await api.delete(`${base}/site-spaces/nope`)).status).toBe(204);
      expect((await readSite(site.id))!.siteSpacesCount).toBe(1);
      expect(await ids()).toEqual([items[1].id]);
    });
  });

  describe("POST .../site-spaces/{siteSpaceId}/move (deprecated)", () => {
    it("moves before or after a sibling and answers a Deprecation header", async () => {
      const { base, api, items, ids } = await siteWith(3);
      const [a, b, c] = items.map((s) => s.id);
      const move = (id: string, position?: unknown) =>
        api.post(`${base}/site-spaces/${id}/move`, position ? { position } : {});
      const res = await move(a, { after: { type: "site-space", siteSpace: c } });
      expect(res.status).toBe(200);
      expect(res.headers.get("Deprecation")).toBe("true");
      expect(res.headers.get("Link")).toContain("/structure/sort>");
      expect(await ids()).toEqual([b, c, a]);
      await move(a, { before: { type: "site-space", siteSpace: b } });
      expect(await ids()).toEqual([a, b, c]);
      await move(a);
      expect(await ids()).toEqual([b, c, a]);
    });

    it("refuses an invalid position with 400 and an unknown item with 404", async () => {
      const { org, owner, base, api, items } = await siteWith(2);
      const other = await makeSite(org.id, owner, { spaces: 1 });
      const foreign = (await api.get(`/orgs/${org.id}/sites/${other.id}/site-spaces`)).body
        .items[0];
      const [a, b] = items.map((s) => s.id);
      const move = (id: string, position: unknown) =>
        api.post(`${base}/site-spaces/${id}/move`, { position });
      const self = await move(a, { before: { type: "site-space", siteSpace: a } });
      expect(self.status).toBe(400);
      expect(self.body.error.message).toBe(
        "body.position.before.siteSpace: an item cannot be positioned relative to itself",
      );
      const elsewhere = await move(a, { after: { type: "site-space", siteSpace: foreign.id } });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.error.message).toBe(
        "body.position.after.siteSpace: not an item at the same level of this site",
      );
      const kind = await move(a, { after: { type: "site-section", siteSpace: b } });
      expect(kind.status).toBe(400);
      const both = await move(a, {
        after: { type: "site-space", siteSpace: b },
        before: { type: "site-space", siteSpace: b },
      });
      expect(both.status).toBe(400);
      const unknown = await move("nope", { after: { type: "site-space", siteSpace: b } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe("Site space not found");
    });
  });
});

describe("walkthrough", () => {
  beforeAll(emptyStorage);
  /** The ids of a structure level, for comparing orders. */
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  /** Expects a status, showing the body when it differs. */
  function ok(res: ApiResponse, status: number) {
    expect(res.status, res.text.slice(0, 300)).toBe(status);
    return res.body;
  }

  /**
   * Issue 6 "Done when", tried the way a new user would, through the API only: build a site from
   * two spaces, arrange it, reorder it, make it adaptive, share it, then put it behind visitor
   * authentication.
   */
  describe("walkthrough: a docs site from two spaces to visitor authentication", () => {
    it("works end to end as documented", async () => {
      const { org, owner } = await makeOrg();
      const api = as(owner.token);
      const visitor = as((await makeUser()).token);

      // Two spaces, and a site publishing both.
      const guides = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Guides" }), 201);
      const reference = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Reference" }), 201);
      const site = ok(
        await api.post(`/orgs/${org.id}/sites`, {
          title: "Help center",
          spaces: [guides.id, reference.id],
        }),
        201,
      );
      expect(site).toMatchObject({ siteSpaces: 2, published: false, visibility: "public" });
      const base = `/orgs/${org.id}/sites/${site.id}`;

      // Two sections: the first adopts the root site spaces (its own space first, no copy).
      const guidesSection = ok(
        await api.post(`${base}/sections`, { spaceId: guides.id, title: "Guides" }),
        201,
      );
      expect(guidesSection.siteSpaces.map((s: any) => s.space.id)).toEqual([
        guides.id,
        reference.id,
      ]);
      const refSection = ok(
        await api.post(`${base}/sections`, { spaceId: reference.id, title: "Reference" }),
        201,
      );
      // Reference now has its own section: take it out of Guides.
      const leftover = guidesSection.siteSpaces[1];
      expect((await api.delete(`${base}/site-spaces/${leftover.id}`)).status).toBe(204);
      expect(ok(await api.get(base), 200).siteSpaces).toBe(2);

      // ...inside one section group.
      const group = ok(
        await api.post(`${base}/section-groups`, {
          title: "Documentation",
          sections: [guidesSection.id, refSection.id],
        }),
        201,
      );
      expect(ids(group.children)).toEqual([guidesSection.id, refSection.id]);
      const level = async () => {
        const tree = ok(await api.get(`${base}/structure`), 200);
        expect(tree.type).toBe("sections");
        expect(ids(tree.structure)).toEqual([group.id]);
        return ids(tree.structure[0].children);
      };
      expect(await level()).toEqual([guidesSection.id, refSection.id]);

      // Reorder with the (deprecated) move...
      const moved = await api.post(`${base}/sections/${refSection.id}/move`, {
        position: { before: { type: "site-section", siteSection: guidesSection.id } },
      });
      ok(moved, 200);
      expect(moved.headers.get("Deprecation")).toBe("true");
      expect(moved.headers.get("Link")).toContain("/structure/sort>");
      expect(await level()).toEqual([refSection.id, guidesSection.id]);
      // ...and with the structure sort, for sections and for site spaces.
      const sorted = ok(
        await api.patch(`${base}/structure/sort`, {
          item: { type: "site-section", id: guidesSection.id },
          position: { before: { type: "site-section", id: refSection.id } },
        }),
        200,
      );
      expect(sorted).toMatchObject({ object: "site-section", id: guidesSection.id });
      expect(await level()).toEqual([guidesSection.id, refSection.id]);
      const changelog = ok(await api.post(`/orgs/${org.id}/spaces`, { title: "Changelog" }), 201);
      const extra = ok(
        await api.post(`${base}/site-spaces`, {
          spaceId: changelog.id,
          sectionId: guidesSection.id,
        }),
        201,
      );
      const first = guidesSection.siteSpaces[0];
      ok(
        await api.patch(`${base}/structure/sort`, {
          item: { type: "site-space", id: extra.id },
          position: { before: { type: "site-space", id: first.id } },
        }),
        200,
      );
      const guidesNow = ok(await api.get(`${base}/sections`), 200).items.find(
        (s: any) => s.id === guidesSection.id,
      );
      expect(guidesNow.siteSpaces.map((s: any) => [s.id, s.default])).toEqual([
        [extra.id, false],
        [first.id, true],
      ]);

      // A condition from a template condition of the adaptive schema.
      ok(
        await api.put(`${base}/adaptive-schema`, {
          jsonSchema: {
            type: "object",
            properties: { beta: { type: "boolean", description: "Beta program member" } },
            additionalProperties: false,
          },
        }),
        200,
      );
      ok(await api.patch(base, { adaptiveContent: { enabled: true } }), 200);
      const templates = ok(await api.get(`${base}/adaptive-schema/template-conditions`), 200);
      const betaOnly = templates.items.find((t: any) => t.condition.endsWith("=== true"));
      expect(betaOnly).toEqual({
        description: expect.stringContaining("Beta program member"),
        condition: "visitor.claims.beta === true",
      });
      const conditioned = ok(
        await api.patch(`${base}/site-spaces/${extra.id}`, { condition: betaOnly.condition }),
        200,
      );
      expect(conditioned.condition).toBe(betaOnly.condition);

      // Share it with a link, and read the published site with its key.
      ok(await api.patch(base, { visibility: "share-link" }), 200);
      expect(ok(await api.post(`${base}/publish`), 200).published).toBe(true);
      const link = ok(await api.post(`${base}/share-links`, { name: "Partners" }), 201);
      const shareKey = new URL(link.urls.published).searchParams.get("share")!;
      expect(shareKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const published = ok(await visitor.get(`${base}/published`, { query: { shareKey } }), 200);
      expect(published.site).toMatchObject({ id: site.id, title: "Help center" });
      expect(published.site.urls.published).toContain(`?share=${shareKey}`);
      const shown = published.structure.structure[0].children[0].siteSpaces;
      expect(ids(shown)).toEqual([first.id]); // no claims: the beta-only changelog is hidden
      ok(await visitor.get(`/spaces/${guides.id}`, { query: { shareKey } }), 200);
      const refused = await visitor.get(`${base}/published`);
      expect(refused.status).toBe(404);

      // Deactivate the link: its key is refused at once, exactly like a site that does not exist.
      ok(await api.patch(`${base}/share-links/${link.id}`, { active: false }), 200);
      const off = await visitor.get(`${base}/published`, { query: { shareKey } });
      expect(off.status).toBe(404);
      expect(off.text).toBe(refused.text);
      expect((await visitor.get(`/spaces/${guides.id}`, { query: { shareKey } })).status).toBe(404);

      // Switch to visitor authentication and read with a visitor token signed with the site's key.
      ok(await api.patch(base, { visibility: "visitor-auth" }), 200);
      const auth = ok(await api.get(`${base}/publishing/auth`), 200);
      const beta = await visitorToken(auth.privateKey, { beta: true });
      const asBeta = ok(
        await visitor.get(`${base}/published`, { query: { visitorAuthToken: beta } }),
        200,
      );
      expect(ids(asBeta.structure.structure[0].children[0].siteSpaces)).toEqual([
        extra.id,
        first.id,
      ]);
      const regular = await visitorToken(auth.privateKey, { beta: false });
      const asRegular = ok(
        await visitor.get(`${base}/published`, { query: { visitorAuthToken: regular } }),
        200,
      );
      expect(ids(asRegular.structure.structure[0].children[0].siteSpaces)).toEqual([first.id]);
      const space = ok(
        await visitor.get(`/spaces/${reference.id}`, { query: { visitorAuthToken: beta } }),
        200,
      );
      expect(space.permissions).toMatchObject({ view: true, edit: false, admin: false });
      expect((await visitor.get(`${base}/published`, { query: { shareKey } })).status).toBe(404);
    });
  });
});
