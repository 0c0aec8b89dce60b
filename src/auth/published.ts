import type { ShareLinkRow, SiteAuthRow, SiteRow, SpaceRow } from "../db/schema";
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { shareLinks, siteAuth, sites, spaces } from "../db/schema/index";
import type { Caller } from "./caller";
import { callerFromResult, callerQuery } from "./caller";

import type { MemberRole } from "../lib/roles";
import { notFound } from "../lib/errors";
import { parseCondition } from "../lib/condition";
import { conditionHolds, type ConditionContext } from "../services/sites/conditions";

import { verifyVisitorToken } from "../services/sites/visitor-auth";
import type { SiteTree } from "../services/sites/tree";

/** What a visitor presents: a share link's key and/or a visitor JWT. */
export interface VisitorCredentials {
  shareKey?: string;
  visitorToken?: string;
}

/** The outcome for a visitor: allowed or not, and their claims (for adaptive conditions). */
export interface VisitorAccess {
  allowed: boolean;
  claims: Record<string, unknown> | null;
}

/** Active share links of the given sites matching `key`, as a query to batch. */
export function shareLinkByKeyQuery(db: Database, siteIds: string | SQL, key?: string) {
  const inSites =
    typeof siteIds === "string"
      ? eq(shareLinks.siteId, siteIds)
      : sql`${shareLinks.siteId} IN (${siteIds})`;
  return db
    .select()
    .from(shareLinks)
    .where(and(inSites, eq(shareLinks.key, key ?? ""), eq(shareLinks.active, true)));
}

/**
 * The published-access rule for a caller who is not a reading member (docs/compat-notes/sites.md):
 * nothing unless the site is published; then `public` and `unlisted` sites are open to any valid
 * API token, `share-link` sites need the key of one of their active share links, and
 * `visitor-auth` sites a visitor JWT signed with their key. A valid JWT also carries the claims
 * adaptive conditions are evaluated against, whatever the visibility.
 */
export async function visitorAccess(
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
 * The filter of adaptive content for a visitor: with adaptive content on, an item with a
 * condition is shown only when the condition holds for the visitor's claims (none: `{}`);
 * a stored condition that no longer parses hides the item.
 */
export function visitorShows(site: SiteRow, claims: Record<string, unknown> | null) {
  if (!site.adaptiveContent) return undefined;
  const context: ConditionContext = { claims: { ...(claims ?? {}), unsigned: {} } };
  return (condition: string | null) => {
    if (condition === null || condition.trim() === "") return true;
    try {
      return conditionHolds(parseCondition(condition), context);
    } catch {
      return false;
    }
  };
}

/** What a visitor may do with the spaces published access lets them reach: read them. */
export const VISITOR_ROLE = "read" satisfies MemberRole;

/** The tree as a visitor sees it: every space it publishes is readable (read-only), no more. */
export function visitorTree(tree: SiteTree): SiteTree {
  const spacesById = new Map(
    [...tree.spaces].map(([id, entry]) => [id, { ...entry, role: VISITOR_ROLE }] as const),
  );
  return { ...tree, spaces: spacesById };
}

/**
 * `GET /v1/spaces/{spaceId}` for a caller the space's own access rules refuse: the space is
 * readable when one of the published sites publishing it lets this caller in (the same rule as
 * `GET .../sites/{siteId}/published`). One D1 round trip; 404 "Space not found" otherwise,
 * exactly as for a space that does not exist. The role is `read`: visitors only read.
 */
export async function resolvePublishedSpaceAccess(
  c: Context<AppEnv>,
  spaceId: string,
  credentials: VisitorCredentials,
): Promise<{ caller: Caller; space: SpaceRow; role: MemberRole }> {
  const db = c.var.db;
  const publishing = sql`SELECT site_id FROM site_spaces WHERE space_id = ${spaceId}`;
  const [callerRows, spaceRows, siteRows, links, auths] = await db.batch([
    callerQuery(c),
    db
      .select()
      .from(spaces)
      .where(and(eq(spaces.id, spaceId), isNull(spaces.deletedAt)))
      .limit(1),
    db
      .select()
      .from(sites)
      .where(and(sql`${sites.id} IN (${publishing})`, eq(sites.published, true))),
    shareLinkByKeyQuery(db, publishing, credentials.shareKey),
    db
      .select()
      .from(siteAuth)
      .where(sql`${siteAuth.siteId} IN (${publishing})`),
  ]);
  const caller = callerFromResult(c, callerRows);
  const space = spaceRows[0];
  if (space) {
    for (const site of siteRows) {
      if (site.organizationId !== space.organizationId) continue;
      const auth = auths.find((a) => a.siteId === site.id);
      if ((await visitorAccess(site, credentials, links, auth)).allowed) {
        return { caller, space, role: VISITOR_ROLE };
      }
    }
  }
  throw notFound("Space");
}
