import type { ShareLinkRow, SiteAuthRow, SiteRow, SpaceRow } from "../db/schema";
import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { jwtVerify } from "jose";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { preparedSelect, type Params } from "../db/prepared";
import { shareLinks, siteAuth, sites, spaces } from "../db/schema/index";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import type { Caller } from "./caller";
import { callerFromResult, callerQuery } from "./caller";
import { membershipFrom, type Membership } from "./organization";
import { requireScope, runAsMember } from "./organization";
import { siteQuery, sitePermissions, SITE_ROLES, type SitePermissions } from "./site";
import { atLeast, type MemberRole } from "../lib/roles";
import { nowMs } from "../lib/clock";
import { notFound } from "../lib/errors";
import { resolveGrantedSite, siteGrantOf } from "./site-reader";

/** What a visitor presents: a share link's key and/or a visitor JWT. */
export interface VisitorCredentials {
  shareKey?: string;
  visitorToken?: string;
}

/** The outcome for a visitor: allowed or not, and their claims (for adaptive conditions). */
interface VisitorAccess {
  allowed: boolean;
  claims: Record<string, unknown> | null;
}

/** What a visitor may do with the spaces published access lets them reach: read them. */
export const VISITOR_ROLE = "read" satisfies MemberRole;

/** The active share links of one site matching a key (text written once per isolate). */
const SITE_LINKS = preparedSelect(
  () => getTableColumns(shareLinks),
  (select, p: Params<"site" | "key">) =>
    select
      .from(shareLinks)
      .where(
        and(
          eq(shareLinks.siteId, p("site")),
          eq(shareLinks.key, p("key")),
          eq(shareLinks.active, true),
        ),
      ),
);

/**
 * The active share links of a site matching `key`, as a query to batch (one text with or without
 * a key: no key matches no link, keys are never empty).
 */
export function shareLinkByKeyQuery(db: Database, siteId: string, key?: string) {
  return SITE_LINKS.bind(db, { site: siteId, key: key ?? "" });
}

/** Active share links of the sites selected by `siteIds` (SQL) matching `key`, as a query. */
function shareLinksInQuery(db: Database, siteIds: SQL, key?: string) {
  return db
    .select()
    .from(shareLinks)
    .where(
      and(
        sql`${shareLinks.siteId} IN (${siteIds})`,
        eq(shareLinks.key, key ?? ""),
        eq(shareLinks.active, true),
      ),
    );
}

/** A site's visitor-auth row (its signing key), written once per isolate. */
const SITE_AUTH = preparedSelect(
  () => getTableColumns(siteAuth),
  (select, p: Params<"site">) =>
    select
      .from(siteAuth)
      .where(eq(siteAuth.siteId, p("site")))
      .limit(1),
);

/** A site's visitor-auth row (its signing key), as a query to batch. */
export function siteAuthQuery(db: Database, siteId: string) {
  return SITE_AUTH.bind(db, { site: siteId });
}

/**
 * Verifies a visitor JWT with `jose` against the site's key: HS256 only (so `alg: none` and any
 * other algorithm are refused), a valid signature, an `exp` that is required and not past, and,
 * when the token names an audience, the site among it. Returns the claims, or null if refused.
 */
export async function verifyVisitorToken(
  token: string,
  privateKey: string,
  siteId: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(privateKey), {
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
      currentDate: new Date(nowMs()),
    });
    if (payload.aud !== undefined) {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.includes(siteId)) return null;
    }
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * The published-access rule for a caller who is not a reading member (docs/compat-notes/sites.md):
 * nothing unless the site is published; then `public` and `unlisted` sites are open to any valid
 * API token, `share-link` sites need the key of one of their active share links, and
 * `visitor-auth` sites a visitor JWT signed with their key. A valid JWT also carries the claims
 * adaptive conditions are evaluated against, whatever the visibility.
 */
async function visitorAccess(
  site: SiteRow,
  credentials: VisitorCredentials,
  links: readonly ShareLinkRow[],
  auth: SiteAuthRow | undefined,
): Promise<VisitorAccess> {
  if (!site.published) return { allowed: false, claims: null };
  const claims =
    credentials.visitorToken && auth
      ? await verifyVisitorToken(credentials.visitorToken, auth.privateKey, site.id)
      : null;
  switch (site.visibility) {
    case "public":
    case "unlisted":
      return { allowed: true, claims };
    case "share-link":
      return {
        allowed: links.some(
          (l) => l.siteId === site.id && l.active && l.key === credentials.shareKey,
        ),
        claims,
      };
    case "visitor-auth":
      return { allowed: claims !== null, claims };
  }
}

/**
 * Who reads a published site: a member with at least the read role (`reader`; `publishedRole`
 * when the published-access rule lets them in too, so a space they have no role on reads as it
 * does for a visitor, as `GET /v1/spaces/{id}` reads it), or a visitor the published-access rule
 * lets in (`claims`: their verified visitor claims, or null).
 */
