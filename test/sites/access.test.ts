import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describe, expect, it, beforeAll } from "vitest";
import { tokenDigest } from "../../src/auth/tokens";
import { siteSpaces, type SiteVisibility, contentGrants } from "../../src/db/schema";
import type { AppEnv } from "../../src/env";
import { resolvePublishedSpaceAccess } from "../../src/auth/published";
import { VerifiedTokens } from "../../src/platform/isolate-memories";
import { as, call, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeUser, testDb, makeMember } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  makeShareLink,
  makeSite,
  siteKey,
  unsignedToken,
  visitorToken,
  readSiteSpaces,
  makeHiddenSpace,
} from "../helpers/sites-factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import { seedSearchIndex, word } from "../search/fixtures";
import { decodeJwt } from "jose";
import { publishedDocs, resolveUrl, siteUrl } from "../helpers/reading-factories";
import { emptyStorage } from "../helpers/storage";

describe("published-access", () => {
  describe("GET .../sites/{siteId}/published: what it returns", () => {
    it("is the site and its structure, with default flags and order", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 2, published: true });
      const base = `/orgs/${org.id}/sites/${site.id}`;
      const api = as(owner.token);
      const [a, b] = (await api.get(`${base}/site-spaces`)).body.items;
      await api.patch(`${base}/structure/sort`, {
        item: { type: "site-space", id: a.id },
        position: { after: { type: "site-space", id: b.id } },
      });
      const outsider = await makeUser();
      const res = await as(outsider.token).get(`${base}/published`);
      expect(res.status).toBe(200);
      expect(res.body.site).toMatchObject({ id: site.id, published: true });
      expect(res.body.site.permissions).toMatchObject({ view: true, access: false, admin: false });
      expect(res.body.structure.type).toBe("siteSpaces");
      expect(res.body.structure.structure.map((s: any) => [s.id, s.default])).toEqual([
        [b.id, false],
        [a.id, true],
      ]);
      // Visitors read the spaces the site publishes, and nothing more.
      expect(res.body.structure.structure[0].space.permissions).toMatchObject({
        view: true,
        access: true,
        comment: false,
        edit: false,
        admin: false,
      });
      // What GitBook's renderer reads: no ads, no badge, a customization for every site space.
      expect(res.body.site.ads).toBeUndefined();
      expect(res.body.customizations.site.trademark).toEqual({ enabled: false });
      expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual([a.id, b.id].sort());
      expect(res.body.customizations.siteSpaces[a.id]).toEqual(res.body.customizations.site);
      const member = await api.get(`${base}/published`);
      expect(member.body.site.permissions.admin).toBe(true);
      expect(member.body.structure.structure[0].space.permissions.admin).toBe(true);
    });

    it("shows visitors only the items whose condition holds for their claims", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, {
        spaces: 3,
        published: true,
        visibility: "visitor-auth",
        adaptive: true,
      });
      const base = `/orgs/${org.id}/sites/${site.id}`;
      const api = as(owner.token);
      const [, beta, admins] = (await api.get(`${base}/site-spaces`)).body.items;
      await api.patch(`${base}/site-spaces/${beta.id}`, {
        condition: "visitor.claims.beta === true",
      });
      await api.patch(`${base}/site-spaces/${admins.id}`, { condition: "visitor.claims.admin" });
      const key = await siteKey(site.id);
      const outsider = await makeUser();
      const shown = async (claims: Record<string, unknown>) => {
        const res = await as(outsider.token).get(`${base}/published`, {
          query: { visitorAuthToken: await visitorToken(key, claims) },
        });
        const ids = res.body.structure.structure.map((s: any) => s.id);
        // Customizations name exactly the site spaces the visitor is shown, none hidden from them.
        expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual([...ids].sort());
        return ids;
      };
      expect(await shown({ beta: true })).toHaveLength(2);
      expect(await shown({ beta: true })).toContain(beta.id);
      expect(await shown({ admin: true })).toEqual(expect.arrayContaining([admins.id]));
      expect(await shown({})).toHaveLength(1);
      const member = await api.get(`${base}/published`);
      expect(member.body.structure.structure).toHaveLength(3);
    });

    it("has a customization for every site space of every section, nested groups included", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, { spaces: 1, published: true });
      const base = `/orgs/${org.id}/sites/${site.id}`;
      const api = as(owner.token);
      const [root] = (await api.get(`${base}/site-spaces`)).body.items;
      const other = await makeSpace(org.id, owner);
      const first = (await api.post(`${base}/sections`, { spaceId: root.space.id })).body;
      const second = (await api.post(`${base}/sections`, { spaceId: other.id })).body;
      const outer = (await api.post(`${base}/section-groups`, { title: "Outer" })).body;
      const inner = await api.post(`${base}/section-groups`, {
        title: "Inner",
        parent: outer.id,
        sections: [second.id],
      });
      expect(inner.status).toBe(201);
      const res = await as((await makeUser()).token).get(`${base}/published`);
      expect(res.status).toBe(200);
      const expected = [...first.siteSpaces, ...second.siteSpaces].map((ss: any) => ss.id);
      expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual(expected.sort());
    });
  });

  /** A request context as the spaces route has it, for calling the service directly. */
  async function contextFor(token: string) {
    const vars: Record<string, unknown> = {
      db: testDb(),
      caller: { digest: await tokenDigest(token) },
      verifiedTokens: new VerifiedTokens(),
    };
    return { var: vars, get: (key: string) => vars[key], env } as unknown as Context<AppEnv>;
  }

  describe("resolvePublishedSpaceAccess (GET /v1/spaces/{id}?shareKey=)", () => {
    it("resolves like the published site: share keys, visitor JWTs, public sites", async () => {
      const { org, owner } = await makeOrg();
      const outsider = await makeUser();
      const shareSite = await makeSite(org.id, owner, {
        spaces: 1,
        published: true,
        visibility: "share-link",
      });
      const [row] = await testDb()
        .select()
        .from(siteSpaces)
        .where(eq(siteSpaces.siteId, shareSite.id));
      const spaceId = row!.spaceId;
      const link = await makeShareLink(shareSite.id);
      const off = await makeShareLink(shareSite.id, { active: false });
      const resolve = async (credentials: { shareKey?: string; visitorToken?: string }) => {
        try {
          const found = await resolvePublishedSpaceAccess(
            await contextFor(outsider.token),
            spaceId,
            credentials,
          );
          return { id: found.space.id, role: found.role, caller: found.caller.user.id };
        } catch (err) {
          return { error: (err as Error).message };
        }
      };
      expect(await resolve({ shareKey: link.key })).toEqual({
        id: spaceId,
        role: "read",
        caller: outsider.user.id,
      });
      expect(await resolve({ shareKey: off.key })).toEqual({ error: "Space not found" });
      expect(await resolve({})).toEqual({ error: "Space not found" });
      const authSite = await makeSite(org.id, owner, {
        spaces: [{ id: spaceId }],
        published: true,
        visibility: "visitor-auth",
      });
      const key = await siteKey(authSite.id);
      expect(await resolve({ visitorToken: await visitorToken(key) })).toMatchObject({
        id: spaceId,
      });
      expect(await resolve({ visitorToken: unsignedToken() })).toEqual({
        error: "Space not found",
      });
      await makeSite(org.id, owner, {
        spaces: [{ id: spaceId }],
        published: false,
        visibility: "public",
      });
      expect(await resolve({})).toEqual({ error: "Space not found" });
      await makeSite(org.id, owner, {
        spaces: [{ id: spaceId }],
        published: true,
        visibility: "unlisted",
      });
      expect(await resolve({})).toMatchObject({ id: spaceId });
      try {
        await resolvePublishedSpaceAccess(await contextFor(outsider.token), "doesnotexist", {});
        expect.unreachable();
      } catch (err) {
        expect((err as Error).message).toBe("Space not found");
      }
    });
  });
});

