import type { OrganizationRow } from "../db/schema";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { collections, contentGrants, organizations, orgMembers } from "../db/schema";
import { notFound } from "../lib/errors";
import { membershipQuery } from "./organization";
import type { Caller } from "./caller";
import { callerFromResult, callerQuery, callerUserId } from "./caller";
import { atLeast, MEMBER_ROLES, maxRole, type DefaultLevel, type MemberRole } from "../lib/roles";
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

/** The Collection `permissions` object, derived from the effective role alone. */
export function collectionPermissions(role: MemberRole | null) {
  return {
    view: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    create: atLeast(role, "create"),
  };
}

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

/** The collections (rows) of `ancestorIdsSql(anchor)`, for chains computed in memory. */
export function ancestryQuery(c: Context<AppEnv>, anchor: readonly string[] | SQL) {
  return c.var.db
    .select()
    .from(collections)
    .where(sql`${collections.id} IN (${ancestorIdsSql(anchor)})`);
}

/** SQL: the caller themself or one of their teams, as a grant principal. */
export function callerPrincipalSql(c: Context<AppEnv>): SQL {
  return or(
    and(eq(contentGrants.principalType, "user"), eq(contentGrants.principalId, callerUserId(c))),
    and(
      eq(contentGrants.principalType, "team"),
      sql`${contentGrants.principalId} IN (SELECT team_id FROM team_members WHERE user_id = ${callerUserId(c)})`,
    ),
  )!;
}

/** The caller's grants on the collections of `ancestorIdsSql(anchor)`. */
export function callerGrantsQuery(c: Context<AppEnv>, anchor: readonly string[] | SQL) {
  return c.var.db
    .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
    .from(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, "collection"),
        sql`${contentGrants.resourceId} IN (${ancestorIdsSql(anchor)})`,
        callerPrincipalSql(c),
      ),
    );
}

/** SQL rank of `content_grants.role` (its index in MEMBER_ROLES), for MAX() over grants. */
const GRANT_RANK = sql.raw(
  `CASE role ${MEMBER_ROLES.map((r, i) => `WHEN '${r}' THEN ${i}`).join(" ")} END`,
);

/**
 * Subquery `v(v_id, v_level, v_rank)` over every collection of an organization (only the
 * top-level ones unless `nested`): `v_level` is the first non-inherit default level up the chain
 * ("inherit" if none: the organization role), `v_rank` the rank of the caller's highest grant on
 * it or an ancestor (-1: none). It is `effectiveRole` computed top-down for a whole tree, so it
 * costs a read of every collection of the organization; lists use it only when some collection is
 * hidden from the caller.
 */
export function visibleTreeSql(c: Context<AppEnv>, organizationId: string, nested: boolean): SQL {
  const me = callerUserId(c);
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

/** The caller's standing in an organization. */
export interface Membership {
  org: OrganizationRow;
  orgRole: MemberRole | null;
  isGuest: boolean;
}

/** Reads `membershipQuery` rows: null for a non-member or a disabled member. */
export function membershipFrom(
  rows: readonly { org: OrganizationRow; role: MemberRole | null; disabled: boolean }[],
): Membership | null {
  const row = rows[0];
  if (!row || row.disabled) return null;
  return { org: row.org, orgRole: row.role ?? null, isGuest: row.role == null };
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

/** A resolved collection: the caller, the collection, its organization and the roles. */
export interface ResolvedCollection extends Membership, CollectionAccess {
  caller: Caller;
}

/**
 * Loads a collection, its ancestors, the caller's membership and grants in one round trip and
 * computes the effective role; `found` is null when the collection is absent, in an
 * organization the caller is not an active member of, or without an effective role.
 */
export async function findCollection(
  c: Context<AppEnv>,
  collectionId: string,
): Promise<{ caller: Caller; found: (Membership & CollectionAccess) | null }> {
  const orgId = sql`(SELECT organization_id FROM collections WHERE id = ${collectionId})`;
  const [callerRows, memberRows, rows, grants] = await c.var.db.batch([
    callerQuery(c),
    membershipQuery(c, orgId),
    ancestryQuery(c, [collectionId]),
    callerGrantsQuery(c, [collectionId]),
  ]);
  const caller = callerFromResult(c, callerRows);
  const member = membershipFrom(memberRows);
  const access = member && accessTo(member, rows, grants, collectionId);
  return { caller, found: member && access ? { ...member, ...access } : null };
}

/** `findCollection`, with the same 404 for absent and invisible collections. */
export async function resolveCollection(
  c: Context<AppEnv>,
  collectionId: string,
): Promise<ResolvedCollection> {
  const { caller, found } = await findCollection(c, collectionId);
  if (!found) throw notFound("Collection");
  return { caller, ...found };
}
