import { and, eq, or, sql, type Column, type SQL } from "drizzle-orm";
import { collections, contentGrants, spaces } from "../db/schema";
import { MEMBER_ROLES, type DefaultLevel } from "../lib/roles";

// The access rule on content in SQL (docs/architecture.md, "Effective role on content"), as
// functions of plain SQL inputs: the per-request drizzle statements, the prepared selects and
// the statement text written once per isolate (access-rows.ts) are all made of these, so each
// piece of the rule has one definition. `effectiveRole` (content-role.ts) is the same rule over
// loaded rows.

/** SQL list of ids (`NULL` when empty, so `IN (...)` matches nothing). */
function idList(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`NULL`;
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * SQL selecting the ids of the given collections and of all their ancestors in the same
 * organization. `anchor` selects the starting ids (a list or a subquery).
 */
export function ancestorIdsSql(anchor: readonly string[] | SQL): SQL {
  const start = Array.isArray(anchor) ? idList(anchor) : (anchor as SQL);
  return sql`WITH RECURSIVE up(id, parent_id, organization_id) AS (
    SELECT id, parent_id, organization_id FROM collections WHERE id IN (${start})
    UNION
    SELECT p.id, p.parent_id, p.organization_id FROM up
      CROSS JOIN collections p ON p.id = up.parent_id AND p.organization_id = up.organization_id
  ) SELECT id FROM up`;
}

/** SQL over `collections`: the collection is one of `ancestorIdsSql(anchor)`. */
export function inAncestrySql(anchor: readonly string[] | SQL): SQL {
  return sql`${collections.id} IN (${ancestorIdsSql(anchor)})`;
}

/** SQL selecting the teams of the user `userId`: the team half of a grant principal. */
function teamsOfSql(userId: SQL): SQL {
  return sql`SELECT team_id FROM team_members WHERE user_id = ${userId}`;
}

/**
 * SQL over `content_grants`: the grant's principal is the user `callerId` (SQL, e.g.
 * `callerUserId(c)`) or one of their teams.
 */
export function principalSql(callerId: SQL): SQL {
  return or(
    and(eq(contentGrants.principalType, "user"), eq(contentGrants.principalId, callerId)),
    and(
      eq(contentGrants.principalType, "team"),
      sql`${contentGrants.principalId} IN (${teamsOfSql(callerId)})`,
    ),
  )!;
}

/**
 * SQL over `content_grants`: the grants of the user `callerId` (or their teams) on the resources
 * of one type selected by `ids` (SQL).
 */
export function grantsOnSql(callerId: SQL, resourceType: "collection" | "space", ids: SQL): SQL {
  return and(
    eq(contentGrants.resourceType, resourceType),
    sql`${contentGrants.resourceId} IN (${ids})`,
    principalSql(callerId),
  )!;
}

/**
 * SQL rank of a grant's `role` column: its index in `MEMBER_ROLES` (what `roleRank` gives in
 * JavaScript), for MAX() over grants; -1 stands for "no grant" wherever ranks are compared.
 */
const GRANT_RANK: SQL = sql.raw(
  `CASE role ${MEMBER_ROLES.map((r, i) => `WHEN '${r}' THEN ${i}`).join(" ")} END`,
);

/**
 * Subquery `v(v_id, v_level, v_rank)` over every collection of an organization (only the
 * top-level ones unless `nested`) for the user `callerId`: `v_level` is the first non-inherit
 * default level up the chain ("inherit" if none: the organization role), `v_rank` the rank of the
 * caller's highest grant on it or an ancestor (-1: none). It is `effectiveRole` computed top-down
 * for a whole tree, so it costs a read of every collection of the organization; lists use it
 * only when some collection is hidden from the caller.
 */
export function visibleTreeSql(callerId: SQL, organizationId: string | SQL, nested: boolean): SQL {
  const children = nested
    ? sql`UNION ALL
      SELECT c.id, CASE WHEN c.default_level = 'inherit' THEN tree.level ELSE c.default_level END,
        MAX(tree.grant_rank, COALESCE(m.rank, -1))
      FROM tree CROSS JOIN collections c
        ON c.organization_id = ${organizationId} AND c.parent_id = tree.id
      LEFT JOIN mine m ON m.resource_id = c.id`
    : sql``;
  // The caller's grants are read through the principal index (user, then each of their teams);
  // CROSS JOIN keeps SQLite walking from the tree to the children through the parent index.
  return sql`(WITH RECURSIVE
    held(resource_id, role) AS (
      SELECT resource_id, role FROM content_grants
        WHERE principal_type = 'user' AND principal_id = ${callerId} AND resource_type = 'collection'
      UNION ALL
      SELECT resource_id, role FROM content_grants
        WHERE principal_type = 'team' AND resource_type = 'collection'
          AND principal_id IN (${teamsOfSql(callerId)})),
    mine(resource_id, rank) AS MATERIALIZED (
      SELECT resource_id, MAX(${GRANT_RANK}) FROM held GROUP BY resource_id),
    tree(id, level, grant_rank) AS (
      SELECT c.id, c.default_level, COALESCE(m.rank, -1) FROM collections c
        LEFT JOIN mine m ON m.resource_id = c.id
        WHERE c.organization_id = ${organizationId} AND c.parent_id IS NULL
      ${children})
    SELECT id AS v_id, level AS v_level, grant_rank AS v_rank FROM tree) v`;
}

/**
 * SQL: a default level and a grant rank give a role. Guests have only their grants; members
 * also the default path (a level that is not null).
 */
export function hasRoleSql(isGuest: boolean, level: SQL, rank: SQL): SQL {
  return isGuest ? sql`${rank} >= 0` : sql`(${level} IS NOT NULL OR ${rank} >= 0)`;
}

/** SQL over `visibleTreeSql`'s `v`: the collections the caller sees. */
export function visibleSql(isGuest: boolean): SQL {
  return hasRoleSql(isGuest, sql`v.v_level`, sql`v.v_rank`);
}

/** SQL: the rank of the caller's highest grant on the space `spaceId` (-1: none). */
export function spaceGrantRankSql(spaceId: SQL | Column, callerId: SQL): SQL<number> {
  return sql<number>`COALESCE((SELECT MAX(${GRANT_RANK}) FROM content_grants
    WHERE resource_type = 'space' AND resource_id = ${spaceId} AND ${principalSql(callerId)}), -1)`;
}

/** What a space inherits from its parent collection, as SQL: a default level and a grant rank. */
export interface InheritedSql {
  level: SQL;
  rank: SQL;
}

/** What a space inherits when `visibleTreeSql`'s `v` is joined on its parent collection. */
export const FROM_VISIBLE_TREE: InheritedSql = {
  level: sql`CASE WHEN v.v_id IS NULL THEN 'inherit' ELSE v.v_level END`,
  rank: sql`COALESCE(v.v_rank, -1)`,
};

/**
 * SQL over `spaces`: the inputs of the caller's effective role on the space, as `effectiveRole`
 * takes them: the space's default level (else what its collection passes down) and the highest
 * rank of the caller's grants on the space and on its collection chain.
 */
export function spaceRoleSql(inherited: InheritedSql, callerId: SQL) {
  const level = sql<DefaultLevel>`CASE WHEN ${spaces.defaultLevel} IS NOT 'inherit' THEN ${spaces.defaultLevel} ELSE ${inherited.level} END`;
  const rank = sql<number>`MAX(${inherited.rank}, ${spaceGrantRankSql(spaces.id, callerId)})`;
  return { level, rank };
}

/** SQL over `spaces` (with `inherited` joined): the caller, a guest or not, sees the space. */
export function visibleSpaceSql(isGuest: boolean, inherited: InheritedSql, callerId: SQL): SQL {
  const { level, rank } = spaceRoleSql(inherited, callerId);
  return hasRoleSql(isGuest, level, rank);
}
