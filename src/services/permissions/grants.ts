import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contentGrants, orgMembers, teamMembers, teams, users } from "../../db/schema/index";
import type { TeamRow } from "../../db/schema";
import type { MemberRole } from "../../lib/roles";
import { nowIso } from "../../lib/clock";
import { chunked } from "../../db/chunked";

/**
 * The explicit grants on one space, collection or site (`content_grants`): who holds one and with what
 * role, inviting users and teams, changing and removing a grant. The access rule that reads them
 * is src/auth/role-rule.ts; this module only reads and writes the rows.
 */

/** The content a grant is on. */
export interface GrantTarget {
  resourceType: "space" | "collection" | "site";
  resourceId: string;
}

/** A user holding a grant, with the user's fields a User shows. */
export interface UserGrantRow {
  role: MemberRole;
  user: { id: string; displayName: string; email: string; photoURL: string | null };
}

/** A team holding a grant. */
export interface TeamGrantRow {
  role: MemberRole;
  team: TeamRow;
}

/** `where` of the grants on `target` held by principals of one type. */
function onTarget(target: GrantTarget, principalType: "user" | "team") {
  return and(
    eq(contentGrants.resourceType, target.resourceType),
    eq(contentGrants.resourceId, target.resourceId),
    eq(contentGrants.principalType, principalType),
  );
}

/** A page (`limit + 1` rows, by user id after `after`) of the users holding a grant. */
export async function userGrantsPage(
  db: Database,
  target: GrantTarget,
  limit: number,
  after?: string,
): Promise<UserGrantRow[]> {
  const rows = await db
    .select({
      role: contentGrants.role,
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
    })
    .from(contentGrants)
    .innerJoin(users, eq(users.id, contentGrants.principalId))
    .where(and(onTarget(target, "user"), after ? gt(contentGrants.principalId, after) : undefined))
    .orderBy(asc(contentGrants.principalId))
    .limit(limit + 1);
  return rows.map(({ role, ...user }) => ({ role, user }));
}

/** A page (`limit + 1` rows, by team id after `after`) of the teams holding a grant. */
export async function teamGrantsPage(
  db: Database,
  target: GrantTarget,
  limit: number,
  after?: string,
): Promise<TeamGrantRow[]> {
  const rows = await db
    .select({ role: contentGrants.role, team: teams })
    .from(contentGrants)
    .innerJoin(teams, eq(teams.id, contentGrants.principalId))
    .where(and(onTarget(target, "team"), after ? gt(contentGrants.principalId, after) : undefined))
    .orderBy(asc(contentGrants.principalId))
    .limit(limit + 1);
  return rows;
}

/** How many users and teams hold a grant on `target`. */
export async function grantCounts(
  db: Database,
  target: GrantTarget,
): Promise<{ user: number; team: number }> {
  const rows = await db
    .select({ type: contentGrants.principalType, n: sql<number>`count(*)` })
    .from(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, target.resourceType),
        eq(contentGrants.resourceId, target.resourceId),
      ),
    )
    .groupBy(contentGrants.principalType);
  const of = (type: string) => rows.find((r) => r.type === type)?.n ?? 0;
  return { user: of("user"), team: of("team") };
}

/** Which of `userIds` are members of the organization (guests included, disabled ones not). */
export async function membersAmong(
  db: Database,
  orgId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: orgMembers.userId })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.organizationId, orgId),
        eq(orgMembers.disabled, false),
        inArray(orgMembers.userId, [...userIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Which of `teamIds` are teams of the organization. */
export async function teamsAmong(
  db: Database,
  orgId: string,
  teamIds: readonly string[],
): Promise<Set<string>> {
  if (teamIds.length === 0) return new Set();
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, orgId), inArray(teams.id, [...teamIds])));
  return new Set(rows.map((r) => r.id));
}

/** Grants `role` on `target` to users and teams; an existing grant takes the new role. */
export async function inviteToContent(
  db: Database,
  target: GrantTarget,
  principals: { users: readonly string[]; teams: readonly string[] },
  role: MemberRole,
): Promise<void> {
  const createdAt = nowIso();
  const values = [
    ...principals.users.map((id) => ({ principalType: "user" as const, principalId: id })),
    ...principals.teams.map((id) => ({ principalType: "team" as const, principalId: id })),
  ].map((p) => ({ ...target, ...p, role, createdAt }));
  for (const chunk of chunked(values, 10)) {
    await db
      .insert(contentGrants)
      .values(chunk)
      .onConflictDoUpdate({
        target: [
          contentGrants.resourceType,
          contentGrants.resourceId,
          contentGrants.principalType,
          contentGrants.principalId,
        ],
        set: { role },
      });
  }
}

/** Sets the role of an existing grant; false when there is none. */
export async function updateGrant(
  db: Database,
  target: GrantTarget,
  principal: { type: "user" | "team"; id: string },
  role: MemberRole,
): Promise<boolean> {
  const rows = await db
    .update(contentGrants)
    .set({ role })
    .where(and(onTarget(target, principal.type), eq(contentGrants.principalId, principal.id)))
    .returning({ id: contentGrants.principalId });
  return rows.length > 0;
}

/** Removes a grant (nothing when there is none); whether there was one. */
export async function removeGrant(
  db: Database,
  target: GrantTarget,
  principal: { type: "user" | "team"; id: string },
): Promise<boolean> {
  const rows = await db
    .delete(contentGrants)
    .where(and(onTarget(target, principal.type), eq(contentGrants.principalId, principal.id)))
    .returning({ id: contentGrants.principalId });
  return rows.length > 0;
}

/** Every grant on the content and the collections above it (`chain`: typed ids), or a site. */
export async function grantsOnChain(db: Database, chain: readonly GrantTarget[]) {
  const on = (type: GrantTarget["resourceType"]) => {
    const ids = chain.filter((t) => t.resourceType === type).map((t) => t.resourceId);
    return ids.length > 0
      ? and(eq(contentGrants.resourceType, type), inArray(contentGrants.resourceId, ids))
      : undefined;
  };
  const where = or(on("space"), on("collection"), on("site"));
  if (!where) return [];
  return db.select().from(contentGrants).where(where);
}

/** The active members of an organization with their user fields and team ids. */
export async function activeMembers(db: Database, orgId: string) {
  const [members, memberships] = await Promise.all([
    db
      .select({
        role: orgMembers.role,
        lastSeenAt: orgMembers.lastSeenAt,
        id: users.id,
        displayName: users.displayName,
        email: users.email,
        photoURL: users.photoURL,
      })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(and(eq(orgMembers.organizationId, orgId), eq(orgMembers.disabled, false)))
      .orderBy(asc(users.id)),
    db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teams.organizationId, orgId)),
  ]);
  const teamsOf = new Map<string, string[]>();
  for (const m of memberships) teamsOf.set(m.userId, [...(teamsOf.get(m.userId) ?? []), m.teamId]);
  return members.map(({ role, lastSeenAt, ...user }) => ({
    role,
    lastSeenAt,
    user,
    teams: teamsOf.get(user.id) ?? [],
  }));
}
