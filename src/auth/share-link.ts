import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { shareLinks, type ShareLinkRow } from "../db/schema";
import type { NoStatements, Results, Statements } from "../db/plan";
import { notFound } from "../lib/errors";
import type { MemberRole } from "../lib/roles";
import { canManageSites, resolveSite, SITE_ROLES, type ResolvedSite, type SiteNeed } from "./site";

/**
 * Share links belong to a site: every member who sees the site's share links lists them (scope
 * `site:auth:read`); managing them (create, rename, activate, delete) needs the site-manager role
 * and `site:auth:write`. Keys are shown only to those who may manage the site.
 */
export const SHARE_LINKS_READ: SiteNeed = {
  scope: "site:auth:read",
  minimum: SITE_ROLES.read,
  action: "list share links",
};

/** What managing a site's share links needs. */
export const SHARE_LINKS_WRITE: SiteNeed = {
  scope: "site:auth:write",
  minimum: SITE_ROLES.manage,
  action: "manage share links",
};

/** What the caller may do with a share link: see its secret key (inside `urls.published`). */
export function shareLinkPermissions(role: MemberRole | null) {
  return { showKey: canManageSites(role) };
}

/**
 * Loads one share link of a site the caller may manage, with the site checks of `resolveSite`,
 * in one round trip (with the statements of `with`); a link of another site or none is a 404.
 */
export async function resolveShareLink<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  siteId: string,
  shareLinkId: string,
  options: { with?: S } = {},
): Promise<ResolvedSite & { shareLink: ShareLinkRow; results: Results<S> }> {
  const link = c
    .get("db")
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, shareLinkId), eq(shareLinks.siteId, siteId)))
    .limit(1);
  const { results, ...site } = await resolveSite(c, organizationId, siteId, SHARE_LINKS_WRITE, {
    with: { ...options.with, "#shareLink": link },
  });
  const shareLink = (results["#shareLink"] as ShareLinkRow[])[0];
  if (!shareLink) throw notFound("Share link");
  return { ...site, shareLink, results: results as unknown as Results<S> };
}
