import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import type { SiteVisibility } from "../../src/db/schema";
import { shareLinks, siteAuth, siteCounters, sites, siteSpaces, spaces } from "../../src/db/schema";
import { createSite } from "../../src/services/sites/sites";
import { createShareLink } from "../../src/services/sites/share-links";
import type { MemberRole } from "../../src/lib/roles";
import type { Scope } from "../../src/lib/scopes";
import { putAdaptiveSchema } from "../../src/services/sites/adaptive";
import { as } from "./api";
import { authorizationMatrix, type MatrixRequest, type World } from "./authz";
import { testDb, unique, type TestUser } from "./factories";
import { makeCollection } from "./collections-factories";
import { makeSpace } from "./spaces-factories";

/** A site of the organization, through the service, publishing `spaces` (made if a count). */
export async function makeSite(
  organizationId: string,
  owner: TestUser,
  options: {
    title?: string;
    visibility?: SiteVisibility;
    published?: boolean;
    spaces?: number | { id: string }[];
    adaptive?: boolean;
  } = {},
) {
  const db = testDb();
  const wanted =
    typeof options.spaces === "number"
      ? await Promise.all(
          Array.from({ length: options.spaces }, () => makeSpace(organizationId, owner)),
        )
      : (options.spaces ?? []);
  const spaceRows = [];
  for (const s of wanted) {
    const [row] = await db.select().from(spaces).where(eq(spaces.id, s.id));
    spaceRows.push(row!);
  }
  const site = await createSite(db, {
    organizationId,
    createdBy: owner.user.id,
    type: "basic",
    title: options.title ?? unique("Site "),
    visibility: options.visibility ?? "public",
    spaces: spaceRows,
  });
  if (options.published || options.adaptive) {
    const [updated] = await db
      .update(sites)
      .set({ published: options.published ?? false, adaptiveContent: options.adaptive ?? false })
      .where(eq(sites.id, site.id))
      .returning();
    return updated!;
  }
  return site;
}

/** The stored site row. */
export async function readSite(siteId: string) {
  const [row] = await testDb().select().from(sites).where(eq(sites.id, siteId));
  return row;
}

/** The stored site spaces of a site. */
export async function readSiteSpaces(siteId: string) {
  return testDb().select().from(siteSpaces).where(eq(siteSpaces.siteId, siteId));
}

/** The organization's stored site counter. */
export async function sitesCounter(organizationId: string) {
  const [row] = await testDb()
    .select({ n: siteCounters.sitesCount })
    .from(siteCounters)
    .where(eq(siteCounters.organizationId, organizationId));
  return row?.n ?? 0;
}

/** A share link of a site (active unless told), with its key. */
export async function makeShareLink(siteId: string, options: { active?: boolean } = {}) {
  const db = testDb();
  const row = await createShareLink(db, siteId, unique("Link "));
  if (options.active === false) {
    await db.update(shareLinks).set({ active: false }).where(eq(shareLinks.id, row.id));
  }
  return { ...row, active: options.active ?? true };
}

/** The site's visitor-auth signing key. */
export async function siteKey(siteId: string) {
  const [row] = await testDb().select().from(siteAuth).where(eq(siteAuth.siteId, siteId));
  return row!.privateKey;
}

/** A visitor JWT signed (HS256) with `key`; `exp` defaults to an hour from now. */
export async function visitorToken(
  key: string,
  claims: Record<string, unknown> = {},
  options: { exp?: number | null; aud?: string } = {},
) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt();
  const exp = options.exp === undefined ? Math.floor(Date.now() / 1000) + 3600 : options.exp;
  if (exp !== null) jwt.setExpirationTime(exp);
  if (options.aud) jwt.setAudience(options.aud);
  return jwt.sign(new TextEncoder().encode(key));
}

/** An unsigned (`alg: none`) token carrying `claims`, as an attacker would forge it. */
export function unsignedToken(claims: Record<string, unknown> = {}) {
  const part = (v: unknown) =>
    btoa(JSON.stringify(v)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: "none", typ: "JWT" })}.${part({ ...claims, exp })}.`;
}

/** A space no non-admin member sees: inside a collection with no access by default. */
export async function makeHiddenSpace(organizationId: string, owner: TestUser) {
  const collection = await makeCollection(organizationId, { defaultLevel: null });
  return makeSpace(organizationId, owner, { parent: collection.id });
}

/** Matrix state: a site with two root site spaces (a, b), in order. */
export async function siteWithSpaces(w: World) {
  const site = await makeSite(w.org.id, w.owner, { spaces: 2 });
  const rows = (await readSiteSpaces(site.id)).sort((x, y) => (x.position < y.position ? -1 : 1));
  return { site, a: rows[0]!, b: rows[1]! };
}

/** Matrix state: a site with two sections (made through the API) and an empty group. */
export async function siteWithSections(w: World) {
  const { site, a } = await siteWithSpaces(w);
  const api = as(w.owner.token);
  const base = `/orgs/${w.org.id}/sites/${site.id}`;
  const s1 = (await api.post(`${base}/sections`, { spaceId: a.spaceId, title: "One" })).body;
  const s2 = (await api.post(`${base}/sections`, { spaceId: a.spaceId, title: "Two" })).body;
  const group = (await api.post(`${base}/section-groups`, { title: "Group" })).body;
  return { site, s1, s2, group };
}

/** Matrix state: `siteWithSpaces` plus an adaptive schema. */
export async function siteWithSchema(w: World) {
  const state = await siteWithSpaces(w);
  await putAdaptiveSchema(testDb(), state.site.id, {
    type: "object",
    properties: { beta: { type: "boolean", description: "Beta user" } },
    additionalProperties: false,
  });
  return state;
}

/** One route of a site, as the sites authorization matrices describe it. */
export interface SiteCase<S> {
  name: string;
  setup: (w: World) => Promise<S>;
  method: string;
  /** The path after `/orgs/{organizationId}/sites/{siteId}`. */
  path: (s: S) => string;
  body?: (s: S) => unknown;
  query?: MatrixRequest["query"];
  minimumRole: MemberRole;
  scope: Scope;
  success: number;
  hiddenBelow?: boolean;
  /** See `MatrixSpec.repeatable`. */
  repeatable?: boolean;
}

/** Registers the authorization matrix of a site route; `missing` is a never-existing org id. */
export function siteMatrix<S extends { site: { id: string } }>(c: SiteCase<S>) {
  authorizationMatrix<S>(c.name, {
    setup: c.setup,
    request: (w, s) => ({
      method: c.method,
      path: `/orgs/${w.org.id}/sites/${s.site.id}${c.path(s)}`,
      body: c.body?.(s),
      query: c.query,
    }),
    missing: (_w, s) => ({
      method: c.method,
      path: `/orgs/doesnotexist/sites/${s.site.id}${c.path(s)}`,
      body: c.body?.(s),
      query: c.query,
    }),
    minimumRole: c.minimumRole,
    scope: c.scope,
    success: c.success,
    hiddenBelow: c.hiddenBelow,
    repeatable: c.repeatable,
  });
}
