import { sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { readRoleRows, roleRowsSql } from "./access-sql";
import { callerUserId } from "./caller";
import {
  membershipFrom,
  membershipQuery,
  type Membership,
  type MembershipRows,
} from "./organization";
import { forbidden, notFound } from "../lib/errors";
import type { DefaultLevel, MemberRole } from "../lib/roles";
import type { CollectionRow } from "../db/schema";
import { effectiveRole, roleOf } from "./role-rule";
import type { CallerGrant, CollectionTree } from "./role-types";

/** The one-row source `roleRowsQuery` selects from. */
const ONE_ROW = sql.raw("(SELECT 1)");

/**
 * The role inputs (`roleRowsSql`) of the collections of `anchor` (ids, or SQL selecting them)
 * and their ancestors for `callerId`, as one statement of one row (`readRoleRows` reads it).
 */
export function roleRowsQuery(db: Database, callerId: SQL, anchor: readonly string[] | SQL) {
  return db
    .select({ roles: roleRowsSql(callerId, { spaceIds: sql`NULL`, parents: anchor }).as("roles") })
    .from(ONE_ROW);
}

/** The roles of the grants among `grants` on the resource `id`. */
export function grantsOn(grants: readonly CallerGrant[], id: string): MemberRole[] {
  return grants.filter((g) => g.resourceId === id).map((g) => g.role);
}

/** The effective role of a `visibleTreeSql` (or `spaceRoleSql`) row: `roleOf` its inputs. */
export function roleFromTree(member: Membership, level: DefaultLevel, rank: number) {
  return roleOf(member, level, rank);
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

/**
 * The statement loading the caller's access to the collections of `anchor` and their ancestors
 * (`treeOf` reads it back), for a resolver's `with`.
 */
export function collectionTreeStatements(c: Context<AppEnv>, anchor: readonly string[] | SQL) {
  return { treeRoles: roleRowsQuery(c.get("db"), callerUserId(c), anchor) };
}

/** The tree loaded by `collectionTreeStatements`. */
export function treeOf(results: { treeRoles: readonly { roles: string }[] }): CollectionTree {
  return readRoleRows(results.treeRoles[0]?.roles).tree;
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
