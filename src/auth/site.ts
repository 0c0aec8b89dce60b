import type { SiteRow } from "../db/schema";
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { sites } from "../db/schema/index";
import { requireRole, requireScope } from "./organization";
import { callerFromResult, callerQuery, type Caller, type CallerRow } from "./caller";
import { membershipQuery } from "./organization";
import { membershipFrom, type Membership } from "./content-role";
import { atLeast, type MemberRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";

/**
 * Who may do what with sites (docs/compat-notes/sites.md): every non-guest member sees the
 * organization's sites; `create` and above manage them (create, update, structure, publish, share
 * links); `admin` deletes them and manages visitor authentication.
 */
export const SITE_ROLES = {
  read: "read",
  manage: "create",
  admin: "admin",
} as const satisfies Record<string, MemberRole>;

/** What a site route needs from the caller. */
export interface SiteNeed {
  scope: Scope;
  minimum: MemberRole;
  action: string;
}

/** A caller allowed into the organization's sites. */
export interface SitesOrgAccess {
  caller: Caller;
  member: Membership;
  role: MemberRole;
}

/** The site of an organization, as a query to batch. */
export function siteQuery(c: Context<AppEnv>, organizationId: string, siteId: string) {
  return c.var.db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.organizationId, organizationId)))
    .limit(1);
}

/**
 * Checks the caller against the organization: 404 for non-members (as for an organization that
 * does not exist), 403 for guests, for a token without the scope and for a role too low.
 */
export function sitesOrgAccess(
  c: Context<AppEnv>,
  callerRows: readonly CallerRow[],
  memberRows: Parameters<typeof membershipFrom>[0],
  need: SiteNeed,
): SitesOrgAccess {
  const caller = callerFromResult(c, callerRows);
  const member = membershipFrom(memberRows);
  if (!member) throw notFound("Organization");
  if (member.isGuest || !member.orgRole) {
    throw forbidden("Guests cannot access the sites of this organization");
  }
  requireScope(caller, need.scope);
  requireRole(member.orgRole, need.minimum, need.action);
  return { caller, member, role: member.orgRole };
}

/**
 * The organization's sites access plus `extra` statements, in one round trip (their results come
 * back in order, after the checks passed).
 */
export async function resolveSitesOrg<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  organizationId: string,
  need: SiteNeed,
  extra?: T,
): Promise<SitesOrgAccess & { extra: { [K in keyof T]: Awaited<T[K]> } }> {
  const [callerRows, memberRows, ...rest] = await c.var.db.batch([
    callerQuery(c),
    membershipQuery(c, organizationId),
    ...(extra ?? []),
  ]);
  const access = sitesOrgAccess(c, callerRows, memberRows, need);
  return { ...access, extra: rest as never };
}

/** A site the caller may act on, and their role. */
export interface ResolvedSite extends SitesOrgAccess {
  site: SiteRow;
}

/**
 * Loads a site with the caller's access and `extra` statements in one round trip: 404 for a site
 * of another organization or none, after the organization checks of `sitesOrgAccess`.
 */
export async function resolveSite<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  organizationId: string,
  siteId: string,
  need: SiteNeed,
  extra?: T,
): Promise<ResolvedSite & { extra: { [K in keyof T]: Awaited<T[K]> } }> {
  const [callerRows, memberRows, siteRows, ...rest] = await c.var.db.batch([
    callerQuery(c),
    membershipQuery(c, organizationId),
    siteQuery(c, organizationId, siteId),
    ...(extra ?? []),
  ]);
  const access = sitesOrgAccess(c, callerRows, memberRows, need);
  const site = siteRows[0];
  if (!site) throw notFound("Site");
  return { ...access, site, extra: rest as never };
}

/** Whether the role may manage sites (see keys of share links, change structure). */
export function canManageSites(role: MemberRole | null): boolean {
  return atLeast(role, SITE_ROLES.manage);
}
