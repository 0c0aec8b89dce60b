import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgMembers, users } from "../../db/schema/index";
import { notBot } from "../integrations/bots";
import { conflict, notFound } from "../../lib/errors";
import type { ListMembersInput, UpdateMemberInput } from "../../api/members";
import type { BatchItem } from "drizzle-orm/batch";
import { plan, runStatements, type Plan } from "../../db/plan";

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
  sso: sql<number>`EXISTS (SELECT 1 FROM sso_members s
    WHERE s.organization_id = ${orgMembers.organizationId} AND s.user_id = ${orgMembers.userId})`.as(
    "sso",
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

/** A member list's keyset position: the row's sort value (as `sortKey`), then its user id. */
export type MemberKey = readonly [string, string];

/** "Rows strictly after `key`" on (sort expression, user id), in the list's direction. */
function memberKeyset(sort: SQL, key: MemberKey, order: "asc" | "desc"): SQL {
  const [value, userId] = key;
  return order === "asc"
    ? sql`(${sort}, ${orgMembers.userId}) > (${value}, ${userId})`
    : sql`(${sort}, ${orgMembers.userId}) < (${value}, ${userId})`;
}

function memberRowsQuery(
  db: Database,
  filter: SQL | undefined,
  sort: SQL,
  input: ListMembersInput,
  after?: MemberKey,
) {
  const direction = input.order === "asc" ? asc : desc;
  return db
    .select({ ...memberColumns, sortKey: sql<string>`${sort}`.as("sort_key") })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(after ? and(filter, memberKeyset(sort, after, input.order)) : filter)
    .orderBy(direction(sort), direction(orgMembers.userId))
    .limit(input.limit + 1);
}

function memberCountQuery(db: Database, filter: SQL | undefined) {
  return db
    .select({ n: count() })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(filter);
}

/** A statement counting a list's rows (one row, `n`). */
type CountQuery = BatchItem<"sqlite"> & PromiseLike<{ n: number }[]>;

/** The statements of a list page: its rows, and its count when filtered. */
type CountedPage<R> = { rows: R } | { rows: R; total: CountQuery };

/**
 * A page of a list with its exact count when filtered (`total`), as a plan for the access
 * check's round trip; without `total`, `count` is null (the organization's counter, read by the
 * access check). Members and teams list this way.
 */
export function countedPagePlan<R extends BatchItem<"sqlite">>(
  rows: R,
  total: CountQuery | null,
): Plan<CountedPage<R>, { rows: Awaited<R>; count: number | null }> {
  const statements: CountedPage<R> = total ? { rows, total } : { rows };
  return plan(statements, (results) => ({
    rows: results.rows,
    count: "total" in results ? (results.total[0]?.n ?? 0) : null,
  }));
}

/**
 * A page of an organization's members (guests and disabled members included; installations'
 * bots are not people and never listed) with its exact
 * count, as a plan for the access check's round trip: a filtered list counts its filter; for the
 * unfiltered one `count` is null (the organization's counter, read by the access check).
 */
export function memberListPlan(
  db: Database,
  organizationId: string,
  input: ListMembersInput,
  after?: MemberKey,
) {
  const sort = SORT_KEYS[input.sort];
  const needle = input.search?.toLowerCase();
  const filter = and(
    eq(orgMembers.organizationId, organizationId),
    notBot(orgMembers.userId),
    input.role === "guest"
      ? isNull(orgMembers.role)
      : input.role
        ? eq(orgMembers.role, input.role)
        : undefined,
    needle
      ? sql`(instr(lower(${users.displayName}), ${needle}) > 0 OR instr(lower(${users.email}), ${needle}) > 0)`
      : undefined,
  );
  const rows = memberRowsQuery(db, filter, sort, input, after);
  return countedPagePlan(rows, !input.role && !needle ? null : memberCountQuery(db, filter));
}

/** One member of an organization with their user, or undefined (one round trip). */
export async function getMember(db: Database, organizationId: string, userId: string) {
  const [rows] = await db.batch([memberQuery(db, organizationId, userId)]);
  return rows[0];
}

/** The statement reading one member with their user. */
function memberQuery(db: Database, organizationId: string, userId: string) {
  return db
    .select(memberColumns)
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(
      and(
        eq(orgMembers.organizationId, organizationId),
        eq(orgMembers.userId, userId),
        notBot(orgMembers.userId),
      ),
    )
    .limit(1);
}

/**
 * SQL true unless the membership row is the organization's last enabled admin: the guard of every
 * change that could leave an organization without one (a demotion, a disable, a removal).
 */
export function notLastAdmin(organizationId: string): SQL {
  return sql`NOT (${orgMembers.role} IS 'admin' AND ${orgMembers.disabled} = 0 AND
    (SELECT COUNT(*) FROM org_members a WHERE a.organization_id = ${organizationId}
      AND a.role = 'admin' AND a.disabled = 0) <= 1)`;
}

/**
 * Changes a member's role (null: guest) and/or disables or enables the membership, in one
 * UPDATE. The last enabled admin can be neither demoted nor disabled (409): the guard is in the
 * UPDATE itself, so two admins demoting or disabling each other cannot both succeed. Disabling
 * ends the person's sessions in the same statement (trigger `org_members_disabled_ends_sessions`,
 * drizzle/0014), so their browsers are signed out at their next request and their live-room
 * sockets at the room's next check.
 */
export async function updateMember(
  db: Database,
  organizationId: string,
  userId: string,
  input: UpdateMemberInput,
) {
  const { role, disabled } = input;
  const set = {
    ...(role !== undefined ? { role } : {}),
    ...(disabled !== undefined ? { disabled } : {}),
  };
  const target = and(
    eq(orgMembers.organizationId, organizationId),
    eq(orgMembers.userId, userId),
    notBot(orgMembers.userId),
  );
  // Only a change that may leave no enabled admin needs the guard.
  const mayLoseAdmin = (role !== undefined && role !== "admin") || disabled === true;
  const { member } = await runStatements(db, {
    ...(Object.keys(set).length > 0
      ? {
          update: db
            .update(orgMembers)
            .set(set)
            .where(mayLoseAdmin ? and(target, notLastAdmin(organizationId)) : target),
        }
      : {}),
    member: memberQuery(db, organizationId, userId),
  });
  const row = member[0];
  if (!row) throw notFound("Member");
  if (disabled !== undefined && row.disabled !== disabled) {
    throw conflict("The last admin of an organization cannot be disabled; promote another first");
  }
  if (role !== undefined && (row.role ?? null) !== role) {
    throw conflict("The last admin of an organization cannot be demoted; promote another first");
  }
  return row;
}
