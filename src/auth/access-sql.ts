import { and, eq, or, sql, type Column, type SQL } from "drizzle-orm";
import { collections, contentGrants, spaces } from "../db/schema";
import { jsonObjectSql, jsonValue } from "../db/json-row";
import type { CollectionRow } from "../db/schema";
import type { CallerGrant, RoleRows } from "./role-types";
import { MEMBER_ROLES, type DefaultLevel } from "../lib/roles";
import { CALLER_KINDS, DEFAULT_LEVELS, SEES, kindOf, type CallerKind } from "./role-rule";

// The access rule on content in SQL (docs/architecture.md, "A space's effective role"), as
// functions of plain SQL inputs: the per-request drizzle statements, the prepared selects and
// the statement text written once per isolate (access-rows.ts) are all made of these, so each
// piece of the rule has one definition. Its cases are not written here but worked out from the
// one rule of role-rule.ts (`SEES`, `kindOf`, `levelBelow`), which `effectiveRole` runs over
// loaded rows; the role inputs those rows hold come from one producer too (`roleRowsSql`).

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
 * of one type selected by `ids` (SQL); also a site's grants (`src/auth/site-role.ts`).
 */
export function grantsOnSql(
  callerId: SQL,
  resourceType: "collection" | "space" | "site",
  ids: SQL | { one: SQL },
): SQL {
  return and(
    eq(contentGrants.resourceType, resourceType),
    "one" in ids
      ? sql`${contentGrants.resourceId} = ${ids.one}`
      : sql`${contentGrants.resourceId} IN (${ids})`,
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

/** SQL: the level a resource passes down (`levelBelow`): its own unless it inherits. */
function levelBelowSql(own: SQL, inherited: SQL): SQL {
  return sql`CASE WHEN ${own} IS NOT 'inherit' THEN ${own} ELSE ${inherited} END`;
}

/**
 * Subquery `v(v_id, v_level, v_rank)` over every collection of an organization (only the
 * top-level ones unless `nested`) for the user `callerId`: `v_level` is the level the collection
 * passes down (`levelBelow` from the top; "inherit" if none is set: the organization role),
 * `v_rank` the rank of the caller's highest grant on it or an ancestor (-1: none). It is
 * `effectiveRole`'s inputs computed top-down for a whole tree, so it costs a read of every
 * collection of the organization; lists use it only when some collection is hidden from the caller.
 */
export function visibleTreeSql(callerId: SQL, organizationId: string | SQL, nested: boolean): SQL {
  const children = nested
    ? sql`UNION ALL
      SELECT c.id, ${levelBelowSql(sql`c.default_level`, sql`tree.level`)},
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
      SELECT c.id, ${levelBelowSql(sql`c.default_level`, sql`'inherit'`)}, COALESCE(m.rank, -1)
        FROM collections c
        LEFT JOIN mine m ON m.resource_id = c.id
        WHERE c.organization_id = ${organizationId} AND c.parent_id IS NULL
      ${children})
    SELECT id AS v_id, level AS v_level, grant_rank AS v_rank FROM tree) v`;
}

/** SQL literal of a level (a role, or the text 'inherit'), never null. */
function literal(value: string | number): SQL {
  return sql.raw(typeof value === "number" ? String(value) : `'${value}'`);
}

/**
 * SQL: `expr` holds one of `values` (of `domain`, every value it can hold), in the form SQLite
 * plans best: `1`/`0` for all/none, `IS NULL`/`IS NOT NULL` when only null is in or out.
 */
function oneOfSql<T extends string | number | null>(
  expr: SQL,
  values: readonly T[],
  domain: readonly T[],
): SQL {
  const out = domain.filter((v) => !values.includes(v));
  if (out.length === 0) return sql`1`;
  if (values.length === 0) return sql`0`;
  if (out.length === 1 && out[0] === null) return sql`${expr} IS NOT NULL`;
  const numbers = values.filter((v): v is T & number => typeof v === "number");
  if (numbers.length === values.length && out.every((v) => typeof v === "number")) {
    // Ranks: every rank from the lowest one in is in (`>=`, as roles rank upwards).
    const least = Math.min(...numbers);
    if (out.every((v) => (v as number) < least)) return sql`${expr} >= ${literal(least)}`;
  }
  const listed = values.filter((v): v is Exclude<T, null> => v !== null);
  const inList = sql`${expr} IN (${sql.join(listed.map(literal), sql`, `)})`;
  if (listed.length === values.length) return listed.length ? inList : sql`0`;
  return listed.length ? sql`(${expr} IS NULL OR ${inList})` : sql`${expr} IS NULL`;
}

/** Every rank a grant-rank expression holds (-1: no grant). */
const RANK_DOMAIN: readonly number[] = [-1, ...MEMBER_ROLES.map((_, i) => i)];

/**
 * SQL: a caller of `kind` has a role, given the level the resource resolves to and the rank of
 * their best grant: the cases `SEES` works out from `roleOf` (members: a level that is not null,
 * or a grant; guests: a grant; admins: always).
 */
export function hasRoleSql(kind: CallerKind, level: SQL, rank: SQL): SQL {
  const { levels, ranks } = SEES[kind];
  const byLevel = oneOfSql(level, levels, DEFAULT_LEVELS);
  const byRank = oneOfSql(rank, ranks, RANK_DOMAIN);
  return sql`(${byLevel} OR ${byRank})`;
}

/** SQL: the kind (`kindOf`) of a caller whose organization role is `role` (SQL; null: a guest). */
export function kindSql(role: SQL): SQL<CallerKind> {
  const cases = CALLER_KINDS.map((kind) => {
    const roles = MEMBER_ROLES.filter((r) => kindOf({ orgRole: r, isGuest: false }) === kind);
    return roles.length
      ? sql`WHEN ${role} IN (${sql.join(roles.map(literal), sql`, `)}) THEN ${literal(kind)}`
      : sql``;
  });
  const none = literal(kindOf({ orgRole: null, isGuest: true }));
  return sql<CallerKind>`CASE WHEN ${role} IS NULL THEN ${none} ${sql.join(cases, sql` `)} END`;
}

/** SQL: `hasRoleSql` for the kind `kind` holds (SQL, `kindSql`): decided in the statement. */
export function hasRoleOfKindSql(kind: SQL, level: SQL, rank: SQL): SQL {
  const cases = CALLER_KINDS.map((k) => sql`WHEN ${literal(k)} THEN ${hasRoleSql(k, level, rank)}`);
  return sql`CASE ${kind} ${sql.join(cases, sql` `)} END`;
}

/** SQL over `visibleTreeSql`'s `v`: the collections a caller of `kind` sees. */
export function visibleSql(kind: CallerKind): SQL {
  return hasRoleSql(kind, sql`v.v_level`, sql`v.v_rank`);
}

/** SQL: the rank of the caller's highest grant on the space `spaceId` (-1: none). */
function spaceGrantRankSql(spaceId: SQL | Column, callerId: SQL): SQL<number> {
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
 * SQL over `spaces`: the inputs of the caller's effective role on the space, as `roleOf` takes
 * them: the level it resolves to (`levelBelow` of its own and what its collection passes down)
 * and the highest rank of the caller's grants on the space and on its collection chain.
 */
export function spaceRoleSql(inherited: InheritedSql, callerId: SQL) {
  const level = sql<DefaultLevel>`${levelBelowSql(sql`${spaces.defaultLevel}`, inherited.level)}`;
  const rank = sql<number>`MAX(${inherited.rank}, ${spaceGrantRankSql(spaces.id, callerId)})`;
  return { level, rank };
}

/** SQL over `spaces` (with `inherited` joined): a caller of `kind` sees the space. */
export function visibleSpaceSql(kind: CallerKind, inherited: InheritedSql, callerId: SQL): SQL {
  const { level, rank } = spaceRoleSql(inherited, callerId);
  return hasRoleSql(kind, level, rank);
}

/**
 * SQL: how many live spaces of the organization a member (not an admin, not a guest) does not
 * see, `NOT visibleSpaceSql("member", …)`, without reading them all: a space can be hidden only
 * when the level it resolves to is one `SEES.member` does not count (null), its own (found
 * through the level index) or inherited from a collection whose level resolves to it (found
 * from `tree`, a `visibleTreeSql` per use, through the parent index; `+` keeps the second part
 * off the level index, which would read every inheriting space). Rows read follow the hidden
 * spaces and the collections, not the organization's size.
 */
export function memberHiddenCountSql(callerId: SQL, organizationId: SQL, tree: () => SQL): SQL {
  const hiddenLevels = DEFAULT_LEVELS.filter((level) => !SEES.member.levels.includes(level));
  // A top-level space inheriting resolves to the organization role: a third path would be needed.
  if (hiddenLevels.includes("inherit")) throw new Error("memberHiddenCountSql: 'inherit' hides");
  const hidden = sql`NOT ${visibleSpaceSql("member", FROM_VISIBLE_TREE, callerId)}`;
  const own = oneOfSql(sql`${spaces.defaultLevel}`, hiddenLevels, DEFAULT_LEVELS);
  const passed = oneOfSql(sql`v.v_level`, hiddenLevels, DEFAULT_LEVELS);
  return sql`((SELECT COUNT(*) FROM spaces LEFT JOIN ${tree()} ON v.v_id = spaces.parent_id
      WHERE spaces.organization_id = ${organizationId} AND ${own}
        AND spaces.deleted_at IS NULL AND ${hidden})
    + (SELECT COUNT(*) FROM ${tree()} CROSS JOIN spaces
      ON spaces.organization_id = ${organizationId} AND spaces.parent_id = v.v_id
      WHERE ${passed} AND +spaces.default_level = 'inherit' AND +spaces.deleted_at IS NULL
        AND ${hidden}))`;
}

/** A collection of a chain as JSON (`CollectionRow` keys; its values JSON keeps as they are). */
const COLLECTION_JSON = sql.raw(jsonObjectSql(collections, "col"));

/**
 * What `roleRowsSql` reads the role inputs of: the spaces `spaceIds` selects and the collections
 * `parents` selects (SQL inside `IN (...)`: a list, a subquery; `NULL`: none), or one space by
 * its id and parent columns (a correlated read: a space at the top reads no chain at all).
 */
export type RoleRowsOf =
  | { spaceIds: SQL; parents: readonly string[] | SQL }
  | { spaceId: SQL; parentId: SQL };

/**
 * The one producer of the role inputs of spaces and collections, as one JSON text
 * (`readRoleRows` reads it back; `roleOnSpace` and `accessTo` compute with it): `chain`, the
 * parent collections and all their ancestors; `chainGrants`, the caller's grants (user or team)
 * on them; `spaceGrants`, the caller's grants on the spaces. The space check, the organization
 * search, the site reads and the collection checks and lists all read these.
 */
export function roleRowsSql(callerId: SQL, on: RoleRowsOf): SQL<string> {
  const one = "spaceId" in on;
  const chain = ancestorIdsSql(one ? on.parentId : on.parents);
  const grants = (type: "collection" | "space", ids: SQL | { one: SQL }) =>
    sql`(SELECT json_group_array(json_object('resourceId', resource_id, 'role', role))
      FROM content_grants WHERE ${grantsOnSql(callerId, type, ids)})`;
  const ifChain = (read: SQL) =>
    one ? sql`CASE WHEN ${on.parentId} IS NULL THEN NULL ELSE ${read} END` : read;
  return sql<string>`json_object(
    'chain', ${ifChain(sql`(SELECT json_group_array(${COLLECTION_JSON}) FROM collections col
      WHERE col.id IN (${chain}))`)},
    'chainGrants', ${ifChain(grants("collection", chain))},
    'spaceGrants', ${grants("space", one ? { one: on.spaceId } : on.spaceIds)})`;
}

/** Reads `roleRowsSql`'s JSON (text, or already parsed inside a JSON row) into its rows. */
export function readRoleRows(json: unknown): RoleRows {
  const value = jsonValue<Record<string, unknown>>(json) ?? {};
  return {
    tree: {
      rows: jsonValue<CollectionRow[]>(value.chain) ?? [],
      grants: jsonValue<CallerGrant[]>(value.chainGrants) ?? [],
    },
    spaceGrants: jsonValue<CallerGrant[]>(value.spaceGrants) ?? [],
  };
}
