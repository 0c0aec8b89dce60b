import { MEMBER_ROLES } from "../../core/access/roles";

/** Organization and content roles, lowest first (core/access/roles.ts: the API's and the app's). */
export { MEMBER_ROLES };

/** A member role on an organization or a piece of content. */
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A content default level: a role, null (no access by default) or inherit from the parent. */
export type DefaultLevel = MemberRole | null | "inherit";

/** Team roles: owners manage the team's members. */
export const TEAM_ROLES = ["owner", "member"] as const;

/** A role inside a team. */
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Rank of a role for comparisons; null (no access) ranks below every role. */
export function roleRank(role: MemberRole | null | undefined): number {
  return role ? MEMBER_ROLES.indexOf(role) : -1;
}

/** True when `role` is at least `minimum`. */
export function atLeast(role: MemberRole | null | undefined, minimum: MemberRole): boolean {
  return roleRank(role) >= roleRank(minimum);
}

/** The higher of two roles. */
export function maxRole(
  a: MemberRole | null | undefined,
  b: MemberRole | null | undefined,
): MemberRole | null {
  return roleRank(a) >= roleRank(b) ? (a ?? null) : (b ?? null);
}
