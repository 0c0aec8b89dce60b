import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  collections,
  contentGrants,
  linkInvites,
  organizations,
  orgMembers,
  spaces,
  teamMembers,
  teams,
  users,
} from "../../db/schema/index";
import type { MemberRole } from "../../lib/roles";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import type { ListMembersInput } from "../../api/members";

/**
 * The member columns every member presentation needs, with the member's team count (CROSS JOIN
 * keeps SQLite starting from the member's few team rows, not from every team of the organization).
 */
const memberColumns = {
  role: orgMembers.role,
  disabled: orgMembers.disabled,
  joinedAt: orgMembers.joinedAt,
  lastSeenAt: orgMembers.lastSeenAt,
  teamsCount:
    sql<number>`(SELECT COUNT(*) FROM team_members tm CROSS JOIN teams t ON t.id = tm.team_id
    WHERE tm.user_id = ${orgMembers.userId} AND t.organization_id = ${orgMembers.organizationId})`.as(
      "teams_count",
    ),
  user: {
    id: users.id,
    displayName: users.displayName,
    email: users.email,
    photoURL: users.photoURL,
  },
};

/** The sort expression of each member-list order; the user id breaks ties. */
const SORT_KEYS: Record<ListMembersInput["sort"], SQL> = {
  joinedAt: sql`${orgMembers.joinedAt}`,
  lastSeenAt: sql`coalesce(${orgMembers.lastSeenAt}, '')`,
  name: sql`lower(${users.displayName})`,
};

/** "Rows strictly after `key`" on (sort expression, user id), in the list's direction. */
function memberKeyset(sort: SQL, key: CursorKey, order: "asc" | "desc"): SQL {
  const [value, userId] = key;
  if (key.length !== 2 || typeof value !== "string" || typeof userId !== "string") {
    throw badRequest("query.page: invalid page cursor");
  }
  return order === "asc"
    ? sql`(${sort}, ${orgMembers.userId}) > (${value}, ${userId})`
    : sql`(${sort}, ${orgMembers.userId}) < (${value}, ${userId})`;
}

/**
 * A page of an organization's members (guests and disabled members included) with its exact
 * count, in one round trip: the unfiltered count is the organization's counter, a filtered
 * list counts its filter.
 */
export async function listMembers(
  db: Database,
  org: { id: string; membersCount: number },
  input: ListMembersInput,
  after?: CursorKey,
) {
  const sort = SORT_KEYS[input.sort];
  const needle = input.search?.toLowerCase();
  const filter = and(
    eq(orgMembers.organizationId, org.id),
    input.role === "guest"
      ? isNull(orgMembers.role)
      : input.role
        ? eq(orgMembers.role, input.role)
        : undefined,
    needle
      ? sql`(instr(lower(${users.displayName}), ${needle}) > 0 OR instr(lower(${users.email}), ${needle}) > 0)`
      : undefined,
  );
  const direction = input.order === "asc" ? asc : desc;
  const rowsQuery = db
    .select({ ...memberColumns, sortKey: sql<string>`${sort}`.as("sort_key") })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(after ? and(filter, memberKeyset(sort, after, input.order)) : filter)
    .orderBy(direction(sort), direction(orgMembers.userId))
    .limit(input.limit + 1);
  if (!input.role && !needle) {
    const [rows] = await db.batch([rowsQuery]);
    return { rows, count: org.membersCount };
  }
  const [rows, total] = await db.batch([
    rowsQuery,
    db
      .select({ n: count() })
      .from(orgMembers)
      .innerJoin(users, eq(users.id, orgMembers.userId))
      .where(filter),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** One member of an organization with their user, or undefined. */
export async function getMember(db: Database, organizationId: string, userId: string) {
  const [rows] = await db.batch([memberQuery(db, organizationId, userId)]);
  return rows[0];
}

function memberQuery(db: Database, organizationId: string, userId: string) {
  return db
    .select(memberColumns)
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId)))
    .limit(1);
}

/** SQL true unless the membership row is the organization's last enabled admin. */
function notLastAdmin(organizationId: string): SQL {
  return sql`NOT (${orgMembers.role} IS 'admin' AND ${orgMembers.disabled} = 0 AND
    (SELECT COUNT(*) FROM org_members a WHERE a.organization_id = ${organizationId}
      AND a.role = 'admin' AND a.disabled = 0) <= 1)`;
}

