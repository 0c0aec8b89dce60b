import { effectiveRole } from "../../auth/role-rule";
import type { ContentGrantRow } from "../../db/schema";
import { roleRank, type DefaultLevel, type MemberRole } from "../../lib/roles";
import type { PermissionSource } from "../../api/permissions";
import type { GrantTarget, UserGrantRow } from "./grants";

/**
 * The aggregate of a space's or collection's permissions: each active member's effective role on
 * it (the one rule, `effectiveRole`) and what gives that role, worked out from the organization
 * role, the default levels up the chain and every grant on the chain.
 */

/** One link of the chain from the content up to its top collection. */
export interface ChainLink extends GrantTarget {
  defaultLevel: DefaultLevel;
}

/** A member as the aggregate reads them. */
export interface AggregateMember {
  role: MemberRole | null;
  user: UserGrantRow["user"];
  teams: readonly string[];
}

/** A member's effective role and its source. */
export interface AggregateRow {
  role: MemberRole;
  through: PermissionSource;
  user: UserGrantRow["user"];
}

/** The effective role of every member who has one, by user id, with what gives it. */
export function aggregatePermissions(
  chain: readonly ChainLink[],
  members: readonly AggregateMember[],
  grants: readonly ContentGrantRow[],
): AggregateRow[] {
  const own = chain[0];
  const out: AggregateRow[] = [];
  for (const member of members) {
    const teams = new Set(member.teams);
    const held = grants.filter((g) =>
      g.principalType === "user" ? g.principalId === member.user.id : teams.has(g.principalId),
    );
    const isGuest = member.role === null;
    const role = effectiveRole({
      orgRole: member.role,
      isGuest,
      chain,
      grants: held.map((g) => g.role),
    });
    if (!role) continue;
    out.push({ role, through: sourceOf(role, member, chain, held, own), user: member.user });
  }
  return out;
}

/** The first source (in a fixed order) that gives `role` by itself. */
function sourceOf(
  role: MemberRole,
  member: AggregateMember,
  chain: readonly ChainLink[],
  held: readonly ContentGrantRow[],
  own: ChainLink | undefined,
): PermissionSource {
  if (member.role === "admin") return "organization";
  const onOwn = (g: ContentGrantRow) =>
    own !== undefined && g.resourceType === own.resourceType && g.resourceId === own.resourceId;
  const gives = (gs: readonly ContentGrantRow[]) => gs.some((g) => g.role === role);
  if (gives(held.filter((g) => onOwn(g) && g.principalType === "user"))) return "direct";
  if (gives(held.filter((g) => onOwn(g) && g.principalType === "team"))) return "team";
  if (gives(held.filter((g) => !onOwn(g)))) return "collection";
  const set = chain.find((link) => link.defaultLevel !== "inherit");
  if (set && roleRank(set.defaultLevel as MemberRole | null) === roleRank(role)) return "default";
  return "organization";
}
