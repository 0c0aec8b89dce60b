import type { SpaceRow } from "../../db/schema";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import { bindAll, preparedSelect, sqlParam, type Params } from "../../db/prepared";
import { spaces } from "../../db/schema/index";
import { readRoleRows, roleRowsSql } from "../../auth/access-sql";
import { userOfDigestSql } from "../../auth/caller";
import { grantsOn } from "../../auth/content-role";
import { type Membership } from "../../auth/organization";
import { roleOnSpace } from "../../auth/space";
import type { MemberRole } from "../../lib/roles";
import {
  placementFrom,
  publishedPlacementSql,
  type PublishedPlacement,
} from "./published-placement";

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
 * The values the space-access statements are bound with: the site whose published spaces they
 * read (`site`) or the ids they read as one JSON text (`ids`), the caller's token digest (the
 * statements read the caller's user id from it, as `callerUserId` does) and the request's share
 * key (it names share-link sites in placements).
 */
export type SpaceAccessNames = "site" | "ids" | "digest" | "share";

/** Which spaces the statements read: the spaces a site publishes, or a bound list of ids. */
export type SpaceSource = "site" | "ids";

/** The spaces' placement column: none (null), without a share key, or with the bound one. */
export type PlacementColumn = "none" | "plain" | "keyed";

/** The ids of the spaces of a source. */
function idsSql(source: SpaceSource, p: Params<SpaceAccessNames>): SQL {
  return source === "site"
    ? sql`SELECT space_id FROM site_spaces WHERE site_id = ${p("site")}`
    : sql`SELECT value FROM json_each(${p("ids")})`;
}

/** The placement column of the spaces' select. */
function placementSql(placement: PlacementColumn, p: Params<SpaceAccessNames>) {
  if (placement === "none") return sql<string | null>`NULL`;
  return publishedPlacementSql(placement === "keyed" ? sqlParam(p, "share") : undefined);
}

/**
 * Prepared statements (text written once per isolate, `src/db/prepared.ts`) loading the spaces
 * of a source with what the caller's effective role on each depends on, from the one producer
 * of role inputs (`roleRowsSql`: the collection chains above them and the caller's grants on
 * both, one JSON row for all the spaces; `spacesWithRoles` reads them back). The one form of
 * this read: a site's tree and the spaces a request names both bind it.
 */
export function spaceAccessSelects(source: SpaceSource, placement: PlacementColumn) {
  const ids = (p: Params<SpaceAccessNames>) => idsSql(source, p);
  const parents = (p: Params<SpaceAccessNames>) =>
    sql`SELECT parent_id FROM spaces WHERE id IN (${ids(p)}) AND parent_id IS NOT NULL`;
  const caller = (p: Params<SpaceAccessNames>) => userOfDigestSql(sqlParam(p, "digest"));
  return {
    // Deleted spaces are dropped in memory: with `deleted_at IS NULL` in SQL, SQLite picks the
    // deleted_at index and scans every live space of every organization.
    spaces: preparedSelect(
      (p: Params<SpaceAccessNames>) => ({ space: spaces, placement: placementSql(placement, p) }),
      (select, p) => select.from(spaces).where(sql`${spaces.id} IN (${ids(p)})`),
    ),
    roles: preparedSelect(
      (p: Params<SpaceAccessNames>) => ({
        roles: roleRowsSql(caller(p), { spaceIds: ids(p), parents: parents(p) }),
      }),
      (select) => select.from(sql`(SELECT 1)`),
    ),
  };
}

/** The results of the space-access statements, by name. */
interface SpaceAccessResults {
  spaces: { space: SpaceRow; placement: string | null }[];
  roles: { roles: string }[];
}

/**
 * Who reads a site's spaces: a member, and the role the published-access rule gives them on the
 * site's spaces when it lets them in (a reader of the published site; none: their roles only).
 */
type SpacesReader = Membership & { publishedRole?: MemberRole };

/**
 * The loaded spaces of the organization with the caller's effective role on each (`roleOnSpace`
 * over the loaded role inputs, else the reader's `publishedRole`, as `resolveReadableSpace`
 * decides for one space); `member` null (a visitor) gives every space a null role.
 */
export function spacesWithRoles(
  member: SpacesReader | null,
  organizationId: string,
  { spaces: rows, roles }: SpaceAccessResults,
): Map<string, SpaceWithRole> {
  const { tree, spaceGrants } = readRoleRows(roles[0]?.roles);
  const out = new Map<string, SpaceWithRole>();
  for (const { space, placement: json } of rows) {
    if (space.organizationId !== organizationId || space.deletedAt !== null) continue;
    const own = member && roleOnSpace(member, space, tree, grantsOn(spaceGrants, space.id));
    const role = own ?? member?.publishedRole ?? null;
    const placement = placementFrom(json);
    out.set(space.id, { space, role, ...(placement ? { placement } : {}) });
  }
  return out;
}

/** The statements of the spaces a request names, named apart from a site tree's own. */
const WANTED = (() => {
  const s = spaceAccessSelects("ids", "none");
  return { wantedSpaces: s.spaces, wantedRoles: s.roles };
})();

/**
 * Statements loading spaces a request names (to publish them in a site) with the caller's role
 * inputs (`callerDigest`: `callerDigest(c)`); named apart from the tree's own, so both share one
 * batch.
 */
export function wantedSpacesStatements(db: Database, callerDigest: string, ids: readonly string[]) {
  const values = { site: null, ids: JSON.stringify(ids), digest: callerDigest, share: null };
  return bindAll(db, WANTED, values);
}

/** The wanted spaces of the organization the caller can see (a role), by id. */
export function wantedSpacesFrom(
  member: Membership,
  organizationId: string,
  r: Results<ReturnType<typeof wantedSpacesStatements>>,
): Map<string, SpaceRow> {
  const all = spacesWithRoles(member, organizationId, {
    spaces: r.wantedSpaces,
    roles: r.wantedRoles,
  });
  const out = new Map<string, SpaceRow>();
  for (const [id, { space, role }] of all) if (role) out.set(id, space);
  return out;
}
