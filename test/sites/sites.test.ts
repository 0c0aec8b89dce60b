import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { organizations } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  makeHiddenSpace,
  makeSite,
  readSite,
  readSiteSpaces,
  sitesCounter,
  siteKey,
} from "../helpers/sites-factories";
import { parseCondition } from "../../src/lib/condition";
import { emptyStorage } from "../helpers/storage";

describe("sites", () => {
  describe("POST /v1/orgs/{organizationId}/sites", () => {
    it("creates an unpublished basic site with defaults and counts it", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/sites`, {});
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "site",
        type: "basic",
        appliedType: "basic",
        title: "Untitled site",
        visibility: "public",
        published: false,
        siteSpaces: 0,
        agentsContext: "included",
        adaptiveContent: { enabled: false },
        permissions: { view: true, admin: true, create: true },
        features: [],
      });
      expect(res.body.urls.published).toBeUndefined();
      expect(res.headers.get("Location")).toBe(res.body.urls.location);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(await sitesCounter(org.id)).toBe(1);
    });

    it("publishes each given space as a root site space, once", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeSpace(org.id, owner, { title: "Getting Started" });
      const b = await makeSpace(org.id, owner, { title: "Getting Started" });
      const res = await as(owner.token).post(`/orgs/${org.id}/sites`, {
        type: "premium",
        title: "  Docs  ",
        visibility: "share-link",
        spaces: [a.id, b.id, a.id],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: "Docs", type: "premium", visibility: "share-link" });
      expect(res.body.siteSpaces).toBe(2);
      const structure = await as(owner.token).get(`/orgs/${org.id}/sites/${res.body.id}/structure`);
      expect(structure.body.type).toBe("siteSpaces");
      expect(structure.body.structure.map((s: any) => [s.space.id, s.path, s.default])).toEqual([
        [a.id, "getting-started", true],
        [b.id, "getting-started-2", false],
      ]);
    });

    it("answers 404 for a space the caller cannot see, or of another organization", async () => {
      const { org, owner } = await makeOrg();
      const creator = await makeMember(org.id, "create");
      const hidden = await makeHiddenSpace(org.id, owner);
      const other = await makeOrg();
      const foreign = await makeSpace(other.org.id, other.owner);
      for (const id of [hidden.id, foreign.id, "doesnotexist"]) {
        const res = await as(creator.token).post(`/orgs/${org.id}/sites`, { spaces: [id] });
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe("Space not found");
      }
      expect(await sitesCounter(org.id)).toBe(0);
    });

    it("refuses bad input with 400 naming the field", async () => {
      const { org, owner } = await makeOrg();
      const post = (body: unknown) => as(owner.token).post(`/orgs/${org.id}/sites`, body);
      const cases: [unknown, RegExp][] = [
        [{ title: "x" }, /^body\.title: /],
        [{ title: "x".repeat(129) }, /^body\.title: /],
        [{ type: "gold" }, /^body\.type: /],
        [{ visibility: "private" }, /^body\.visibility: /],
        [{ spaces: "abc" }, /^body\.spaces: /],
        [{ spaces: [""] }, /^body\.spaces\[0\]: /],
        [{ color: "red" }, /^body: /],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      expect(await sitesCounter(org.id)).toBe(0);
    });
  });

  describe("GET /v1/orgs/{organizationId}/sites", () => {
    it("lists sites oldest first with an exact count and filters", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const a = await makeSite(org.id, owner, { title: "Alpha docs", spaces: [space] });
      const b = await makeSite(org.id, owner, { title: "Beta docs", published: true });
      const c = await makeSite(org.id, owner, { title: "Gamma" });
      await makeSite((await makeOrg()).org.id, owner);
      const list = (query: Record<string, string>) =>
        as(owner.token).get(`/orgs/${org.id}/sites`, { query });
      const all = await list({});
      expect(all.status).toBe(200);
      expect(all.body.count).toBe(3);
      expect(all.body.items.map((s: any) => s.id)).toEqual([a.id, b.id, c.id]);
      expect(d1Cost(all).roundTrips).toBeLessThanOrEqual(2);
      expect((await list({ title: "DOCS" })).body.items.map((s: any) => s.id)).toEqual([
        a.id,
        b.id,
      ]);
      expect((await list({ title: "DOCS" })).body.count).toBe(2);
      expect((await list({ published: "true" })).body.items.map((s: any) => s.id)).toEqual([b.id]);
      expect((await list({ published: "false" })).body.count).toBe(2);
      expect((await list({ space: space.id })).body.items.map((s: any) => s.id)).toEqual([a.id]);
      expect((await list({ type: "premium" })).body.count).toBe(0);
      expect((await list({ title: "%" })).body.count).toBe(0);
    });

    it("pages with signed cursors scoped to the organization", async () => {
      const { org, owner } = await makeOrg();
      for (let i = 0; i < 3; i++) await makeSite(org.id, owner);
      const first = await as(owner.token).get(`/orgs/${org.id}/sites`, { query: { limit: 2 } });
      expect(first.body.items).toHaveLength(2);
      expect(first.body.count).toBe(3);
      const next = await as(owner.token).get(`/orgs/${org.id}/sites`, {
        query: { limit: 2, page: first.body.next.page },
      });
      expect(next.body.items).toHaveLength(1);
      expect(next.body.next).toBeUndefined();
      const other = await makeOrg({ owner });
      const foreign = await as(owner.token).get(`/orgs/${other.org.id}/sites`, {
        query: { page: first.body.next.page },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.message).toBe("query.page: invalid page cursor");
      const bad = await as(owner.token).get(`/orgs/${org.id}/sites`, { query: { limit: 0 } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^query\.limit: /);
    });
  });

  describe("GET and PATCH /v1/orgs/{organizationId}/sites/{siteId}", () => {
    it("reads a site with read-only permissions for a reader", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const site = await makeSite(org.id, owner);
      const res = await as(reader.token).get(`/orgs/${org.id}/sites/${site.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: site.id, title: site.title, siteSpaces: 0 });
      expect(res.body.permissions).toMatchObject({ view: true, create: false, admin: false });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(2);
      const other = await makeOrg({ owner });
      const misplaced = await as(owner.token).get(`/orgs/${other.org.id}/sites/${site.id}`);
      expect(misplaced.status).toBe(404);
      expect(misplaced.body.error.message).toBe("Site not found");
    });

    it("updates every writable field", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner);
      const res = await as(owner.token).patch(`/orgs/${org.id}/sites/${site.id}`, {
        title: "Renamed",
        visibility: "visitor-auth",
        basename: "api",
        hostname: "docs.example.com",
        adaptiveContent: { enabled: true },
        agentsContext: "excluded",
        defaultLevel: "read",
        proxy: "example.com/docs/v2",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: "Renamed",
        visibility: "visitor-auth",
        basename: "api",
        hostname: "docs.example.com",
        adaptiveContent: { enabled: true },
        agentsContext: "excluded",
        defaultLevel: "read",
        proxy: { origin: "example.com/docs/v2" },
      });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      const cleared = await as(owner.token).patch(`/orgs/${org.id}/sites/${site.id}`, {
        proxy: null,
        hostname: null,
      });
      expect(cleared.body.proxy).toBeUndefined();
      expect(cleared.body.hostname).toBeUndefined();
      expect((await readSite(site.id))!.titleLower).toBe("renamed");
    });

    it("refuses bad values with 400 naming the field, and a taken host name with 409", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner);
      const patch = (body: unknown) =>
        as(owner.token).patch(`/orgs/${org.id}/sites/${site.id}`, body);
      const cases: [unknown, RegExp][] = [
        [{ title: "x" }, /^body\.title: /],
        [{ basename: "" }, /^body\.basename: /],
        [{ basename: "x".repeat(101) }, /^body\.basename: /],
        [{ basename: "../.." }, /^body\.basename: must be one URL path segment/],
        [{ basename: "a/b" }, /^body\.basename: /],
        [{ basename: ".hidden" }, /^body\.basename: /],
        [{ proxy: "example.com" }, /^body\.proxy: /],
        [{ proxy: `example.com/${"a".repeat(510)}` }, /^body\.proxy: /],
        [{ hostname: "example.com" }, /^body\.hostname: /],
        [{ hostname: "Docs.Example.com" }, /^body\.hostname: /],
        [{ visibility: "in-collection" }, /^body\.visibility: /],
        [{ agentsContext: "maybe" }, /^body\.agentsContext: /],
        [{ adaptiveContent: {} }, /^body\.adaptiveContent\.enabled: /],
        [{ defaultSiteSpace: "nope" }, /^body\.defaultSiteSpace: /],
        [{ defaultSiteSection: "nope" }, /^body\.defaultSiteSection: /],
        [{ published: true }, /^body: /],
      ];
      for (const [body, message] of cases) {
        const res = await patch(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      const other = await makeSite(org.id, owner);
      await patch({ hostname: "docs.example.org" });
      const taken = await as(owner.token).patch(`/orgs/${org.id}/sites/${other.id}`, {
        hostname: "docs.example.org",
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toMatch(/^body\.hostname: /);
    });

    it("sets the default site space at the root and the default section", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 2 });
      const base = `/orgs/${org.id}/sites/${site.id}`;
      const api = as(owner.token);
      const [, second] = (await api.get(`${base}/structure`)).body.structure;
      expect((await api.patch(base, { defaultSiteSpace: second.id })).status).toBe(200);
      const after = (await api.get(`${base}/structure`)).body.structure;
      expect(after.map((s: any) => s.default)).toEqual([false, true]);
      const section = (await api.post(`${base}/sections`, { spaceId: second.space.id })).body;
      const other = (await api.post(`${base}/sections`, { spaceId: second.space.id })).body;
      expect(section.default).toBe(true);
      // The first section took in the root site spaces; the root default stayed the default.
      expect(section.siteSpaces.map((s: any) => s.id)).toContain(second.id);
      expect(section.siteSpaces.find((s: any) => s.default).id).toBe(second.id);
      const res = await api.patch(base, {
        defaultSiteSection: other.id,
        defaultSiteSpace: other.siteSpaces[0].id,
      });
      expect(res.status).toBe(200);
      const sections = (await api.get(`${base}/sections`)).body.items;
      expect(sections.map((s: any) => [s.id, s.default])).toEqual([
        [section.id, false],
        [other.id, true],
      ]);
      const wrong = await api.patch(base, { defaultSiteSpace: second.id });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe(
        "body.defaultSiteSpace: not a site space at the root or in the default section",
      );
    });
  });

  describe("DELETE /v1/orgs/{organizationId}/sites/{siteId}", () => {
    it("deletes the site and its structure, keeps the counter exact, answers 204 again", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 2 });
      await makeSite(org.id, owner);
      await testDb()
        .update(organizations)
        .set({ defaultContentSite: site.id })
        .where(eq(organizations.id, org.id));
      const del = () => as(owner.token).delete(`/orgs/${org.id}/sites/${site.id}`);
      expect((await del()).status).toBe(204);
      expect(await readSite(site.id)).toBeUndefined();
      expect(await readSiteSpaces(site.id)).toEqual([]);
      expect(await sitesCounter(org.id)).toBe(1);
      const [stored] = await testDb()
        .select()
        .from(organizations)
        .where(eq(organizations.id, org.id));
      expect(stored!.defaultContentSite).toBeNull();
      expect((await del()).status).toBe(204);
      expect(await sitesCounter(org.id)).toBe(1);
      const get = await as(owner.token).get(`/orgs/${org.id}/sites/${site.id}`);
      expect(get.status).toBe(404);
    });
  });

  describe("deleting a space removes its site spaces", () => {
    it("runs in the space delete batch and keeps every site's counter exact", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const kept = await makeSpace(org.id, owner);
      const a = await makeSite(org.id, owner, { spaces: [space, kept] });
      const b = await makeSite(org.id, owner, { spaces: [space] });
      const api = as(owner.token);
      expect((await api.delete(`/spaces/${space.id}`)).status).toBe(204);
      const sites = `/orgs/${org.id}/sites`;
      expect((await api.get(`${sites}/${a.id}`)).body.siteSpaces).toBe(1);
      expect((await api.get(`${sites}/${b.id}`)).body.siteSpaces).toBe(0);
      expect((await api.get(`${sites}/${a.id}/site-spaces`)).body.count).toBe(1);
      expect((await readSiteSpaces(a.id)).map((r) => r.spaceId)).toEqual([kept.id]);
      expect(await readSiteSpaces(b.id)).toEqual([]);
    });
  });
});

