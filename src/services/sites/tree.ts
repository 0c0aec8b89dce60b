import type { CollectionRow, SpaceRow } from "../../db/schema";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import {
  contentGrants,
  shareLinks,
  siteSectionGroups,
  siteSections,
  sites,
  siteSpaces,
  spaces,
} from "../../db/schema/index";

import {
  ancestryQuery,
  callerGrantsQuery,
  callerPrincipalSql,
  chainOf,
  effectiveRole,
  type CallerGrant,
  type Membership,
} from "../../auth/content-role";
import type { MemberRole } from "../../lib/roles";
import { badRequest } from "../../lib/errors";
import type { CursorKey } from "../../lib/pagination";
import type { SiteRow, SectionRow, GroupRow, SiteSpaceRow } from "../../db/schema";

/** A space with the caller's effective role on it (null: no role, e.g. a visitor). */
export interface SpaceWithRole {
  space: SpaceRow;
  role: MemberRole | null;
}

/**
 * Batch items loading spaces selected by `ids` (SQL) with what the caller's effective role on
 * each depends on: the collection chains above them and the caller's grants.
 */
export function spaceAccessQueries(c: Context<AppEnv>, ids: SQL) {
  const db = c.var.db;
  const parents = sql`SELECT parent_id FROM spaces WHERE id IN (${ids}) AND parent_id IS NOT NULL`;
  return [
    // Deleted spaces are dropped in memory: with `deleted_at IS NULL` in SQL, SQLite picks the
    // deleted_at index and scans every live space of every organization.
    db
      .select()
      .from(spaces)
      .where(sql`${spaces.id} IN (${ids})`),
    ancestryQuery(c, parents),
    callerGrantsQuery(c, parents),
    db
      .select({ resourceId: contentGrants.resourceId, role: contentGrants.role })
      .from(contentGrants)
      .where(
        and(
          eq(contentGrants.resourceType, "space"),
          sql`${contentGrants.resourceId} IN (${ids})`,
          callerPrincipalSql(c),
        ),
      ),
  ] as const;
}

/** The results of `spaceAccessQueries`, in order. */
export type SpaceAccessResults = readonly [
  SpaceRow[],
  CollectionRow[],
  CallerGrant[],
  { resourceId: string; role: MemberRole }[],
];

/**
 * The loaded spaces of the organization with the caller's effective role on each; `member` null
 * (a visitor) gives every space a null role.
 */