export type PublishedReader =
  | { reader: Membership & { orgRole: MemberRole; publishedRole?: MemberRole }; claims: null }
  | { reader: null; claims: Record<string, unknown> | null };

/**
 * `GET .../sites/{siteId}/published`: the site for a reading member, or for anyone the
 * published-access rule lets in, with the statements of `with` in the same round trip (results
 * by name). Every refusal is the 404 of a site that does not exist.
 */
export async function resolvePublishedSite<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  siteId: string,
  credentials: VisitorCredentials,
  options: { with?: S } = {},
): Promise<
  PublishedReader & {
    /** Null for a site API token or an anonymous reader. */
    caller: Caller | null;
    site: SiteRow;
    permissions: SitePermissions;
    results: Results<S>;
  }
> {
  const db = c.get("db");
  const grant = siteGrantOf(c);
  if (grant) {
    // A site token: its own site only, while the grant holds; its visitor's claims.
    const { site, results } = await resolveGrantedSite(c, grant, organizationId, siteId, options);
    const permissions = sitePermissions(null, true);
    return { caller: null, site, reader: null, claims: grant.claims, permissions, results };
  }
  if (c.get("caller").anonymous) {
    // No token at all (the operations open to anonymous readers): the published-access rule.
    const { own, extra } = await runBoth(
      db,
      {
        site: siteQuery(db, organizationId, siteId),
        links: shareLinkByKeyQuery(db, siteId, credentials.shareKey),
        auth: siteAuthQuery(db, siteId),
      },
      options.with,
    );
    const site = own.site[0];
    if (!site) throw notFound("Site");
    const visitor = await visitorAccess(site, credentials, own.links, own.auth[0]);
    if (!visitor.allowed) throw notFound("Site");
    const permissions = sitePermissions(null, true);
    return {
      caller: null,
      site,
      reader: null,
      claims: visitor.claims,
      permissions,
      results: extra,
    };
  }
  const { own, extra } = await runAsMember(
    c,
    organizationId,
    {
      site: siteQuery(db, organizationId, siteId),
      links: shareLinkByKeyQuery(db, siteId, credentials.shareKey),
      auth: siteAuthQuery(db, siteId),
    },
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  requireScope(caller, "site:read");
  const site = own.site[0];
  // One 404 for every refusal, identical to a site (or organization) that does not exist.
  if (!site) throw notFound("Site");
  const member = membershipFrom(own.member);
  const visitor = await visitorAccess(site, credentials, own.links, own.auth[0]);
  if (member && !member.isGuest && member.orgRole && atLeast(member.orgRole, SITE_ROLES.read)) {
    const published: { publishedRole?: MemberRole } = visitor.allowed
      ? { publishedRole: VISITOR_ROLE }
      : {};
    const reader = { ...member, orgRole: member.orgRole, ...published };
    const permissions = sitePermissions(member.orgRole, false);
    return { caller, site, reader, claims: null, permissions, results: extra };
  }
  if (!visitor.allowed) throw notFound("Site");
  const permissions = sitePermissions(null, true);
  return { caller, site, reader: null, claims: visitor.claims, permissions, results: extra };
}

/**
 * `GET /v1/spaces/{spaceId}` for a caller the space's own access rules refuse: the space is
 * readable when one of the published sites publishing it lets this caller in (the same rule as
 * `GET .../sites/{siteId}/published`). One D1 round trip; 404 "Space not found" otherwise,
 * exactly as for a space that does not exist. The role is `read`: visitors only read. The
 * statements of `with` run in the same batch; their results come back by name in `results`.
 * `column` is a caller's own value about the space (SQL over the table `spaces`, as
 * `resolveSpace` takes it), read back as `column`.
 */
export async function resolvePublishedSpaceAccess<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  credentials: VisitorCredentials,
  options: { with?: S; column?: SQL } = {},
): Promise<{
  caller: Caller;
  space: SpaceRow;
  role: MemberRole;
  results: Results<S>;
  column: unknown;
}> {
  const db = c.get("db");
  const publishing = sql`SELECT site_id FROM site_spaces WHERE space_id = ${spaceId}`;
  const { own, extra } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      space: db
        .select({ space: spaces, column: sql`${options.column ?? sql`NULL`}`.as("space_column") })
        .from(spaces)
        .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
        .limit(1),
      sites: db
        .select()
        .from(sites)
        .where(and(sql`${sites.id} IN (${publishing})`, eq(sites.published, true))),
      links: shareLinksInQuery(db, publishing, credentials.shareKey),
      auths: db
        .select()
        .from(siteAuth)
        .where(sql`${siteAuth.siteId} IN (${publishing})`),
    },
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  const { space, column } = own.space[0] ?? { space: undefined, column: null };
  if (space) {
    for (const site of own.sites) {
      if (site.organizationId !== space.organizationId) continue;
      const auth = own.auths.find((a) => a.siteId === site.id);
      if ((await visitorAccess(site, credentials, own.links, auth)).allowed) {
        return { caller, space, role: VISITOR_ROLE, results: extra, column };
      }
    }
  }
  throw notFound("Space");
}
