import type { TeamRow } from "../../db/schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contentGrants,
  organizations,
  orgMembers,
  teamMembers,
  teams,
} from "../../db/schema/index";
import type { TeamRole } from "../../lib/roles";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { runStatements } from "../../db/plan";
import { chunked } from "../../db/chunked";

/** Adds organization members to a team with `role`, leaving existing memberships as they are. */
function insertMembers(
  db: Database,
  teamId: string,
  userIds: string[],
  role: TeamRole,
  at: string,
) {
  // Selecting through teams and org_members: a team deleted or a member removed meanwhile
  // inserts nothing. (drizzle's `db.run(sql)` cannot carry bound parameters in a D1 batch.)
  const source = db
    .select({
      teamId: teams.id,
      userId: orgMembers.userId,
      role: sql<TeamRole>`${role}`.as("role"),
      addedAt: sql<string>`${at}`.as("added_at"),
    })
    .from(teams)
    .innerJoin(orgMembers, eq(orgMembers.organizationId, teams.organizationId))
    .where(and(eq(teams.id, teamId), inArray(orgMembers.userId, userIds)));
  return db.insert(teamMembers).select(source).onConflictDoNothing();
}

/** Moves the member counter by the rows the previous statement changed. */
function bumpMembers(db: Database, teamId: string, sign: 1 | -1) {
  const delta = sign === 1 ? sql`+ changes()` : sql`- changes()`;
  return db
    .update(teams)
    .set({ membersCount: sql`${teams.membersCount} ${delta}` })
    .where(eq(teams.id, teamId));
}

/** The statements that add members (unchanged if present) and keep the counter exact. */
function addStatements(
  db: Database,
  teamId: string,
  userIds: string[],
  role: TeamRole,
  at: string,
) {
  return chunked(userIds).flatMap((chunk) => [
    insertMembers(db, teamId, chunk, role, at),
    bumpMembers(db, teamId, 1),
  ]);
}

/**
 * Creates a team with its initial members (role member) in one batch, bumping the organization's
 * team counter; returns the stored row with its exact member count.
 */
export async function createTeam(
  db: Database,
  input: { orgId: string; title: string; memberIds: readonly string[] },
): Promise<TeamRow> {
  const id = newId();
  const now = nowIso();
  const values = { id, organizationId: input.orgId, title: input.title, createdAt: now };
  const members = addStatements(db, id, [...new Set(input.memberIds)], "member", now);
  const { team } = await runStatements(db, {
    insert: db.insert(teams).values({ ...values, titleLower: input.title.toLowerCase() }),
    counter: db
      .update(organizations)
      .set({ teamsCount: sql`${organizations.teamsCount} + 1` })
      .where(eq(organizations.id, input.orgId)),
    ...Object.fromEntries(members.map((statement, i) => [`member${i}`, statement])),
    team: db.select().from(teams).where(eq(teams.id, id)),
  });
  return team[0]!;
}

/** Renames a team of the organization; undefined when it no longer exists. */
export async function renameTeam(db: Database, orgId: string, teamId: string, title: string) {
  const [row] = await db
    .update(teams)
    .set({ title, titleLower: title.toLowerCase() })
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId)))
    .returning();
  return row;
}

/**
 * Deletes a team of the organization with its memberships and content grants, in one batch; the
 * organization's team counter moves only if the team row was really deleted.
 */
export async function deleteTeam(db: Database, orgId: string, teamId: string): Promise<void> {
  const ours = sql`EXISTS (SELECT 1 FROM teams d WHERE d.id = ${teamId} AND d.organization_id = ${orgId})`;
  await db.batch([
    db
      .delete(contentGrants)
      .where(
        and(eq(contentGrants.principalType, "team"), eq(contentGrants.principalId, teamId), ours),
      ),
    db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), ours)),
    db.delete(teams).where(and(eq(teams.id, teamId), eq(teams.organizationId, orgId))),
    db
      .update(organizations)
      .set({ teamsCount: sql`${organizations.teamsCount} - changes()` })
      .where(eq(organizations.id, orgId)),
  ]);
}

/** A resolved membership change: who joins as member, whose role is set, who leaves. */
export interface MembershipPlan {
  add: string[];
  roles: Map<string, TeamRole>;
  remove: string[];
}

/**
 * Applies a membership plan in one batch, in order: additions (existing members keep their role),
 * role assignments (adding the member if needed), then removals, so removal wins.
 */
export async function applyMembershipPlan(
  db: Database,
  teamId: string,
  plan: MembershipPlan,
): Promise<void> {
  const now = nowIso();
  const byRole = (role: TeamRole) => [...plan.roles].filter(([, r]) => r === role).map(([u]) => u);
  const statements = [
    ...addStatements(db, teamId, plan.add, "member", now),
    ...(["owner", "member"] as const).flatMap((role) =>
      chunked(byRole(role)).flatMap((chunk) => [
        ...addStatements(db, teamId, chunk, role, now),
        db
          .update(teamMembers)
          .set({ role })
          .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, chunk))),
      ]),
    ),
    ...chunked(plan.remove).flatMap((chunk) => [
      db
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, chunk))),
      bumpMembers(db, teamId, -1),
    ]),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
