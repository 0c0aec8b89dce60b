import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { collections, contentGrants } from "../db/schema";
import { ancestorIdsSql, principalSql } from "./grant-sql";
import { callerUserId } from "./caller";
import {
  membershipFrom,
  membershipQuery,
  type Membership,
  type MembershipRows,
} from "./organization";
import { forbidden, notFound } from "../lib/errors";
import { MEMBER_ROLES, maxRole, type DefaultLevel, type MemberRole } from "../lib/roles";
import type { CollectionRow } from "../db/schema";

/** One explicit grant to the caller (or one of their teams) on a collection. */
export interface CallerGrant {
  resourceId: string;
  role: MemberRole;
}

/** What the effective role is computed from; `chain` runs from the resource up to the top. */
export interface RoleInputs {
  orgRole: MemberRole | null;
  isGuest: boolean;
  chain: readonly { defaultLevel: DefaultLevel }[];
  grants: readonly MemberRole[];
}

/**
 * The effective role on a piece of content (docs/architecture.md, "Effective role on content"),
 * as a pure function so collections and spaces compute it the same way: organization admins are
 * admin; otherwise the highest of the default path (first non-inherit level up the chain, the
 * organization role at the top; nothing for guests) and the explicit grants. Null: invisible.
 */
export function effectiveRole({ orgRole, isGuest, chain, grants }: RoleInputs): MemberRole | null {
  if (!isGuest && orgRole === "admin") return "admin";
  let fromDefault: MemberRole | null = null;
  if (!isGuest) {
    const set = chain.find((link) => link.defaultLevel !== "inherit");
    fromDefault = set ? (set.defaultLevel as MemberRole | null) : orgRole;
  }
  return grants.reduce<MemberRole | null>((best, role) => maxRole(best, role), fromDefault);
}

/** The collections (rows) of `ancestorIdsSql(anchor)`, for chains computed in memory. */
export function ancestryQuery(db: Database, anchor: readonly string[] | SQL) {
  return db
    .select()
    .from(collections)
    .where(sql`${collections.id} IN (${ancestorIdsSql(anchor)})`);
}

/** The grants of `callerId` on the resources of one type selected by `ids` (SQL). */
export function grantsOnQuery(
  db: Database,
  callerId: SQL,
  resourceType: "collection" | "space",
  ids: SQL,
) {
  return db
    .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
    .from(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, resourceType),
        sql`${contentGrants.resourceId} IN (${ids})`,
        principalSql(callerId),
      ),
    );
}

/** The grants of `callerId` on the collections of `ancestorIdsSql(anchor)`. */
export function callerGrantsQuery(db: Database, callerId: SQL, anchor: readonly string[] | SQL) {
  return grantsOnQuery(db, callerId, "collection", ancestorIdsSql(anchor));
}

/** SQL rank of `content_grants.role` (its index in MEMBER_ROLES), for MAX() over grants. */
const GRANT_RANK = sql.raw(
  `CASE role ${MEMBER_ROLES.map((r, i) => `WHEN '${r}' THEN ${i}`).join(" ")} END`,
);

/**
 * Subquery `v(v_id, v_level, v_rank)` over every collection of an organization (only the
 * top-level ones unless `nested`) for the user `callerId` (SQL, `callerUserId(c)`): `v_level` is
 * the first non-inherit default level up the chain ("inherit" if none: the organization role),
 * `v_rank` the rank of the caller's highest grant on it or an ancestor (-1: none). It is `effectiveRole` computed top-down for a whole tree, so it
 * costs a read of every collection of the organization; lists use it only when some collection is
 * hidden from the caller.
 */
