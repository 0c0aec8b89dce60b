import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgMembers } from "../../db/schema/index";
import type { ContentGrantRow } from "../../db/schema";
import { siteRole } from "../../auth/site-role";
import type { MemberRole } from "../../lib/roles";
import type { SitePermissionOrigin } from "../../api/permissions";
import type { AggregateMember } from "./aggregate";

/**
 * The aggregate of a site's permissions (official `listPermissionsAggregateInSite`): each active
 * member's role on the site (`siteRole`, the one rule over the organization role and the grants)
 * and its official `origin`: the organization, or the site's grant to the member or a team.
 * Guests have no role on sites (docs/compat-notes/sites.md), so they are never listed.
 */

/** A member as the site aggregate reads them (`activeMembers`). */
export interface SiteAggregateMember extends AggregateMember {
  lastSeenAt: string | null;
}

/** One member's role on the site and where it comes from. */
export interface SiteAggregateRow {
  role: MemberRole;
  origin: SitePermissionOrigin;
  user: AggregateMember["user"];
  lastSeenAt: string | null;
}

/** The filters of the aggregate (official `role`, `search`, `team`). */
export interface SiteAggregateFilter {
  role?: MemberRole | "guest";
  search?: string;
  team?: string;
}

/** Every non-guest member's role on the site, by user id, filtered. */
export function siteAggregate(
  site: { id: string; organizationId: string },
  members: readonly SiteAggregateMember[],
  grants: readonly ContentGrantRow[],
  filter: SiteAggregateFilter,
): SiteAggregateRow[] {
  if (filter.role === "guest") return [];
  const needle = filter.search?.toLowerCase();
  const out: SiteAggregateRow[] = [];
  for (const member of members) {
    if (member.role === null) continue;
    if (filter.team !== undefined && !member.teams.includes(filter.team)) continue;
    const { displayName, email } = member.user;
    if (needle && !`${displayName}\n${email}`.toLowerCase().includes(needle)) continue;
    const teams = new Set(member.teams);
    const held = grants.filter((g) =>
      g.principalType === "user" ? g.principalId === member.user.id : teams.has(g.principalId),
    );
    const role = siteRole(
      member.role,
      held.map((g) => g.role),
    );
    if (filter.role !== undefined && role !== filter.role) continue;
    out.push({
      role,
      origin: originOf(site, member.role, role, held),
      user: member.user,
      lastSeenAt: member.lastSeenAt,
    });
  }
  return out;
}

/** The organization when its role gives `role` by itself, else the grant that gives it. */
function originOf(
  site: { id: string; organizationId: string },
  orgRole: MemberRole,
  role: MemberRole,
  held: readonly ContentGrantRow[],
): SitePermissionOrigin {
  const own = held.find((g) => g.principalType === "user" && g.role === role);
  const team = held.find((g) => g.principalType === "team" && g.role === role);
  if (orgRole === role || (!own && !team)) {
    return { type: "organization", organization: site.organizationId };
  }
  if (own) return { type: "site", site: site.id, reason: "member" };
  return { type: "site", site: site.id, reason: "team", team: team?.principalId };
}

/** The organization role of each of `userIds` who is an enabled member (null: a guest). */
export async function memberRolesAmong(
  db: Database,
  orgId: string,
  userIds: readonly string[],
): Promise<Map<string, MemberRole | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orgMembers.userId, role: orgMembers.role })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.organizationId, orgId),
        eq(orgMembers.disabled, false),
        inArray(orgMembers.userId, [...userIds]),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.role]));
}
