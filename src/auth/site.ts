import type { SiteRow } from "../db/schema";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { preparedSelect, sqlParam, type Params } from "../db/prepared";
import { integrationInstallations, sites } from "../db/schema/index";
import type { NoStatements, Results, Statements } from "../db/plan";
import { requireRole, requireScope, runAsMember, type MembershipRows } from "./organization";
import {
  callerDigest,
  callerFromResult,
  userOfDigestSql,
  type Caller,
  type CallerRow,
} from "./caller";
import { membershipFrom, type Membership } from "./organization";
import { atLeast, type MemberRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";
import { allSiteGrantsQuery, siteGrantsQuery, siteRole, siteRoles } from "./site-role";
import type { Site } from "../api/sites";

/**
 * Who may do what with sites (docs/compat-notes/sites.md): every non-guest member sees the
 * organization's sites; `create` and above manage them (create, update, structure, publish, share
 * links); `admin` deletes them and manages visitor authentication. The role is the organization
 * role raised by the caller's grants on the site (`site-role.ts`, the one rule).
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
  /** Whether the caller came in as an integration's bot through its installation's sites. */
  installation: boolean;
}

/** The official Site `permissions` object. */
export type SitePermissions = Site["permissions"];

/**
 * The Site `permissions` object from the caller's organization role (null: a visitor, who may
 * only view what published access let them reach).
 */
export function sitePermissions(role: MemberRole | null, visitor = false): SitePermissions {
  return {
    view: visitor || atLeast(role, "read"),
    access: atLeast(role, "read"),
    edit: atLeast(role, "edit"),
    create: atLeast(role, "create"),
    admin: atLeast(role, "admin"),
    installIntegration: atLeast(role, "admin"),
    viewAdaptiveSchema: atLeast(role, "read"),
    editAdaptiveSchema: atLeast(role, "create"),
  };
}

/** The site of an organization (its text written once per isolate, `src/db/prepared.ts`). */
const SITE = preparedSelect(
  () => getTableColumns(sites),
  (select, p: Params<"site" | "org">) =>
    select
      .from(sites)
      .where(and(eq(sites.id, p("site")), eq(sites.organizationId, p("org"))))
      .limit(1),
);

/** The site of an organization, as a query to batch. */
export function siteQuery(db: Database, organizationId: string, siteId: string) {
  return SITE.bind(db, { site: siteId, org: organizationId });
}

/** An integration installation's site selection, when the caller is its bot user. */
type BotSites = { selection: "all" | "selected"; targeted: number }[];

/**
 * The caller's installation when the caller is an integration's bot user (none for people): its
 * site selection and whether the bound `site` (null: none) is one of its selected sites. The
 * caller is read from their token's digest, as `callerUserId` does; text written once per isolate.
 */
const BOT_SITES = preparedSelect(
  (p: Params<"digest" | "site">) => ({
    selection: integrationInstallations.siteSelection,
    targeted: sql<number>`EXISTS (SELECT 1 FROM integration_installation_targets t
        WHERE t.installation_id = ${integrationInstallations.id} AND t.target_type = 'site'
          AND t.target_id = ${p("site")})`,
  }),
  (select, p) =>
    select
      .from(integrationInstallations)
      .where(eq(integrationInstallations.botUserId, userOfDigestSql(sqlParam(p, "digest"))))
      .limit(1),
);

/** `BOT_SITES` for the request's caller and `siteId`, as a statement to batch. */
function botSitesQuery(c: Context<AppEnv>, siteId: string | null) {
  return BOT_SITES.bind(c.get("db"), { digest: callerDigest(c), site: siteId });
}

/**
 * Checks the caller against the organization: 404 for non-members (as for an organization that
 * does not exist), 403 for guests, for a token without the scope and for a role too low. An
 * integration's bot (`bot`) reads the sites its installation selected (all, or the ones it was
 * installed on: others are a 404 to it), whatever its organization role; the sites list is
 * refused to a bot with selected sites (it reads them one by one).
 */
function sitesOrgAccess(
  c: Context<AppEnv>,
  callerRows: readonly CallerRow[],
  memberRows: MembershipRows,
  need: SiteNeed,
  bot: { rows: BotSites; site: boolean },
  grants: readonly MemberRole[] = [],
): SitesOrgAccess {
  const caller = callerFromResult(c, callerRows);
  const member = membershipFrom(memberRows);
  if (!member) throw notFound("Organization");
  const installation = bot.rows[0];
  if (installation && (installation.selection === "selected" || !member.orgRole)) {
    if (installation.selection === "selected" && !bot.site) {
      throw forbidden("An integration installed on selected sites reads them one by one");
    }
    if (installation.selection === "selected" && !installation.targeted) throw notFound("Site");
    requireScope(caller, need.scope);
    requireRole("read", need.minimum, need.action);
    return { caller, member, role: "read", installation: true };
  }
  if (member.isGuest || !member.orgRole) {
    throw forbidden("Guests cannot access the sites of this organization");
  }
  requireScope(caller, need.scope);
  const role = siteRole(member.orgRole, grants);
  requireRole(role, need.minimum, need.action);
  return { caller, member, role, installation: false };
}

/**
 * The organization's sites access plus the statements of `with` (a service's plan), in one round
 * trip; their results come back by name in `results`, after the checks passed.
 */
export async function resolveSitesOrg<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  need: SiteNeed,
  options: { with?: S } = {},
): Promise<
  SitesOrgAccess & {
    permissions: SitePermissions;
    /** A listed site's permissions: the organization role raised by the caller's grants on it. */
    permissionsOf: (siteId: string) => SitePermissions;
    results: Results<S>;
  }
> {
  const statements = { bot: botSitesQuery(c, null), grants: allSiteGrantsQuery(c) };
  const { own, extra } = await runAsMember(c, organizationId, statements, options.with);
  const access = sitesOrgAccess(c, own.caller, own.member, need, { rows: own.bot, site: false });
  const roleOn = siteRoles(access.role, access.installation ? [] : own.grants);
  return {
    ...access,
    permissions: sitePermissions(access.role),
    permissionsOf: (siteId) => sitePermissions(roleOn(siteId)),
    results: extra,
  };
}

/** A site the caller may act on, their role and the site's `permissions` for them. */
export interface ResolvedSite extends SitesOrgAccess {
  site: SiteRow;
  permissions: SitePermissions;
}

/**
 * Loads a site with the caller's access and the statements of `with` in one round trip: 404 for
 * a site of another organization or none, after the organization checks of `sitesOrgAccess`.
 */
export async function resolveSite<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  siteId: string,
  need: SiteNeed,
  options: { with?: S } = {},
): Promise<ResolvedSite & { results: Results<S> }> {
  const statements = {
    site: siteQuery(c.get("db"), organizationId, siteId),
    bot: botSitesQuery(c, siteId),
    grants: siteGrantsQuery(c, siteId),
  };
  const { own, extra } = await runAsMember(c, organizationId, statements, options.with);
  const grants = own.grants.map((g) => g.role);
  const bot = { rows: own.bot, site: true };
  const access = sitesOrgAccess(c, own.caller, own.member, need, bot, grants);
  const site = own.site[0];
  if (!site) throw notFound("Site");
  return { ...access, site, permissions: sitePermissions(access.role), results: extra };
}

/** Whether the role may manage sites (see keys of share links, change structure). */
export function canManageSites(role: MemberRole | null): boolean {
  return atLeast(role, SITE_ROLES.manage);
}