/**
 * Changes a member's role (null: guest). The last enabled admin cannot be demoted (409); the
 * guard is in the UPDATE itself, so two admins demoting each other cannot both succeed.
 */
export async function updateMemberRole(
  db: Database,
  organizationId: string,
  userId: string,
  role: MemberRole | null,
) {
  const target = and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId));
  const [, rows] = await db.batch([
    db
      .update(orgMembers)
      .set({ role })
      .where(role === "admin" ? target : and(target, notLastAdmin(organizationId))),
    memberQuery(db, organizationId, userId),
  ]);
  const row = rows[0];
  if (!row) throw notFound("Member");
  if ((row.role ?? null) !== role) {
    throw conflict("The last admin of an organization cannot be demoted; promote another first");
  }
  return row;
}

/**
 * Removes a member with their team memberships (team counters kept exact) and their grants on
 * the organization's collections and spaces, in one batch. The last enabled admin cannot leave
 * (409); removing a non-member changes nothing.
 */
export async function removeMember(db: Database, organizationId: string, userId: string) {
  const gone = sql`NOT EXISTS (SELECT 1 FROM org_members m WHERE m.organization_id = ${organizationId}
    AND m.user_id = ${userId})`;
  const orgTeams = db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  // The user's explicit grants on the organization's content go with the membership.
  const dropGrants = (type: "collection" | "space", ids: SQLWrapper) =>
    db
      .delete(contentGrants)
      .where(
        and(
          eq(contentGrants.principalType, "user"),
          eq(contentGrants.principalId, userId),
          eq(contentGrants.resourceType, type),
          inArray(contentGrants.resourceId, ids),
          gone,
        ),
      );
  const results = await db.batch([
    db
      .delete(orgMembers)
      .where(
        and(
          eq(orgMembers.organizationId, organizationId),
          eq(orgMembers.userId, userId),
          notLastAdmin(organizationId),
        ),
      ),
    db
      .update(organizations)
      .set({ membersCount: sql`${organizations.membersCount} - changes()` })
      .where(eq(organizations.id, organizationId)),
    db
      .update(teams)
      .set({ membersCount: sql`${teams.membersCount} - 1` })
      .where(
        and(
          eq(teams.organizationId, organizationId),
          inArray(
            teams.id,
            db
              .select({ id: teamMembers.teamId })
              .from(teamMembers)
              .where(eq(teamMembers.userId, userId)),
          ),
          gone,
        ),
      ),
    db
      .delete(teamMembers)
      .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, orgTeams), gone)),
    dropGrants(
      "collection",
      db
        .select({ id: collections.id })
        .from(collections)
        .where(eq(collections.organizationId, organizationId)),
    ),
    dropGrants(
      "space",
      db.select({ id: spaces.id }).from(spaces).where(eq(spaces.organizationId, organizationId)),
    ),
    db
      .select({ role: orgMembers.role })
      .from(orgMembers)
      .where(and(eq(orgMembers.organizationId, organizationId), eq(orgMembers.userId, userId))),
  ]);
  if (results[6].length > 0) {
    throw conflict("The last admin of an organization cannot leave it; promote another first");
  }
}

/** A page of an organization's invite links, newest first, with their exact count. */
export async function listInvites(
  db: Database,
  organizationId: string,
  limit: number,
  after?: CursorKey,
) {
  const mine = eq(linkInvites.organizationId, organizationId);
  const keys = [linkInvites.createdAt, linkInvites.id];
  const [rows, total] = await db.batch([
    db
      .select()
      .from(linkInvites)
      .where(after ? and(mine, keysetAfter(keys, after, "desc")) : mine)
      .orderBy(desc(linkInvites.createdAt), desc(linkInvites.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(linkInvites).where(mine),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** Creates an invite link: whoever holds it may join the organization with `role`. */
export async function createInvite(
  db: Database,
  input: { organizationId: string; role: MemberRole | null; createdBy: string },
) {
  const [row] = await db
    .insert(linkInvites)
    .values({ id: newId(), ...input, createdAt: nowIso() })
    .returning();
  return row!;
}

/** Deletes an invite link of the organization; an absent one changes nothing. */
export async function deleteInvite(db: Database, organizationId: string, inviteId: string) {
  await db
    .delete(linkInvites)
    .where(and(eq(linkInvites.organizationId, organizationId), eq(linkInvites.id, inviteId)));
}
