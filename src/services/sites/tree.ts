import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import type { Membership } from "../../auth/organization";
import { shareLinkByKeyQuery, VISITOR_ROLE } from "../../auth/published";
import { spacesWithRoles, type SpaceWithRole } from "./space-access";
import { siteTreeStatements } from "./tree-reads";
import type { SiteRow, SectionRow, GroupRow, SiteSpaceRow } from "../../db/schema";

export { siteTreeStatements };

/** The results of `siteTreeStatements` (`tree-reads.ts`), by name. */
type SiteTreeResults = Results<ReturnType<typeof siteTreeStatements>>;

/** A navigation item at the sections level: a section or a section group. */
type StructureItem =
  | { type: "site-section"; row: SectionRow }
  | { type: "site-section-group"; row: GroupRow };

/**
 * A site's whole structure in memory: every list and move works on it, and the presenters read
 * it as it is (levels, containers and defaults are worked out once, when it is built).
 */
export interface SiteTree {
  site: SiteRow;
  sections: SectionRow[];
  groups: GroupRow[];
  /** Site spaces whose space still exists, by (position, id). */
  siteSpaces: SiteSpaceRow[];
  spaces: Map<string, SpaceWithRole>;
  /** The sections and groups under each group (null: the root), in order. */
  levels: Map<string | null, StructureItem[]>;
  /** The site spaces of each container (a section id, or the site id for the root), in order. */
  containers: Map<string, SiteSpaceRow[]>;
  /** The default section (see `defaultSectionId`). */
  defaultSection: string | null;
  /** The default site space of each container (see `defaultSiteSpaceId`). */
  defaultSiteSpaces: Map<string, string | null>;
}

/** Sort key of structure rows: position, then id. */
function byPosition(a: { position: string; id: string }, b: { position: string; id: string }) {
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

/** Appends `value` to the list of `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Builds the tree from the results of `siteTreeStatements`. */
export function siteTreeFrom(
  site: SiteRow,
  member: Membership | null,
  results: SiteTreeResults,
): SiteTree {
  const spacesById = spacesWithRoles(member, site.organizationId, results);
  const levels = new Map<string | null, StructureItem[]>();
  for (const row of results.sections) push(levels, row.groupId, { type: "site-section", row });
  for (const row of results.groups) push(levels, row.parentId, { type: "site-section-group", row });
  for (const items of levels.values()) items.sort((a, b) => byPosition(a.row, b.row));
  const siteSpaceRows = results.siteSpaces.filter((row) => spacesById.has(row.spaceId));
  const containers = new Map<string, SiteSpaceRow[]>();
  for (const row of siteSpaceRows) push(containers, row.containerId, row);
  const tree: SiteTree = {
    site,
    sections: results.sections,
    groups: results.groups,
    siteSpaces: siteSpaceRows,
    spaces: spacesById,
    levels,
    containers,
    defaultSection: null,
    defaultSiteSpaces: new Map(),
  };
  tree.defaultSection = defaultSectionId(tree);
  for (const id of [site.id, ...results.sections.map((s) => s.id), ...containers.keys()]) {
    tree.defaultSiteSpaces.set(id, defaultSiteSpaceId(tree, id));
  }
  return tree;
}

/** The tree as a visitor sees it: every space it publishes is readable (read-only), no more. */
export function visitorTree(tree: SiteTree): SiteTree {
  const spacesById = new Map(
    [...tree.spaces].map(([id, entry]) => [id, { ...entry, role: VISITOR_ROLE }] as const),
  );
  return { ...tree, spaces: spacesById };
}

/** The sections and groups directly under a group (null: the site root), in order. */
export function childrenOf(tree: SiteTree, groupId: string | null): StructureItem[] {
  return [...(tree.levels.get(groupId) ?? [])];
}

/** The site spaces of a container (a section id, or the site id for the root), in order. */
export function siteSpacesIn(tree: SiteTree, containerId: string): SiteSpaceRow[] {
  return [...(tree.containers.get(containerId) ?? [])];
}

/** The container (section id or site id) a new or moved site space belongs to. */
export function containerOf(site: SiteRow, sectionId: string | null): string {
  return sectionId ?? site.id;
}

/** Every section in navigation order (depth first through the groups). */
function sectionsInOrder(tree: SiteTree): SectionRow[] {
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

/**
 * The statements reading a site's structure for a request: the tree, and the active share link
 * of the site matching `shareKey` (it decorates published URLs only when there is one).
 */
export function structureStatements(
  db: Database,
  callerDigest: string,
  siteId: string,
  shareKey?: string,
) {
  return {
    ...siteTreeStatements(db, callerDigest, siteId, shareKey),
    keyLinks: shareLinkByKeyQuery(db, siteId, shareKey),
  };
}

/** The tree from the results of `structureStatements`, and `shareKey` if it is a valid one. */
export function structureFrom(
  site: SiteRow,
  member: Membership | null,
  results: Results<ReturnType<typeof structureStatements>>,
  shareKey?: string,
): { tree: SiteTree; shareKey?: string } {
  const valid = results.keyLinks.some((l) => l.key === shareKey) ? shareKey : undefined;
  return { tree: siteTreeFrom(site, member, results), shareKey: valid };
}