export function spacesWithRoles(
  member: Membership | null,
  organizationId: string,
  [rows, chainRows, collectionGrants, spaceGrants]: SpaceAccessResults,
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

/** SQL list of ids for `spaceAccessQueries` (`NULL` when empty). */
export function idsSql(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`NULL`;
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Batch items loading the whole structure of a site, with its spaces and their role inputs. */
export function siteTreeQueries(c: Context<AppEnv>, siteId: string) {
  const db = c.var.db;
  return [
    db
      .select()
      .from(siteSections)
      .where(eq(siteSections.siteId, siteId))
      .orderBy(asc(siteSections.position), asc(siteSections.id)),
    db
      .select()
      .from(siteSectionGroups)
      .where(eq(siteSectionGroups.siteId, siteId))
      .orderBy(asc(siteSectionGroups.position), asc(siteSectionGroups.id)),
    db
      .select()
      .from(siteSpaces)
      .where(eq(siteSpaces.siteId, siteId))
      .orderBy(asc(siteSpaces.position), asc(siteSpaces.id)),
    ...spaceAccessQueries(c, sql`SELECT space_id FROM site_spaces WHERE site_id = ${siteId}`),
  ] as const;
}

/** How many statements `siteTreeQueries` returns. */
export const TREE_STATEMENTS = 7;

/** The results of `siteTreeQueries`, in order. */
export type SiteTreeResults = readonly [
  SectionRow[],
  GroupRow[],
  SiteSpaceRow[],
  ...SpaceAccessResults,
];

/** A site's whole structure in memory: every list and move works on it. */
export interface SiteTree {
  site: SiteRow;
  sections: SectionRow[];
  groups: GroupRow[];
  /** Site spaces whose space still exists, by (position, id). */
  siteSpaces: SiteSpaceRow[];
  spaces: Map<string, SpaceWithRole>;
}

/** Builds the tree from `siteTreeQueries` results. */
export function siteTreeFrom(
  site: SiteRow,
  member: Membership | null,
  [sections, groups, siteSpaceRows, ...access]: SiteTreeResults,
): SiteTree {
  const spacesById = spacesWithRoles(member, site.organizationId, access);
  return {
    site,
    sections,
    groups,
    siteSpaces: siteSpaceRows.filter((row) => spacesById.has(row.spaceId)),
    spaces: spacesById,
  };
}

/** A navigation item at the sections level: a section or a section group. */
export type StructureItem =
  | { type: "site-section"; row: SectionRow }
  | { type: "site-section-group"; row: GroupRow };

/** Sort key of structure rows: position, then id. */
export function byPosition(
  a: { position: string; id: string },
  b: { position: string; id: string },
) {
  return a.position < b.position
    ? -1
    : a.position > b.position
      ? 1
      : a.id < b.id
        ? -1
        : a.id > b.id
          ? 1
          : 0;
}

/** The sections and groups directly under a group (null: the site root), in order. */
export function childrenOf(tree: SiteTree, groupId: string | null): StructureItem[] {
  const items: StructureItem[] = [
    ...tree.sections
      .filter((s) => s.groupId === groupId)
      .map((row) => ({ type: "site-section" as const, row })),
    ...tree.groups
      .filter((g) => g.parentId === groupId)
      .map((row) => ({ type: "site-section-group" as const, row })),
  ];
  return items.sort((a, b) => byPosition(a.row, b.row));
}

/** The site spaces of a container (a section id, or the site id for the root), in order. */
export function siteSpacesIn(tree: SiteTree, containerId: string): SiteSpaceRow[] {
  return tree.siteSpaces.filter((row) => row.containerId === containerId);
}

/** The container (section id or site id) a new or moved site space belongs to. */
export function containerOf(site: SiteRow, sectionId: string | null): string {
  return sectionId ?? site.id;
}

/** Every section in navigation order (depth first through the groups). */
export function sectionsInOrder(tree: SiteTree): SectionRow[] {
  const out: SectionRow[] = [];
  const seen = new Set<string>();
  const walk = (groupId: string | null) => {
    for (const item of childrenOf(tree, groupId)) {
      if (seen.has(item.row.id)) continue;
      seen.add(item.row.id);
      if (item.type === "site-section") out.push(item.row);
      else walk(item.row.id);
    }
  };
  walk(null);
  return out;
}

/** The default section: the one set on the site if it still exists, else the first one. */
export function defaultSectionId(tree: SiteTree): string | null {
  const ordered = sectionsInOrder(tree);
  const chosen = ordered.find((s) => s.id === tree.site.defaultSectionId);
  return (chosen ?? ordered[0])?.id ?? null;
}

/** The default site space of a container: the one set if still there, else the first one. */
export function defaultSiteSpaceId(tree: SiteTree, containerId: string): string | null {
  const items = siteSpacesIn(tree, containerId);
  const section = tree.sections.find((s) => s.id === containerId);
  const stored = section ? section.defaultSiteSpaceId : tree.site.defaultSiteSpaceId;
  return (items.find((row) => row.id === stored) ?? items[0])?.id ?? null;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Structure rows compared in creation order: (createdAt, position, id). */
function creationOrder(a: CreatedRow, b: CreatedRow) {
  return (
    compare(a.createdAt, b.createdAt) || compare(a.position, b.position) || compare(a.id, b.id)
  );
}

/** What the structure lists page on. */
export interface CreatedRow {
  createdAt: string;
  position: string;
  id: string;
}

/** The cursor key of a row in creation order. */
export function creationKey(row: CreatedRow): CursorKey {
  return [row.createdAt, row.position, row.id];
}

/**
 * One page (limit + 1 rows, for `toListPage`) of in-memory structure rows in creation order
 * (createdAt, then position so rows made together keep their order, then id), strictly after a
 * cursor key: the structure lists page the loaded tree.
 */
export function pageByCreation<T extends CreatedRow>(
  rows: readonly T[],
  limit: number,
  after?: CursorKey,
): T[] {
  const sorted = [...rows].sort(creationOrder);
  if (!after) return sorted.slice(0, limit + 1);
  if (after.length !== 3 || after.some((v) => typeof v !== "string")) {
    throw badRequest("query.page: invalid page cursor");
  }
  const [createdAt, position, id] = after as string[];
  const at = { createdAt: createdAt!, position: position!, id: id! };
  return sorted.filter((r) => creationOrder(r, at) > 0).slice(0, limit + 1);
}
