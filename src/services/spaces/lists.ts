import type { CollectionRow, SpaceRow } from "../../db/schema";
import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { organizations, spaces } from "../../db/schema/index";
import { roleFromTree, visibleTreeSql } from "../../auth/content-role";
import { principalSql } from "../../auth/grant-sql";
import { type Membership } from "../../auth/organization";

import { MEMBER_ROLES, type DefaultLevel, type MemberRole } from "../../lib/roles";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import { liveSiblingsSql } from "./spaces";
import {
  placementFrom,
  publishedPlacementSql,
  type PublishedPlacement,
} from "../sites/published-placement";

/** A listed space with the caller's effective role on it, and where it is published. */
export interface ListedSpace {
  row: SpaceRow;
  role: MemberRole;
  placement?: PublishedPlacement;
}

/** A listed space, with its placement read as a column of the page's own statement. */
function listed(row: SpaceRow, role: MemberRole, json: string | null): ListedSpace {
  const placement = placementFrom(json);
  return placement ? { row, role, placement } : { row, role };
}

/** SQL rank of `content_grants.role` (its index in MEMBER_ROLES), for MAX() over grants. */
const GRANT_RANK = sql.raw(
  `CASE role ${MEMBER_ROLES.map((r, i) => `WHEN '${r}' THEN ${i}`).join(" ")} END`,
);

/** Where a list reads from and what a space inherits from its parent collection. */
export type SpaceListSource =
  | { kind: "organization" }
  | { kind: "collection"; collection: CollectionRow; chain: CollectionRow[]; grants: MemberRole[] };

/**
 * A page of the live spaces the caller sees and their exact count, in one round trip. Org
 * admins see all. Otherwise visibility is `effectiveRole` in SQL: the space's default level, else
 * what its parent collection passes down (`visibleTreeSql` over the organization's collections,
 * or the known chain of the listed collection), and the caller's grants on both.
 */
export async function listSpaces(
  db: Database,
  callerId: SQL,
  member: Membership,
  source: SpaceListSource,
  options: { limit: number; after?: CursorKey },
): Promise<{ items: ListedSpace[]; count: number }> {
  const byPosition = source.kind === "collection";
  const keys = byPosition ? [spaces.position, spaces.id] : [spaces.createdAt, spaces.id];
  const base = and(
    byPosition
      ? liveSiblingsSql(source.collection.id, source.collection.organizationId)
      : eq(spaces.organizationId, member.org.id),
    isNull(spaces.deletedAt),
  );
  const where = and(base, options.after ? keysetAfter(keys, options.after) : undefined);
  const order = keys.map((k) => asc(k));
  const shownIn = { organizationId: member.org.id, cap: options.limit + 1 };
  if (!member.isGuest && member.orgRole === "admin") {
    const [rows, total] = await db.batch([
      db
        .select({ row: spaces, placement: publishedPlacementSql(undefined, shownIn) })
        .from(spaces)
        .where(where)
        .orderBy(...order)
        .limit(options.limit + 1),
      source.kind === "organization"
        ? db
            .select({ n: organizations.spacesCount })
            .from(organizations)
            .where(eq(organizations.id, member.org.id))
        : db.select({ n: count() }).from(spaces).where(base),
    ]);
    return {
      items: rows.map(({ row, placement }) => listed(row, "admin", placement)),
      count: total[0]?.n ?? 0,
    };
  }
  let inherited: { level: SQL; rank: SQL; join?: SQL };
  if (source.kind === "collection") {
    const set = source.chain.find((link) => link.defaultLevel !== "inherit");
    const rank = Math.max(-1, ...source.grants.map((g) => MEMBER_ROLES.indexOf(g)));
    inherited = { level: sql`${set ? set.defaultLevel : "inherit"}`, rank: sql`${rank}` };
  } else {
    const join = visibleTreeSql(callerId, member.org.id, true);
    inherited = {
      level: sql`CASE WHEN v.v_id IS NULL THEN 'inherit' ELSE v.v_level END`,
      rank: sql`COALESCE(v.v_rank, -1)`,
      join,
    };
  }
  const level = sql<DefaultLevel>`CASE WHEN ${spaces.defaultLevel} IS NOT 'inherit' THEN ${spaces.defaultLevel} ELSE ${inherited.level} END`;
  const own = sql`COALESCE((SELECT MAX(${GRANT_RANK}) FROM content_grants
    WHERE resource_type = 'space' AND resource_id = ${spaces.id} AND ${principalSql(callerId)}), -1)`;
  const rank = sql<number>`MAX(${inherited.rank}, ${own})`;
  const visible = member.isGuest ? sql`${rank} >= 0` : sql`(${level} IS NOT NULL OR ${rank} >= 0)`;
  let page = db
    .select({
      row: spaces,
      level: level.as("s_level"),
      rank: rank.as("s_rank"),
      placement: publishedPlacementSql(undefined, shownIn),
    })
    .from(spaces)
    .$dynamic();
  let counted = db.select({ n: count() }).from(spaces).$dynamic();
  if (inherited.join) {
    page = page.leftJoin(inherited.join, sql`v.v_id = ${spaces.parentId}`);
    counted = counted.leftJoin(
      visibleTreeSql(callerId, member.org.id, true),
      sql`v.v_id = ${spaces.parentId}`,
    );
  }
  const [rows, total] = await db.batch([
    page
      .where(and(where, visible))
      .orderBy(...order)
      .limit(options.limit + 1),
    source.kind === "organization" && !member.isGuest
      ? memberCountQuery(db, callerId, member.org.id)
      : counted.where(and(base, visible)),
  ]);
  const items = rows.flatMap(({ row, level, rank, placement }) => {
    const role = roleFromTree(member, level, Number(rank));
    return role ? [listed(row, role, placement)] : [];
  });
  return { items, count: total[0]?.n ?? 0 };
}

/**
 * The exact number of live spaces a member (not a guest) sees in the organization, without
 * reading them all: the organization's live count (kept by triggers) minus the spaces hidden from
 * members that the caller holds no grant on. Hidden means a level of null: the space's own
 * (found through the level index), or inherited from a collection whose level resolves to null
 * (found from the collection tree through the parent index). Rows read follow the hidden spaces
 * and the collections, not the organization's size (`+` keeps the second part on the parent
 * index: the level index would read every inheriting space).
 */
function memberCountQuery(db: Database, callerId: SQL, organizationId: string) {
  const tree = () => visibleTreeSql(callerId, organizationId, true);
  const hidden = sql`SELECT s.id AS sid, COALESCE(v.v_rank, -1) AS inh
      FROM spaces s LEFT JOIN ${tree()} ON v.v_id = s.parent_id
      WHERE s.organization_id = ${organizationId} AND s.default_level IS NULL AND s.deleted_at IS NULL
    UNION ALL
    SELECT s.id, v.v_rank FROM ${tree()} CROSS JOIN spaces s
      ON s.organization_id = ${organizationId} AND s.parent_id = v.v_id
      WHERE v.v_level IS NULL AND +s.default_level = 'inherit' AND +s.deleted_at IS NULL`;
  const own = sql`COALESCE((SELECT MAX(${GRANT_RANK}) FROM content_grants
    WHERE resource_type = 'space' AND resource_id = h.sid AND ${principalSql(callerId)}), -1)`;
  return db
    .select({
      n: sql<number>`${organizations.spacesCount} - (SELECT COUNT(*) FROM (${hidden}) h WHERE MAX(h.inh, ${own}) < 0)`,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
}
