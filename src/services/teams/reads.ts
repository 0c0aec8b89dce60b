import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgMembers, teamMembers, teams, users } from "../../db/schema/index";
import { plan } from "../../db/plan";
import type { MemberRole, TeamRole } from "../../lib/roles";
import { UnknownReference } from "../../lib/errors";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import type { MembershipPlan } from "./teams";
import { chunked } from "../../db/chunked";
import { countedPagePlan } from "../members/members";
import { notBot } from "../integrations/bots";

/** The filters of the team list. */
interface TeamListFilter {
  title?: string;
  owner?: string;
}

/** The WHERE clause shared by a team page and its filtered count. */
function teamListWhere(orgId: string, filter: TeamListFilter): SQL {
  const parts: SQL[] = [eq(teams.organizationId, orgId)];
  if (filter.title) parts.push(sql`instr(${teams.titleLower}, ${filter.title.toLowerCase()}) > 0`);
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
function isViewerOf(orgId: string, userId: SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM org_members v WHERE v.organization_id = ${orgId}
    AND v.user_id = ${userId} AND v.role IS NOT NULL AND v.disabled = 0)`;
}

/**
 * One page of an organization's teams ordered by (title_lower, id), each with the caller's team
 * role; rows are read only when the caller may list teams (`viewer`).
 */
function teamPageQuery(
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
function teamCountQuery(db: Database, orgId: string, callerId: SQL, filter: TeamListFilter) {
  return db
    .select({ n: count() })
    .from(teams)
    .where(and(teamListWhere(orgId, filter), isViewerOf(orgId, callerId)));
}

/**
 * A page of an organization's teams: the rows, and the exact count when filtered (`count` null:
 * the unfiltered count is the organization's counter, read by the access check).
 */
export function teamListPlan(
  db: Database,
  input: { orgId: string; callerId: SQL; filter: TeamListFilter; limit: number; after?: CursorKey },
) {
  const filtered = Boolean(input.filter.title || input.filter.owner);
  const total = filtered ? teamCountQuery(db, input.orgId, input.callerId, input.filter) : null;
  return countedPagePlan(teamPageQuery(db, input), total);
}

/** One page of a team's members with their organization membership, ordered by user id. */
export function teamMembersPagePlan(
  db: Database,
  input: { orgId: string; teamId: string; callerId: SQL; limit: number; after?: CursorKey },
) {
  const inTeam = and(
    eq(teamMembers.teamId, input.teamId),
    notBot(teamMembers.userId),
    sql`EXISTS (SELECT 1 FROM teams ot WHERE ot.id = ${input.teamId} AND ot.organization_id = ${input.orgId})`,
    isViewerOf(input.orgId, input.callerId),
  );
  const rows = db
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
  return plan({ rows }, (results) => results.rows);
}

/** Names a list of chunk statements, so they run in a plan and read back by name. */
function byChunk<Q>(queries: Q[]): Record<string, Q> {
  return Object.fromEntries(queries.map((query, i) => [`chunk${i}`, query]));
}

/** Which of `userIds` are members of the organization (one statement per chunk). */
export function orgMembersAmongPlan(db: Database, orgId: string, userIds: readonly string[]) {
  const queries = chunked([...new Set(userIds)]).map((chunk) =>
    db
      .select({ userId: orgMembers.userId })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.organizationId, orgId),
          inArray(orgMembers.userId, chunk),
          notBot(orgMembers.userId),
        ),
      ),
  );
  return plan(
    byChunk(queries),
    (results) =>
      new Set(
        Object.values(results)
          .flat()
          .map((r) => r.userId),
      ),
  );
}

/** A user identifier as matched: e-mail addresses compare lowercased, ids as given. */
function normalizeIdentifier(value: string): string {
  return value.includes("@") ? value.trim().toLowerCase() : value;
}

/**
 * Resolves user ids or e-mail addresses to organization members (one statement per chunk);
 * `finish` gives the member's id by identifier (id or stored e-mail).
 */
export function orgMembersByIdentifierPlan(
  db: Database,
  orgId: string,
  identifiers: readonly string[],
) {
  const unique = [...new Set(identifiers.map(normalizeIdentifier))];
  const queries = chunked(unique).map((chunk) => {
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
      .where(and(sql`(${sql.join(match, sql` OR `)})`, notBot(users.id)));
  });
  return plan(byChunk(queries), (results) => {
    const byIdentifier = new Map<string, string>();
    for (const u of Object.values(results).flat()) {
      byIdentifier.set(u.id, u.id);
      byIdentifier.set(u.email, u.id);
    }
    return byIdentifier;
  });
}

/** The body of a bulk team membership update, as the route validated it. */
interface MembershipUpdate {
  add: readonly string[];
  remove: readonly string[];
  memberships: Record<string, { role: TeamRole }>;
}

/**
 * Turns a bulk update into a membership plan: every identifier (user id or e-mail) must name a
 * member of the organization (400 naming the field); removal wins over `add` and `memberships`.
 */
export function membershipChange(
  byIdentifier: ReadonlyMap<string, string>,
  update: MembershipUpdate,
): MembershipPlan {
  const resolve = (value: string, field: string) => {
    const id = byIdentifier.get(normalizeIdentifier(value));
    if (!id) throw new UnknownReference(field, "not a member of this organization");
    return id;
  };
  const removed = new Set(update.remove.map((v, i) => resolve(v, `remove[${i}]`)));
  const added = update.add.map((v, i) => resolve(v, `add[${i}]`));
  const roles = new Map<string, TeamRole>();
  for (const [key, { role }] of Object.entries(update.memberships)) {
    const id = resolve(key, `memberships.${key}`);
    if (!removed.has(id)) roles.set(id, role);
  }
  return {
    add: [...new Set(added)].filter((id) => !removed.has(id) && !roles.has(id)),
    roles,
    remove: [...removed],
  };
}
