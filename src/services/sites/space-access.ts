import type { CollectionRow, SpaceRow } from "../../db/schema";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import { collections, contentGrants, spaces } from "../../db/schema/index";
import {
  ancestorIdsSql,
  chainOf,
  effectiveRole,
  type CallerGrant,
  type Membership,
} from "../../auth/content-role";
import type { MemberRole } from "../../lib/roles";

/** A space with the caller's effective role on it (null: no role, e.g. a visitor). */
export interface SpaceWithRole {
  space: SpaceRow;
  role: MemberRole | null;
}

/** SQL: the caller (`callerId`) themself or one of their teams, as a grant principal. */
function principalSql(callerId: SQL): SQL {
  return or(
    and(eq(contentGrants.principalType, "user"), eq(contentGrants.principalId, callerId)),
    and(
      eq(contentGrants.principalType, "team"),
      sql`${contentGrants.principalId} IN (SELECT team_id FROM team_members WHERE user_id = ${callerId})`,
    ),
  )!;
}

/**
 * Statements loading spaces selected by `ids` (SQL) with what the caller's effective role on
 * each depends on: the collection chains above them and the caller's grants.
 */
export function spaceAccessStatements(db: Database, callerId: SQL, ids: SQL) {
  const parents = sql`SELECT parent_id FROM spaces WHERE id IN (${ids}) AND parent_id IS NOT NULL`;
  return {
    // Deleted spaces are dropped in memory: with `deleted_at IS NULL` in SQL, SQLite picks the
    // deleted_at index and scans every live space of every organization.
    spaces: db
      .select()
      .from(spaces)
      .where(sql`${spaces.id} IN (${ids})`),
    chain: db
      .select()
      .from(collections)
      .where(sql`${collections.id} IN (${ancestorIdsSql(parents)})`),
    collectionGrants: db
      .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
      .from(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "collection"),
          sql`${contentGrants.resourceId} IN (${ancestorIdsSql(parents)})`,
          principalSql(callerId),
        ),
      ),
    spaceGrants: db
      .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
      .from(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "space"),
          sql`${contentGrants.resourceId} IN (${ids})`,
          principalSql(callerId),
        ),
      ),
  };
}

/** The results of the space-access statements, by name. */
interface SpaceAccessResults {
  spaces: SpaceRow[];
  chain: CollectionRow[];
  collectionGrants: CallerGrant[];
  spaceGrants: { resourceId: string; role: MemberRole }[];
}

/**
 * The loaded spaces of the organization with the caller's effective role on each; `member` null
 * (a visitor) gives every space a null role.
 */
export function spacesWithRoles(
  member: Membership | null,
  organizationId: string,
  { spaces: rows, chain: chainRows, collectionGrants, spaceGrants }: SpaceAccessResults,
): Map<string, SpaceWithRole> {
  const out = new Map<string, SpaceWithRole>();
  for (const space of rows) {
    if (space.organizationId !== organizationId || space.deletedAt !== null) continue;
    let role: MemberRole | null = null;
    if (member) {
      const chain = space.parentId ? chainOf(chainRows, space.parentId) : [];
      const ids = new Set(chain.map((link) => link.id));
      role = effectiveRole({
        ...member,
        chain: [{ defaultLevel: space.defaultLevel }, ...chain],
        grants: [
          ...collectionGrants.filter((g) => ids.has(g.resourceId)).map((g) => g.role),
          ...spaceGrants.filter((g) => g.resourceId === space.id).map((g) => g.role),
        ],
      });
    }
    out.set(space.id, { space, role });
  }
  return out;
}

/** SQL list of ids (`NULL` when empty). */
function idsSql(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`NULL`;
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Statements loading spaces a request names (to publish them in a site) with the caller's role
 * inputs; named apart from the tree's own, so both share one batch.
 */
export function wantedSpacesStatements(db: Database, callerId: SQL, ids: readonly string[]) {
  const s = spaceAccessStatements(db, callerId, idsSql(ids));
  return {
    wantedSpaces: s.spaces,
    wantedChain: s.chain,
    wantedCollectionGrants: s.collectionGrants,
    wantedSpaceGrants: s.spaceGrants,
  };
}

/** The wanted spaces of the organization the caller can see (a role), by id. */
export function wantedSpacesFrom(
  member: Membership,
  organizationId: string,
  r: Results<ReturnType<typeof wantedSpacesStatements>>,
): Map<string, SpaceRow> {
  const all = spacesWithRoles(member, organizationId, {
    spaces: r.wantedSpaces,
    chain: r.wantedChain,
    collectionGrants: r.wantedCollectionGrants,
    spaceGrants: r.wantedSpaceGrants,
  });
  const out = new Map<string, SpaceRow>();
  for (const [id, { space, role }] of all) if (role) out.set(id, space);
  return out;
}
