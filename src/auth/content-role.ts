import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { collections, contentGrants } from "../db/schema";
import { ancestorIdsSql, grantsOnSql, inAncestrySql } from "./access-sql";
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
import type { CallerGrant, CollectionTree, RoleInputs } from "./role-types";

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
  return db.select().from(collections).where(inAncestrySql(anchor));
}

/** The grants of `callerId` on the resources of one type selected by `ids` (SQL). */
function grantsOnQuery(
  db: Database,
  callerId: SQL,
  resourceType: "collection" | "space",
  ids: SQL,
) {
  return db
    .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
    .from(contentGrants)
    .where(grantsOnSql(callerId, resourceType, ids));
}

/** The grants of `callerId` on the collections of `ancestorIdsSql(anchor)`. */
export function callerGrantsQuery(db: Database, callerId: SQL, anchor: readonly string[] | SQL) {
  return grantsOnQuery(db, callerId, "collection", ancestorIdsSql(anchor));
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
