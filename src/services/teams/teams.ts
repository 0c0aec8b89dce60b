import type { TeamRow } from "../../db/schema";
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contentGrants,
  organizations,
  orgMembers,
  teamMembers,
  teams,
  users,
} from "../../db/schema/index";
import type { MemberRole, TeamRole } from "../../lib/roles";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../lib/pagination";

/** User ids per statement: D1 allows 100 bound parameters, a few go to the fixed values. */
const CHUNK = 90;

/** Splits a list into statement-sized chunks. */
export function chunked<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The filters of the team list. */
export interface TeamListFilter {
  title?: string;
  owner?: string;
}

/** `LIKE` pattern for "contains `text`", with the wildcard characters escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The WHERE clause shared by a team page and its filtered count. */
function teamListWhere(orgId: string, filter: TeamListFilter): SQL {
  const parts: SQL[] = [eq(teams.organizationId, orgId)];
  if (filter.title)
    parts.push(sql`${teams.titleLower} LIKE ${containsPattern(filter.title)} ESCAPE '\\'`);
  if (filter.owner) {
    // Teams the member can manage: all of them for an organization admin, else those they own.
    parts.push(sql`EXISTS (SELECT 1 FROM org_members om WHERE om.organization_id = ${orgId}
      AND om.user_id = ${filter.owner} AND om.disabled = 0 AND om.role IS NOT NULL
      AND (om.role = 'admin' OR EXISTS (SELECT 1 FROM team_members tm
        WHERE tm.team_id = ${teams.id} AND tm.user_id = om.user_id AND tm.role = 'owner')))`);
  }
  return and(...parts)!;
}

/** SQL true when `userId` is a non-guest, enabled member of the organization. */
export function isViewerOf(orgId: string, userId: SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM org_members v WHERE v.organization_id = ${orgId}
    AND v.user_id = ${userId} AND v.role IS NOT NULL AND v.disabled = 0)`;
}

/**
 * One page of an organization's teams ordered by (title_lower, id), each with the caller's team
 * role; rows are read only when the caller may list teams (`viewer`).
 */
export function teamPageQuery(
  db: Database,
  input: { orgId: string; callerId: SQL; filter: TeamListFilter; limit: number; after?: CursorKey },
) {
  const where = teamListWhere(input.orgId, input.filter);
  const page = input.after
    ? and(where, keysetAfter([teams.titleLower, teams.id], input.after))
    : where;
  return db
    .select({
      team: teams,
      callerTeamRole: sql<TeamRole | null>`(SELECT tr.role FROM team_members tr
        WHERE tr.team_id = ${teams.id} AND tr.user_id = ${input.callerId})`.as("caller_team_role"),
    })
    .from(teams)
    .where(and(page, isViewerOf(input.orgId, input.callerId)))
    .orderBy(asc(teams.titleLower), asc(teams.id))
    .limit(input.limit + 1);
}

/** The exact count of a filtered team list (the unfiltered count is the organization counter). */
export function teamCountQuery(db: Database, orgId: string, callerId: SQL, filter: TeamListFilter) {
  return db
    .select({ n: count() })
    .from(teams)
    .where(and(teamListWhere(orgId, filter), isViewerOf(orgId, callerId)));
}

/** One page of a team's members with their organization membership, ordered by user id. */
export function teamMembersPageQuery(
  db: Database,
  input: { orgId: string; teamId: string; callerId: SQL; limit: number; after?: CursorKey },
) {
  const inTeam = and(
    eq(teamMembers.teamId, input.teamId),
    sql`EXISTS (SELECT 1 FROM teams ot WHERE ot.id = ${input.teamId} AND ot.organization_id = ${input.orgId})`,
    isViewerOf(input.orgId, input.callerId),
  );
  return db
    .select({
      userId: teamMembers.userId,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
      orgRole: sql<MemberRole | null>`${orgMembers.role}`.as("org_role"),
      disabled: orgMembers.disabled,
      joinedAt: orgMembers.joinedAt,
      lastSeenAt: orgMembers.lastSeenAt,
      teamRole: sql<TeamRole>`${teamMembers.role}`.as("team_role"),
      teamsCount: sql<number>`(SELECT COUNT(*) FROM team_members x JOIN teams y ON y.id = x.team_id
        WHERE x.user_id = ${teamMembers.userId} AND y.organization_id = ${input.orgId})`.as(
        "teams_count",
      ),
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.organizationId, input.orgId), eq(orgMembers.userId, teamMembers.userId)),
    )
    .where(input.after ? and(inTeam, keysetAfter([teamMembers.userId], input.after)) : inTeam)
    .orderBy(asc(teamMembers.userId))
    .limit(input.limit + 1);
}

/** Queries (one per chunk) returning which of `userIds` are members of the organization. */
export function orgMembersAmongQueries(db: Database, orgId: string, userIds: readonly string[]) {
  return chunked([...new Set(userIds)]).map((chunk) =>
    db
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .where(and(eq(orgMembers.organizationId, orgId), inArray(orgMembers.userId, chunk))),
  );
}

/** Queries (one per chunk) resolving user ids or e-mail addresses to organization members. */
export function orgMembersByIdentifierQueries(
  db: Database,
  orgId: string,
  identifiers: readonly string[],
) {
  const unique = [...new Set(identifiers.map(normalizeIdentifier))];
  return chunked(unique).map((chunk) => {
    const emails = chunk.filter((v) => v.includes("@"));
    const ids = chunk.filter((v) => !v.includes("@"));
    const match: SQL[] = [];
    if (ids.length) match.push(inArray(users.id, ids));
    if (emails.length) match.push(inArray(users.email, emails));
    return db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(
        orgMembers,
        and(eq(orgMembers.userId, users.id), eq(orgMembers.organizationId, orgId)),
      )
      .where(sql.join(match, sql` OR `));
  });
}

/** A user identifier as matched: e-mail addresses compare lowercased, ids as given. */
export function normalizeIdentifier(value: string): string {
  return value.includes("@") ? value.trim().toLowerCase() : value;
}

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
  const results = await db.batch([
    db.insert(teams).values({ ...values, titleLower: input.title.toLowerCase() }),
    db
      .update(organizations)
      .set({ teamsCount: sql`${organizations.teamsCount} + 1` })
      .where(eq(organizations.id, input.orgId)),
    ...addStatements(db, id, [...new Set(input.memberIds)], "member", now),
    db.select().from(teams).where(eq(teams.id, id)),
  ]);
  return (results[results.length - 1] as TeamRow[])[0]!;
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