describe("access-table", () => {
  beforeAll(emptyStorage);
  /**
   * Who may read published content (issue 6 §4, docs/compat-notes/sites.md), as one table: every
   * site state (column) × every kind of caller (row), against both published endpoints:
   * `GET .../sites/{siteId}/published` and `GET /v1/spaces/{spaceId}?shareKey=`.
   */
  const COLUMNS = [
    { name: "public", visibility: "public", published: true },
    { name: "unlisted", visibility: "unlisted", published: true },
    { name: "share-link", visibility: "share-link", published: true },
    { name: "visitor-auth", visibility: "visitor-auth", published: true },
    { name: "unpublished public", visibility: "public", published: false },
    { name: "unpublished share-link", visibility: "share-link", published: false },
    { name: "unpublished visitor-auth", visibility: "visitor-auth", published: false },
  ] as const satisfies readonly { name: string; visibility: SiteVisibility; published: boolean }[];

  type Column = (typeof COLUMNS)[number]["name"];
  type Cell = 200 | 404;

  // prettier-ignore
  /** Expected status per caller kind, in the order of COLUMNS. */
  const TABLE: Record<string, readonly Cell[]> = {
  //                                        public unlisted share  visitor | unpublished: public share visitor
  "member (read role)":                     [200,  200,     200,   200,      200,                 200,  200],
  "guest of the organization":              [200,  200,     404,   404,      404,                 404,  404],
  "outsider with a token":                  [200,  200,     404,   404,      404,                 404,  404],
  "share key, active":                      [200,  200,     200,   404,      404,                 404,  404],
  "share key, deactivated":                 [200,  200,     404,   404,      404,                 404,  404],
  "share key, deleted":                     [200,  200,     404,   404,      404,                 404,  404],
  "share key of another site":              [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, valid":                     [200,  200,     404,   200,      404,                 404,  404],
  "visitor JWT, for this site's audience":  [200,  200,     404,   200,      404,                 404,  404],
  "visitor JWT, wrong key":                 [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, alg none":                  [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, expired":                   [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, without exp":               [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, another site's":            [200,  200,     404,   404,      404,                 404,  404],
  "visitor JWT, another site's audience":   [200,  200,     404,   404,      404,                 404,  404],
};

  /** A site in the column's state publishing one space, and every credential of the rows. */
  async function world(column: (typeof COLUMNS)[number]) {
    const { org, owner } = await makeOrg();
    const site = await makeSite(org.id, owner, {
      visibility: column.visibility,
      published: column.published,
      spaces: 1,
    });
    const spaceId = (await readSiteSpaces(site.id))[0]!.spaceId;
    // Another published share-link site of the organization, which does not contain the space.
    const other = await makeSite(org.id, owner, {
      visibility: "share-link",
      published: true,
      spaces: 1,
    });
    const api = as(owner.token);
    const links = `/orgs/${org.id}/sites/${site.id}/share-links`;
    const active = await makeShareLink(site.id);
    const inactive = await makeShareLink(site.id);
    expect((await api.patch(`${links}/${inactive.id}`, { active: false })).status).toBe(200);
    const deleted = await makeShareLink(site.id);
    expect((await api.delete(`${links}/${deleted.id}`)).status).toBe(204);
    const foreign = await makeShareLink(other.id);
    const key = await siteKey(site.id);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const callers: Record<string, { token: string; query?: Record<string, string> }> = {};
    const outsider = (await makeUser()).token;
    const jwt = (t: string) => ({ token: outsider, query: { visitorAuthToken: t } });
    callers["member (read role)"] = { token: (await makeMember(org.id, "read")).token };
    callers["guest of the organization"] = { token: (await makeMember(org.id, null)).token };
    callers["outsider with a token"] = { token: outsider };
    callers["share key, active"] = { token: outsider, query: { shareKey: active.key } };
    callers["share key, deactivated"] = { token: outsider, query: { shareKey: inactive.key } };
    callers["share key, deleted"] = { token: outsider, query: { shareKey: deleted.key } };
    callers["share key of another site"] = { token: outsider, query: { shareKey: foreign.key } };
    callers["visitor JWT, valid"] = jwt(await visitorToken(key, { beta: true }));
    callers["visitor JWT, for this site's audience"] = jwt(
      await visitorToken(key, {}, { aud: site.id }),
    );
    callers["visitor JWT, wrong key"] = jwt(await visitorToken("not-the-site-key"));
    callers["visitor JWT, alg none"] = jwt(unsignedToken({ beta: true }));
    callers["visitor JWT, expired"] = jwt(await visitorToken(key, {}, { exp: hourAgo }));
    callers["visitor JWT, without exp"] = jwt(await visitorToken(key, {}, { exp: null }));
    callers["visitor JWT, another site's"] = jwt(await visitorToken(await siteKey(other.id)));
    callers["visitor JWT, another site's audience"] = jwt(
      await visitorToken(key, {}, { aud: other.id }),
    );
    return { org, site, spaceId, callers, outsider };
  }

  type World = Awaited<ReturnType<typeof world>>;

  /** The two endpoints under test, with the request for an id that never existed. */
  const ENDPOINTS = [
    {
      name: "GET .../sites/{siteId}/published",
      path: (w: World) => `/orgs/${w.org.id}/sites/${w.site.id}/published`,
      missing: (w: World) => `/orgs/${w.org.id}/sites/doesnotexist/published`,
      check: (w: World, res: ApiResponse, member: boolean) => {
        expect(res.body.object).toBe("published-content-site");
        expect(res.body.site.id).toBe(w.site.id);
        expect(res.body.site.permissions.view).toBe(true);
        expect(res.body.site.permissions.access).toBe(member);
        const [first] = res.body.structure.structure;
        expect(first.space.id).toBe(w.spaceId);
        expect(first.space.permissions).toMatchObject({ view: true, edit: false, admin: false });
      },
    },
    {
      name: "GET /v1/spaces/{spaceId}?shareKey=",
      path: (w: World) => `/spaces/${w.spaceId}`,
      missing: () => `/spaces/doesnotexist`,
      check: (w: World, res: ApiResponse, _member: boolean) => {
        expect(res.body.object).toBe("space");
        expect(res.body.id).toBe(w.spaceId);
        expect(res.body.permissions).toEqual({
          view: true,
          access: true,
          admin: false,
          viewInviteLinks: false,
          edit: false,
          triggerGitSync: false,
          comment: false,
          merge: false,
          review: false,
          installIntegration: false,
        });
      },
    },
  ];

  describe("published access table", () => {
    it("has one expected cell per column for every caller kind", () => {
      for (const [who, row] of Object.entries(TABLE)) expect(row, who).toHaveLength(COLUMNS.length);
    });

    for (const [index, column] of COLUMNS.entries()) {
      it(`${column.name}: every caller kind, both endpoints`, async () => {
        const w = await world(column);
        expect(Object.keys(w.callers).sort()).toEqual(Object.keys(TABLE).sort());
        for (const endpoint of ENDPOINTS) {
          const missing = await call("GET", endpoint.missing(w), { token: w.outsider });
          expect(missing.status).toBe(404);
          for (const [who, row] of Object.entries(TABLE)) {
            const { token, query } = w.callers[who]!;
            const res = await call("GET", endpoint.path(w), { token, query });
            const where = `${endpoint.name} / ${column.name as Column} / ${who}`;
            expect(res.status, `${where}: ${res.text.slice(0, 200)}`).toBe(row[index]);
            expect(d1Cost(res).roundTrips, where).toBeLessThanOrEqual(2);
            if (res.status === 200) endpoint.check(w, res, who === "member (read role)");
            else expect(res.text, where).toBe(missing.text);
          }
        }
      });
    }

    it("refuses a call without an API token with 401 on both endpoints", async () => {
      const w = await world(COLUMNS[0]);
      expect((await call("GET", ENDPOINTS[0]!.path(w), { token: null })).status).toBe(401);
      expect((await call("GET", ENDPOINTS[1]!.path(w), { token: null })).status).toBe(401);
    });
  });
});

describe("published-profile", () => {
  beforeAll(emptyStorage);
  // The published profile reads the site's tree with statements written once per isolate
  // (src/services/sites/tree-reads.ts): these pin what they read for members and visitors.

  /** A structure item of a published profile, as far as these tests read it. */
  type Item = { space: { id: string; permissions: Record<string, boolean> } };

  /** The structure items of a published profile, by space id. */
  function bySpace(body: { structure: { structure: Item[] } }) {
    return new Map(body.structure.structure.map((item) => [item.space.id, item] as const));
  }

  describe("GET .../sites/{siteId}/published: the tree's spaces", () => {
    it("gives a member their role on each space from its collections and the grants", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const nested = await makeCollection(org.id, { parent: closed.id });
      await grant(closed.id, { user: reader.user.id }, "edit");
      const underGrant = await makeSpace(org.id, owner, { parent: nested.id });
      const hidden = await makeHiddenSpace(org.id, owner);
      const ownGrant = await makeSpace(org.id, owner, { defaultLevel: null });
      await testDb().insert(contentGrants).values({
        resourceType: "space",
        resourceId: ownGrant.id,
        principalType: "user",
        principalId: reader.user.id,
        role: "admin",
        createdAt: new Date().toISOString(),
      });
      const plain = await makeSpace(org.id, owner);
      const site = await makeSite(org.id, owner, {
        spaces: [underGrant, hidden, ownGrant, plain],
        published: true,
      });
      const res = await as(reader.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
      expect(res.status).toBe(200);
      const items = bySpace(res.body);
      const permissions = (id: string) => items.get(id)?.space.permissions;
      expect(permissions(underGrant.id)).toMatchObject({ view: true, edit: true, admin: false });
      expect(permissions(ownGrant.id)).toMatchObject({ view: true, admin: true });
      expect(permissions(plain.id)).toMatchObject({ view: true, edit: false });
      // No role on it, but the published site lets any token in: read-only, as for a visitor and
      // as `GET /v1/spaces/{id}` answers the member.
      expect(permissions(hidden.id)).toMatchObject({ view: true, edit: false, admin: false });
      const direct = await as(reader.token).get(`/spaces/${hidden.id}`);
      expect(direct.body.permissions).toEqual(permissions(hidden.id));
      // A visitor reads every space the site publishes, read-only.
      const outsider = await makeUser();
      const visitor = await as(outsider.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
      for (const item of visitor.body.structure.structure) {
        expect(item.space.permissions).toMatchObject({ view: true, edit: false, admin: false });
      }
    });

    it("gives a member no role on a space they cannot see when the site lets no visitor in", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const hidden = await makeHiddenSpace(org.id, owner);
      const plain = await makeSpace(org.id, owner);
      const site = await makeSite(org.id, owner, { spaces: [hidden, plain], published: false });
      const res = await as(reader.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
      expect(res.status).toBe(200);
      const items = bySpace(res.body);
      expect(items.get(hidden.id)?.space.permissions).toMatchObject({ view: false, edit: false });
      expect(items.get(plain.id)?.space.permissions).toMatchObject({ view: true });
      expect((await as(reader.token).get(`/spaces/${hidden.id}`)).status).toBe(404);
    });

    it("lets a member's site search find what a visitor's finds on a public site", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const hidden = await makeHiddenSpace(org.id, owner);
      const plain = await makeSpace(org.id, owner);
      const w = word();
      await seedSearchIndex(hidden, [{ id: "h", title: "Hidden", sections: [`On ${w}.`] }]);
      await seedSearchIndex(plain, [{ id: "p", title: "Plain", sections: [`On ${w}.`] }]);
      const site = await makeSite(org.id, owner, { spaces: [hidden, plain], published: true });
      const found = async (token: string) => {
        const res = await as(token).post(`/orgs/${org.id}/sites/${site.id}/search`, {
          query: w,
          scope: { mode: "all" },
        });
        expect(res.status, res.text).toBe(200);
        return new Set((res.body.items as { id: string }[]).map((i) => i.id));
      };
      const everything = new Set([hidden.id, plain.id]);
      expect(await found((await makeUser()).token)).toEqual(everything);
      expect(await found(reader.token)).toEqual(everything);
    });

    it("decorates the spaces' published URLs with a valid share key, and only then", async () => {
      const { org, owner } = await makeOrg();
      const site = await makeSite(org.id, owner, {
        spaces: 1,
        published: true,
        visibility: "share-link",
      });
      const link = await makeShareLink(site.id);
      const base = `/orgs/${org.id}/sites/${site.id}/published`;
      const outsider = await makeUser();
      const shared = await as(outsider.token).get(base, { query: { shareKey: link.key } });
      expect(shared.status).toBe(200);
      const [item] = shared.body.structure.structure;
      expect(item.space.urls.published).toContain(`?share=${link.key}`);
      // A member without a key: the share-link site is no placement for its space.
      const member = await as(owner.token).get(base);
      expect(member.body.structure.structure[0].space.urls.published).toBeUndefined();
      const wrong = await as(owner.token).get(base, { query: { shareKey: "nope" } });
      expect(wrong.body.structure.structure[0].space.urls.published).toBeUndefined();
      expect((await as(outsider.token).get(base, { query: { shareKey: "nope" } })).status).toBe(
        404,
      );
    });
  });
});

describe("visitor-token-expiry", () => {
  beforeAll(emptyStorage);
  /**
   * Issue 34, finding 9: a site token minted from a visitor JWT lives no longer than that JWT
   * (an hour at most, as any site token).
   */
  describe("a site token from a visitor JWT", () => {
    it("expires when the visitor JWT does, not an hour later", async () => {
      for (const visibility of ["visitor-auth", "public"] as const) {
        const { site } = await publishedDocs({ visibility });
        const exp = Math.floor(Date.now() / 1000) + 5;
        const jwt = await visitorToken(await siteKey(site.id), { plan: "pro" }, { exp });
        const res = await resolveUrl(siteUrl(site.id), { visitor: { jwtToken: jwt } });
        expect(res.status, res.text).toBe(200);
        expect(decodeJwt(res.body.apiToken).exp, visibility).toBe(exp);
      }
    });

    it("keeps the hour when the visitor JWT lives longer", async () => {
      const { site } = await publishedDocs({ visibility: "visitor-auth" });
      const later = Math.floor(Date.now() / 1000) + 86_400;
      const jwt = await visitorToken(await siteKey(site.id), {}, { exp: later });
      const res = await resolveUrl(siteUrl(site.id), { visitor: { jwtToken: jwt } });
      const exp = decodeJwt(res.body.apiToken).exp!;
      expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 3600);
      expect(exp).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
    });
  });
});
