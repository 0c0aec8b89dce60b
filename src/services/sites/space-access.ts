import type { CollectionRow, SpaceRow } from "../../db/schema";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import { spaces } from "../../db/schema/index";
import {
  ancestryQuery,
  callerGrantsQuery,
  grantsOnQuery,
  type CallerGrant,
} from "../../auth/content-role";
import { idList } from "../../auth/grant-sql";
import { type Membership } from "../../auth/organization";
import { roleOnSpace } from "../../auth/space";
import type { MemberRole } from "../../lib/roles";
import { placementFrom, type PublishedPlacement } from "./published-placement";

/**
 * A space with the caller's effective role on it (null: no role, e.g. a visitor), and where it
 * is published when the statements read it (`placements`).
 */
export interface SpaceWithRole {
  space: SpaceRow;
  role: MemberRole | null;
  placement?: PublishedPlacement;
}

/**
 * Statements loading spaces selected by `ids` (SQL) with what the caller's effective role on
 * each depends on: the collection chains above them and the caller's grants. A site's tree reads
 * the same for the spaces it publishes, with their placements, as prepared statements
 * (`tree-reads.ts`).
 */
function spaceAccessStatements(db: Database, callerId: SQL, ids: SQL) {
  const parents = sql`SELECT parent_id FROM spaces WHERE id IN (${ids}) AND parent_id IS NOT NULL`;
  return {
    // Deleted spaces are dropped in memory: with `deleted_at IS NULL` in SQL, SQLite picks the
    // deleted_at index and scans every live space of every organization.
    spaces: db
      .select({
        space: spaces,
        placement: sql<string | null>`NULL`,
      })
      .from(spaces)
      .where(sql`${spaces.id} IN (${ids})`),
    chain: ancestryQuery(db, parents),
    collectionGrants: callerGrantsQuery(db, callerId, parents),
    spaceGrants: grantsOnQuery(db, callerId, "space", ids),
  };
}

/** The results of the space-access statements, by name. */
interface SpaceAccessResults {
  spaces: { space: SpaceRow; placement: string | null }[];
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
  { spaces: rows, chain, collectionGrants, spaceGrants }: SpaceAccessResults,
): Map<string, SpaceWithRole> {
  const tree = { rows: chain, grants: collectionGrants };
  const grantsOn = (id: string) =>
    spaceGrants.filter((g) => g.resourceId === id).map((g) => g.role);
  const out = new Map<string, SpaceWithRole>();
  for (const { space, placement: json } of rows) {
    if (space.organizationId !== organizationId || space.deletedAt !== null) continue;
    const role = member ? roleOnSpace(member, space, tree, grantsOn(space.id)) : null;
    const placement = placementFrom(json);
    out.set(space.id, { space, role, ...(placement ? { placement } : {}) });
  }
  return out;
}

/**
 * Statements loading spaces a request names (to publish them in a site) with the caller's role
 * inputs; named apart from the tree's own, so both share one batch.
 */
export function wantedSpacesStatements(db: Database, callerId: SQL, ids: readonly string[]) {
  const s = spaceAccessStatements(db, callerId, idList(ids));
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