export function visibleTreeSql(callerId: SQL, organizationId: string | SQL, nested: boolean): SQL {
  const me = callerId;
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
        WHERE principal_type = 'user' AND principal_id = ${me} AND resource_type = 'collection'
      UNION ALL
      SELECT resource_id, role FROM content_grants
        WHERE principal_type = 'team' AND resource_type = 'collection'
          AND principal_id IN (SELECT team_id FROM team_members WHERE user_id = ${me})),
    mine(resource_id, rank) AS MATERIALIZED (
      SELECT resource_id, MAX(${GRANT_RANK}) FROM held GROUP BY resource_id),
    tree(id, level, grant_rank) AS (
      SELECT c.id, c.default_level, COALESCE(m.rank, -1) FROM collections c
        LEFT JOIN mine m ON m.resource_id = c.id
        WHERE c.organization_id = ${organizationId} AND c.parent_id IS NULL
      ${children})
    SELECT id AS v_id, level AS v_level, grant_rank AS v_rank FROM tree) v`;
}

/** SQL over `visibleTreeSql`'s `v`: the rows the caller sees (members also by default path). */
export function visibleSql(isGuest: boolean): SQL {
  return isGuest ? sql`v.v_rank >= 0` : sql`(v.v_rank >= 0 OR v.v_level IS NOT NULL)`;
}

/** The effective role of a `visibleTreeSql` row. */
export function roleFromTree(member: Membership, level: DefaultLevel, rank: number) {
  return effectiveRole({
    orgRole: member.orgRole,
    isGuest: member.isGuest,
    chain: [{ defaultLevel: level }],
    grants: rank >= 0 && rank < MEMBER_ROLES.length ? [MEMBER_ROLES[rank]!] : [],
  });
}

/** The chain from a collection up to its top ancestor, out of `ancestryQuery` rows. */
export function chainOf(rows: readonly CollectionRow[], id: string): CollectionRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: CollectionRow[] = [];
  const seen = new Set<string>();
  for (let cur = byId.get(id); cur && !seen.has(cur.id); ) {
    chain.push(cur);
    seen.add(cur.id);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return chain;
}

/** A visible collection: its chain, the caller's grants on it and the effective role. */
export interface CollectionAccess {
  collection: CollectionRow;
  chain: CollectionRow[];
  grants: MemberRole[];
  role: MemberRole;
}

/**
 * The caller's access to one collection of the member's organization, from loaded rows; null
 * when it does not exist there or the caller cannot see it (the two look the same).
 */
export function accessTo(
  member: Membership,
  rows: readonly CollectionRow[],
  grants: readonly CallerGrant[],
  id: string,
): CollectionAccess | null {
  const chain = chainOf(rows, id);
  const collection = chain[0];
  if (!collection || collection.organizationId !== member.org.id) return null;
  const ids = new Set(chain.map((c) => c.id));
  const held = grants.filter((g) => ids.has(g.resourceId)).map((g) => g.role);
  const role = effectiveRole({ ...member, chain, grants: held });
  return role ? { collection, chain, grants: held, role } : null;
}

/** Loaded collections (`ancestryQuery` rows) and the caller's grants on them. */
export interface CollectionTree {
  rows: CollectionRow[];
  grants: CallerGrant[];
}

/**
 * The statements loading the caller's access to the collections of `anchor` and their ancestors
 * (`treeOf` reads them back), for a resolver's `with`.
 */
export function collectionTreeStatements(c: Context<AppEnv>, anchor: readonly string[] | SQL) {
  return {
    treeRows: ancestryQuery(c.get("db"), anchor),
    treeGrants: callerGrantsQuery(c.get("db"), callerUserId(c), anchor),
  };
}

/** The tree loaded by `collectionTreeStatements`. */
export function treeOf(results: {
  treeRows: CollectionRow[];
  treeGrants: CallerGrant[];
}): CollectionTree {
  return { rows: results.treeRows, grants: results.treeGrants };
}

/** `accessTo` over a loaded tree. */
export function accessIn(
  member: Membership,
  tree: CollectionTree,
  id: string,
): CollectionAccess | null {
  return accessTo(member, tree.rows, tree.grants, id);
}

/**
 * The statement reading the caller's membership in the organization a space or collection is
 * transferred to, for a resolver's `with` (`requireTransferAdmin` reads it).
 */
export function transferTargetStatements(c: Context<AppEnv>, organizationId: string) {
  return { transferTarget: membershipQuery(c, organizationId) };
}

/** 404 unless the caller is an active member of the target organization, 403 unless its admin. */
export function requireTransferAdmin(results: { transferTarget: MembershipRows }): void {
  const target = membershipFrom(results.transferTarget);
  if (!target) throw notFound("Organization");
  if (target.isGuest || target.orgRole !== "admin") {
    throw forbidden("The admin role in the target organization is required to transfer to it");
  }
}
