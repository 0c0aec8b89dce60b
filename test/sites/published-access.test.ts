import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { tokenDigest } from "../../src/auth/tokens";
import { shareLinks, siteSpaces, type SiteVisibility } from "../../src/db/schema";
import type { AppEnv } from "../../src/env";
import { resolvePublishedSpaceAccess } from "../../src/services/published-access";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb } from "../helpers/factories";
import {
  makeShareLink,
  makeSite,
  siteKey,
  unsignedToken,
  visitorToken,
} from "../helpers/sites-factories";

const VISIBILITIES: SiteVisibility[] = ["public", "unlisted", "share-link", "visitor-auth"];

/** Every kind of caller of the access table, for one site. */
async function world(visibility: SiteVisibility, published: boolean) {
  const { org, owner } = await makeOrg();
  const site = await makeSite(org.id, owner, { visibility, published, spaces: 1 });
  const other = await makeSite(org.id, owner, { visibility, published: true });
  const reader = await makeMember(org.id, "read");
  const guest = await makeMember(org.id, null);
  const outsider = await makeUser();
  const active = await makeShareLink(site.id);
  const inactive = await makeShareLink(site.id, { active: false });
  const deleted = await makeShareLink(site.id);
  await testDb().delete(shareLinks).where(eq(shareLinks.id, deleted.id));
  const foreignLink = await makeShareLink(other.id);
  const key = await siteKey(site.id);
  const tokens = {
    valid: await visitorToken(key, { beta: true }),
    algNone: unsignedToken({ beta: true }),
    wrongKey: await visitorToken("not-the-site-key", { beta: true }),
    expired: await visitorToken(key, {}, { exp: Math.floor(Date.now() / 1000) - 60 }),
    noExp: await visitorToken(key, {}, { exp: null }),
    otherSite: await visitorToken(await siteKey(other.id), {}),
    otherAudience: await visitorToken(key, {}, { aud: other.id }),
    ownAudience: await visitorToken(key, {}, { aud: site.id }),
  };
  const path = `/orgs/${org.id}/sites/${site.id}/published`;
  const get = (token: string, query: Record<string, string> = {}) =>
    call("GET", path, { token, query });
  return {
    org,
    owner,
    site,
    reader,
    guest,
    outsider,
    active,
    inactive,
    deleted,
    foreignLink,
    tokens,
    get,
  };
}

type World = Awaited<ReturnType<typeof world>>;

/** Each caller kind: how it calls, and whether each visibility lets it in (when published). */
const CALLERS: {
  who: string;
  send: (w: World) => ReturnType<World["get"]>;
  allowed: SiteVisibility[];
}[] = [
  { who: "member (read)", send: (w) => w.get(w.reader.token), allowed: VISIBILITIES },
  { who: "guest", send: (w) => w.get(w.guest.token), allowed: ["public", "unlisted"] },
  {
    who: "outsider with a token",
    send: (w) => w.get(w.outsider.token),
    allowed: ["public", "unlisted"],
  },
  {
    who: "active share key",
    send: (w) => w.get(w.outsider.token, { shareKey: w.active.key }),
    allowed: ["public", "unlisted", "share-link"],
  },
  {
    who: "deactivated share key",
    send: (w) => w.get(w.outsider.token, { shareKey: w.inactive.key }),
    allowed: ["public", "unlisted"],
  },
  {
    who: "deleted share key",
    send: (w) => w.get(w.outsider.token, { shareKey: w.deleted.key }),
    allowed: ["public", "unlisted"],
  },
  {
    who: "share key of another site",
    send: (w) => w.get(w.outsider.token, { shareKey: w.foreignLink.key }),
    allowed: ["public", "unlisted"],
  },
  ...(
    [
      ["valid visitor JWT", "valid", true],
      ["visitor JWT for this site's audience", "ownAudience", true],
      ["alg none JWT", "algNone", false],
      ["JWT signed with a wrong key", "wrongKey", false],
      ["expired JWT", "expired", false],
      ["JWT without exp", "noExp", false],
      ["JWT of another site", "otherSite", false],
      ["JWT for another site's audience", "otherAudience", false],
    ] as const
  ).map(([who, token, ok]) => ({
    who,
    send: (w: World) => w.get(w.outsider.token, { visitorAuthToken: w.tokens[token] }),
    allowed: (ok
      ? ["public", "unlisted", "visitor-auth"]
      : ["public", "unlisted"]) as SiteVisibility[],
  })),
];

describe("GET .../sites/{siteId}/published: who may read", () => {
  for (const visibility of VISIBILITIES) {
    it(`${visibility}, published: each caller kind`, async () => {
      const w = await world(visibility, true);
      const missing = await call("GET", `/orgs/${w.org.id}/sites/doesnotexist/published`, {
        token: w.outsider.token,
      });
      for (const caller of CALLERS) {
        const res = await caller.send(w);
        const allowed = caller.allowed.includes(visibility);
        expect(res.status, `${visibility} / ${caller.who}`).toBe(allowed ? 200 : 404);
        if (allowed) {
          expect(res.body.object).toBe("published-content-site");
          expect(res.body.site.id).toBe(w.site.id);
        } else {
          expect(res.text, `${visibility} / ${caller.who}`).toBe(missing.text);
        }
      }
    });

    it(`${visibility}, unpublished: only members`, async () => {
      const w = await world(visibility, false);
      for (const caller of CALLERS) {
        const res = await caller.send(w);
        const allowed = caller.who === "member (read)";
        expect(res.status, `${visibility} unpublished / ${caller.who}`).toBe(allowed ? 200 : 404);
      }
    });
  }

  it("refuses a call without an API token with 401", async () => {
    const w = await world("public", true);
    const res = await call("GET", `/orgs/${w.org.id}/sites/${w.site.id}/published`, {
      token: null,
    });
    expect(res.status).toBe(401);
  });
});

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
    expect(res.body.structure.structure[0].space.permissions.view).toBe(false);
    expect(res.body.customizations.siteSpaces).toEqual({});
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
      return res.body.structure.structure.map((s: any) => s.id);
    };
    expect(await shown({ beta: true })).toHaveLength(2);
    expect(await shown({ beta: true })).toContain(beta.id);
    expect(await shown({ admin: true })).toEqual(expect.arrayContaining([admins.id]));
    expect(await shown({})).toHaveLength(1);
    const member = await api.get(`${base}/published`);
    expect(member.body.structure.structure).toHaveLength(3);
  });
});

/** A request context as the spaces route has it, for calling the service directly. */
async function contextFor(token: string) {
  return {
    var: { db: testDb(), caller: { digest: await tokenDigest(token) } },
    env,
  } as unknown as Context<AppEnv>;
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
      role: null,
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
