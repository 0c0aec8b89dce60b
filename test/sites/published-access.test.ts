import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { tokenDigest } from "../../src/auth/tokens";
import { siteSpaces } from "../../src/db/schema";
import type { AppEnv } from "../../src/env";
import { resolvePublishedSpaceAccess } from "../../src/auth/published";
import { VerifiedTokens } from "../../src/platform/isolate-memories";
import { as } from "../helpers/api";
import { makeOrg, makeUser, testDb } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import {
  makeShareLink,
  makeSite,
  siteKey,
  unsignedToken,
  visitorToken,
} from "../helpers/sites-factories";

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
    expect(await resolve({ visitorToken: await visitorToken(key) })).toMatchObject({ id: spaceId });
    expect(await resolve({ visitorToken: unsignedToken() })).toEqual({ error: "Space not found" });
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
