import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { preparedSelect, sqlParam, type Params } from "../db/prepared";
import { contentGrants } from "../db/schema/index";
import type { MemberRole } from "../lib/roles";
import { callerDigest, userOfDigestSql } from "./caller";
import { grantsOnSql, principalSql } from "./access-sql";
import { effectiveRole } from "./role-rule";

/**
 * A member's role on one site (docs/compat-notes/sites.md, "Access"): the one rule,
 * `effectiveRole`, over the organization role and the caller's grants on the site (their own and
 * their teams', `content_grants` rows of type `site`). A grant only raises: the site's own
 * `defaultLevel` is stored but not part of the chain, so every member keeps at least their
 * organization role on every site.
 */

/** The caller's grants (user and team) on one site; text written once per isolate. */
const SITE_GRANTS = preparedSelect(
  () => ({ role: contentGrants.role }),
  (select, p: Params<"digest" | "site">) =>
    select
      .from(contentGrants)
      .where(
        grantsOnSql(userOfDigestSql(sqlParam(p, "digest")), "site", { one: sqlParam(p, "site") }),
      ),
);

/** The caller's grants on every site, by site id (`sites` lists); text written once. */
const ALL_SITE_GRANTS = preparedSelect(
  () => ({ siteId: contentGrants.resourceId, role: contentGrants.role }),
  (select, p: Params<"digest">) =>
    select
      .from(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "site"),
          principalSql(userOfDigestSql(sqlParam(p, "digest"))),
        ),
      ),
);

/** `SITE_GRANTS` for the request's caller and `siteId`, as a statement to batch. */
export function siteGrantsQuery(c: Context<AppEnv>, siteId: string) {
  return SITE_GRANTS.bind(c.get("db"), { digest: callerDigest(c), site: siteId });
}

/** `ALL_SITE_GRANTS` for the request's caller, as a statement to batch. */
export function allSiteGrantsQuery(c: Context<AppEnv>) {
  return ALL_SITE_GRANTS.bind(c.get("db"), { digest: callerDigest(c) });
}

/** A (non-guest) member's role on a site from their organization role and grants on it. */
export function siteRole(orgRole: MemberRole, grants: readonly MemberRole[]): MemberRole {
  return effectiveRole({ orgRole, isGuest: false, chain: [], grants }) ?? orgRole;
}

/** Each site's role for a member, from the grants of `ALL_SITE_GRANTS` (absent: the org role). */
export function siteRoles(
  orgRole: MemberRole,
  grants: readonly { siteId: string; role: MemberRole }[],
): (siteId: string) => MemberRole {
  const held = new Map<string, MemberRole[]>();
  for (const g of grants) held.set(g.siteId, [...(held.get(g.siteId) ?? []), g.role]);
  return (siteId) => siteRole(orgRole, held.get(siteId) ?? []);
}