describe("settings", () => {
  beforeAll(emptyStorage);
  const UNSIGNED = "Unsigned claims of the site visitor.";

  /** A valid schema: two signed claims and one unsigned. */
  function validSchema(): Record<string, unknown> {
    return {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: {
        isBetaUser: { type: "boolean", description: "Beta programme member" },
        isAdmin: { type: "boolean", description: "Administrator" },
        unsigned: {
          type: "object",
          description: UNSIGNED,
          properties: { prefersDark: { type: "boolean", description: "Dark mode" } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
  }

  async function setup() {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner);
    const base = `/orgs/${org.id}/sites/${site.id}`;
    return { org, owner, site, base, api: as(owner.token) };
  }

  describe("adaptive schema", () => {
    it("is 404 until set, then stored and returned as given", async () => {
      const { base, api } = await setup();
      const before = await api.get(`${base}/adaptive-schema`);
      expect(before.status).toBe(404);
      expect(before.body.error.message).toBe("Adaptive schema not found");
      const put = await api.put(`${base}/adaptive-schema`, { jsonSchema: validSchema() });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ object: "site-adaptive-schema", jsonSchema: validSchema() });
      const get = await api.get(`${base}/adaptive-schema`);
      expect(get.body.jsonSchema).toEqual(validSchema());
      expect(get.body.updatedAt).toBe(put.body.updatedAt);
      const replaced = await api.put(`${base}/adaptive-schema`, {
        jsonSchema: { type: "object", properties: {}, additionalProperties: false },
      });
      expect(replaced.body.jsonSchema.properties).toEqual({});
    });

    it("refuses anything else with 400 naming the rule", async () => {
      const { base, api } = await setup();
      const mutate = (change: (s: any) => void) => {
        const s = validSchema() as any;
        change(s);
        return s;
      };
      const cases: [unknown, string][] = [
        [mutate((s) => (s.type = "array")), 'body.jsonSchema.type: must be "object"'],
        [
          mutate((s) => (s.$schema = "https://json-schema.org/draft/2020-12/schema")),
          'body.jsonSchema.$schema: must be "http://json-schema.org/draft-07/schema#" (draft-07)',
        ],
        [
          mutate((s) => delete s.additionalProperties),
          "body.jsonSchema.additionalProperties: must be false",
        ],
        [
          mutate((s) => (s.additionalProperties = true)),
          "body.jsonSchema.additionalProperties: must be false",
        ],
        [
          mutate((s) => (s.required = ["isAdmin"])),
          "body.jsonSchema.required: not allowed here (allowed: $schema, type, properties, additionalProperties)",
        ],
        [
          mutate((s) => (s.properties = [])),
          "body.jsonSchema.properties: must be an object of claims",
        ],
        [
          mutate((s) => (s.properties.plan = { type: "string", description: "Plan" })),
          'body.jsonSchema.properties.plan.type: must be "boolean" (claims are booleans)',
        ],
        [
          mutate((s) => (s.properties.isAdmin = { type: "boolean" })),
          "body.jsonSchema.properties.isAdmin.description: must be a string",
        ],
        [
          mutate((s) => (s.properties.isAdmin.default = true)),
          "body.jsonSchema.properties.isAdmin.default: not allowed here (allowed: type, description)",
        ],
        [
          mutate((s) => (s.properties["is-admin"] = { type: "boolean", description: "x" })),
          "body.jsonSchema.properties.is-admin: claim names must be identifiers ([A-Za-z_$][A-Za-z0-9_$]*)",
        ],
        [
          mutate((s) => (s.properties.unsigned.type = "boolean")),
          'body.jsonSchema.properties.unsigned.type: must be "object"',
        ],
        [
          mutate((s) => (s.properties.unsigned.description = "Other")),
          `body.jsonSchema.properties.unsigned.description: must be "${UNSIGNED}"`,
        ],
        [
          mutate((s) => delete s.properties.unsigned.additionalProperties),
          "body.jsonSchema.properties.unsigned.additionalProperties: must be false",
        ],
        [
          mutate(
            (s) => (s.properties.unsigned.properties.n = { type: "number", description: "n" }),
          ),
          'body.jsonSchema.properties.unsigned.properties.n.type: must be "boolean" (claims are booleans)',
        ],
        [
          mutate((s) => (s.properties.unsigned = true)),
          "body.jsonSchema.properties.unsigned: must be an object schema of unsigned claims",
        ],
      ];
      for (const [jsonSchema, message] of cases) {
        const res = await api.put(`${base}/adaptive-schema`, { jsonSchema });
        expect(res.status, message).toBe(400);
        expect(res.body.error.message).toBe(message);
      }
      const notObject = await api.put(`${base}/adaptive-schema`, { jsonSchema: "x" });
      expect(notObject.status).toBe(400);
      expect(notObject.body.error.message).toMatch(/^body\.jsonSchema: /);
      expect((await api.get(`${base}/adaptive-schema`)).status).toBe(404);
    });

    it("derives template conditions that parse with the condition grammar", async () => {
      const { base, api } = await setup();
      const empty = await api.get(`${base}/adaptive-schema/template-conditions`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ items: [] });
      await api.put(`${base}/adaptive-schema`, { jsonSchema: validSchema() });
      const res = await api.get(`${base}/adaptive-schema/template-conditions`);
      const conditions = res.body.items.map((i: any) => i.condition);
      expect(conditions).toEqual([
        "visitor.claims.isBetaUser === true",
        "visitor.claims.isBetaUser !== true",
        "visitor.claims.isAdmin === true",
        "visitor.claims.isAdmin !== true",
        "visitor.claims.unsigned.prefersDark === true",
        "visitor.claims.unsigned.prefersDark !== true",
      ]);
      for (const item of res.body.items) {
        expect(() => parseCondition(item.condition)).not.toThrow();
        expect(item.description.length).toBeGreaterThan(0);
      }
      expect(res.body.items[0].description).toContain("Beta programme member");
    });
  });

  describe("visitor authentication settings", () => {
    it("reads the signing key, updates the URLs, regenerates the key", async () => {
      const { base, api, site } = await setup();
      const res = await api.get(`${base}/publishing/auth`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        object: "publishing-auth",
        backend: "custom",
        privateKey: await siteKey(site.id),
      });
      const updated = await api.patch(`${base}/publishing/auth`, {
        backend: "custom",
        fallbackURL: "https://example.com/login",
        logoutURL: "https://example.com/logout",
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        fallbackURL: "https://example.com/login",
        logoutURL: "https://example.com/logout",
        privateKey: res.body.privateKey,
      });
      const kept = await api.patch(`${base}/publishing/auth`, {
        backend: "custom",
        logoutURL: null,
      });
      expect(kept.body.fallbackURL).toBe("https://example.com/login");
      expect(kept.body.logoutURL).toBeUndefined();
      const regenerated = await api.post(`${base}/publishing/auth/regenerate`);
      expect(regenerated.status).toBe(200);
      expect(regenerated.body.privateKey).not.toBe(res.body.privateKey);
      expect(regenerated.body.privateKey).toBe(await siteKey(site.id));
    });

    it("refuses bad input with 400 naming the field", async () => {
      const { base, api } = await setup();
      const cases: [unknown, RegExp][] = [
        [{}, /^body\.backend: /],
        [{ backend: "saml" }, /^body\.backend: /],
        [{ backend: "integration" }, /^body\.backend: no visitor-authentication integration/],
        [{ backend: "custom", fallbackURL: "not a url" }, /^body\.fallbackURL: /],
        [{ backend: "custom", fallbackURL: "javascript:alert(1)" }, /^body\.fallbackURL: /],
        [{ backend: "custom", privateKey: "mine" }, /^body: /],
      ];
      for (const [body, message] of cases) {
        const res = await api.patch(`${base}/publishing/auth`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
    });
  });
});

describe("official-fields", () => {
  beforeAll(emptyStorage);
  /** An organization with a site publishing one space, and a second space to add. */
  async function world() {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 1 });
    const extra = await makeSpace(org.id, owner, { title: "Guide" });
    const api = as(owner.token);
    const base = `/orgs/${org.id}/sites/${site.id}`;
    return { org, owner, site, extra, api, base };
  }

  describe("official request fields of the site structure writes", () => {
    it("addSpaceToSite keeps a site-specific title (answered as the site space's title, the path from it)", async () => {
      const { api, base, extra } = await world();
      const res = await api.post(`${base}/site-spaces`, {
        spaceId: extra.id,
        title: "Version 2",
        draft: false,
        pageId: null,
      });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe("Version 2");
      expect(res.body.path).toBe("version-2");
      expect(res.body.space.title).toBe("Guide");
      const listed = await api.get(`${base}/site-spaces`);
      const mine = listed.body.items.find((s: { id: string }) => s.id === res.body.id);
      expect(mine.title).toBe("Version 2");
    });

    it("refuses what Quire cannot do with the reason, not 'Unrecognized key'", async () => {
      const { api, base, extra } = await world();
      const cases: [string, string, unknown, RegExp][] = [
        ["post", "/site-spaces", { spaceId: null }, /^body\.spaceId: creating a space from a site/],
        [
          "post",
          "/site-spaces",
          { spaceId: extra.id, draft: true },
          /^body\.draft: drafts of site/,
        ],
        ["post", "/site-spaces", { spaceId: extra.id, pageId: "p1" }, /^body\.pageId: custom home/],
        [
          "post",
          "/site-spaces",
          { spaceId: extra.id, template: { id: "t" } },
          /^body\.template: a template/,
        ],
        ["post", "/sections", { spaceId: null, title: "New" }, /^body\.spaceId: creating a space/],
        ["post", "/sections", { spaceId: extra.id, pageId: "p1" }, /^body\.pageId: custom home/],
        ["post", "/section-groups", { title: "G", draft: true }, /^body\.draft: drafts/],
        [
          "patch",
          "",
          { styleguide: "space1" },
          /^body\.styleguide: style guides are not supported/,
        ],
      ];
      for (const [method, path, body, message] of cases) {
        const res = await (method === "post" ? api.post : api.patch)(`${base}${path}`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
      }
    });

    it("takes the official values that mean what Quire does (draft false, hidden false, no custom home page, no style guide)", async () => {
      const { api, base, extra } = await world();
      const section = await api.post(`${base}/sections`, { spaceId: extra.id, draft: false });
      expect(section.status).toBe(201);
      const siteSpaceId = section.body.siteSpaces[0].id;
      const patched = await api.patch(`${base}/site-spaces/${siteSpaceId}`, {
        hidden: false,
        draft: false,
        pageId: null,
      });
      expect(patched.status).toBe(200);
      expect(patched.body.draft).toBe(false);
      const hidden = await api.patch(`${base}/site-spaces/${siteSpaceId}`, { hidden: true });
      expect(hidden.status).toBe(400);
      expect(hidden.body.error.message).toMatch(
        /^body\.hidden: hidden site spaces are not supported/,
      );
      const sectionPatch = await api.patch(`${base}/sections/${section.body.id}`, {
        draft: false,
        localizedTitle: { fr: "Guide" },
      });
      expect(sectionPatch.status).toBe(400);
      expect(sectionPatch.body.error.message).toMatch(/^body\.localizedTitle: localized titles/);
      const group = await api.post(`${base}/section-groups`, { title: "Group", draft: false });
      expect(group.status).toBe(201);
      const groupPatch = await api.patch(`${base}/section-groups/${group.body.id}`, {
        draft: false,
      });
      expect(groupPatch.status).toBe(200);
      const site = await api.patch(base, { styleguide: null });
      expect(site.status).toBe(200);
    });
  });

  describe("official request fields of spaces and organizations", () => {
    it("refuses a space icon URL and the merge rules Quire does not enforce with the reason", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const api = as(owner.token);
      const icon = await api.patch(`/spaces/${space.id}`, { icon: "https://example.com/i.png" });
      expect(icon.status).toBe(400);
      expect(icon.body.error.message).toMatch(/^body\.icon: custom icons are not supported/);
      const rule = await api.patch(`/spaces/${space.id}`, {
        mergeRules: { type: "rules", rules: [{ rule: "require_at_least_one_review" }] },
      });
      expect(rule.status).toBe(400);
      expect(rule.body.error.message).toMatch(/require_specific_reviewers merge rule/);
      const created = await api.post("/orgs", { title: "Org", onboardingPreferences: {} });
      expect(created.status).toBe(400);
      expect(created.body.error.message).toMatch(/^body\.onboardingPreferences: an organization/);
    });
  });
});
