import { publicationChanged } from "./publication";
import type { GroupRow, SectionRow, SpaceRow } from "../../db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { siteSections, sites, siteSpaces } from "../../db/schema/index";

import { UnknownReference } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keyBeside, keyInLevel } from "../ordering/position";
import {
  keyAtEnd,
  newSiteSpaceRows,
  pathTaken,
  SITES_CROWDED,
  slugify,
  uniquePath,
  type StructureChange,
} from "./structure";
import {
  childrenOf,
  defaultSectionId,
  defaultSiteSpaceId,
  siteSpacesIn,
  type SiteTree,
} from "./tree";

/** The group of the site, or the domain error of body field `field` naming another one. */
export function groupIn(tree: SiteTree, id: string, field: string): GroupRow {
  const group = tree.groups.find((g) => g.id === id);
  if (!group) throw new UnknownReference(field, "no such section group in this site");
  return group;
}

/** `n` keys right after `anchor` at a level (before its next sibling), in order. */
export function keysAfter(tree: SiteTree, parentId: string | null, anchor: GroupRow, n: number) {
  const level = childrenOf(tree, parentId).map((item) => item.row);
  const next = level[level.findIndex((row) => row.id === anchor.id) + 1];
  const keys: string[] = [];
  let lo = anchor.position;
  for (let i = 0; i < n; i++) {
    lo = keyBeside(lo, "after", next?.position ?? null, SITES_CROWDED);
    keys.push(lo);
  }
  return keys;
}

/**
 * Creates a section whose first site space publishes `space`. The site's first section also
 * takes in the site spaces of the root (after the new one), and the former root default stays
 * the default, so the published root keeps its content. When `space` is already published at
 * the root, that site space leads the section instead of a second copy of it.
 */
export function createSectionPlan(
  db: Database,
  tree: SiteTree,
  input: { space: SpaceRow; title?: string | null; icon?: string | null; groupId?: string },
): StructureChange {
  const { site } = tree;
  if (input.groupId) groupIn(tree, input.groupId, "siteSectionGroupId");
  const parentId = input.groupId ?? null;
  const title =
    input.title ?? (input.space.title.trim().length >= 2 ? input.space.title.trim() : "Section");
  const id = newId();
  const root = tree.sections.length === 0 ? siteSpacesIn(tree, site.id) : [];
  const adopted = root.find((r) => r.spaceId === input.space.id);
  const [first] = adopted
    ? [adopted]
    : newSiteSpaceRows(
        { siteId: site.id, sectionId: id },
        [input.space],
        root.map((r) => r.path),
        null,
      );
  const leading =
    adopted && adopted === root[0]
      ? adopted.position
      : keyInLevel(root, root.length > 0 ? 0 : null, "before", SITES_CROWDED);
  const section: SectionRow = {
    id,
    siteId: site.id,
    groupId: parentId,
    title,
    description: null,
    path: uniquePath(slugify(title, "section"), new Set(tree.sections.map((s) => s.path))),
    condition: null,
    icon: input.icon ?? null,
    position: keyAtEnd(childrenOf(tree, parentId).map((item) => item.row)),
    defaultSiteSpaceId: root.length > 0 ? defaultSiteSpaceId(tree, site.id) : first!.id,
    createdAt: nowIso(),
  };
  const writes: BatchItem<"sqlite">[] = [db.insert(siteSections).values(section)];
  if (adopted) {
    if (leading !== adopted.position) {
      writes.push(
        db.update(siteSpaces).set({ position: leading }).where(eq(siteSpaces.id, adopted.id)),
      );
    }
  } else {
    writes.push(
      db.insert(siteSpaces).values({ ...first!, position: leading }),
      db
        .update(sites)
        .set({ siteSpacesCount: sql`${sites.siteSpacesCount} + 1` })
        .where(eq(sites.id, site.id)),
    );
  }
  // The first section becomes the default one explicitly (reordering keeps it).
  if (defaultSectionId(tree) === null) {
    writes.push(db.update(sites).set({ defaultSectionId: id }).where(eq(sites.id, site.id)));
  }
  if (root.length > 0) {
    writes.push(
      db
        .update(siteSpaces)
        .set({ sectionId: id, containerId: id })
        .where(and(eq(siteSpaces.siteId, site.id), isNull(siteSpaces.sectionId))),
    );
  }
  return { id, writes };
}

/** The update of a section. */
export interface SectionPatch {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
  siteSectionGroupId?: string | null;
}

/** A section update: path unique in the site (409), default site space of this section (400). */
export function updateSectionPlan(
  db: Database,
  tree: SiteTree,
  section: SectionRow,
  patch: SectionPatch,
): StructureChange {
  const set: Partial<SectionRow> = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.path !== undefined && patch.path !== section.path) {
    if (tree.sections.some((s) => s.id !== section.id && s.path === patch.path)) {
      throw pathTaken("path", patch.path);
    }
    set.path = patch.path;
  }
  if (patch.defaultSiteSpace !== undefined) {
    if (!siteSpacesIn(tree, section.id).some((r) => r.id === patch.defaultSiteSpace)) {
      throw new UnknownReference("defaultSiteSpace", "not a site space of this section");
    }
    set.defaultSiteSpaceId = patch.defaultSiteSpace;
  }
  if (patch.condition !== undefined) set.condition = patch.condition;
  if (patch.icon !== undefined) set.icon = patch.icon;
  if (patch.description !== undefined) set.description = patch.description;
  const target = patch.siteSectionGroupId;
  if (target !== undefined && target !== section.groupId) {
    if (target !== null) groupIn(tree, target, "siteSectionGroupId");
    set.groupId = target;
    set.position = keyAtEnd(childrenOf(tree, target).map((item) => item.row));
  }
  if (Object.keys(set).length === 0) return { id: section.id, writes: [] };
  const write = db.update(siteSections).set(set).where(eq(siteSections.id, section.id));
  // A new condition changes what visitors are shown: their site tokens move on.
  const shown = patch.condition !== undefined;
  return {
    id: section.id,
    writes: shown ? [write, publicationChanged(db, section.siteId)] : [write],
  };
}

/** Deletes a section and its site spaces, keeping the site's counter exact. */
export function deleteSectionPlan(db: Database, siteId: string, sectionId: string) {
  return [
    db
      .delete(siteSpaces)
      .where(and(eq(siteSpaces.siteId, siteId), eq(siteSpaces.sectionId, sectionId))),
    db
      .update(sites)
      .set({ siteSpacesCount: sql`${sites.siteSpacesCount} - changes()` })
      .where(eq(sites.id, siteId)),
    db
      .delete(siteSections)
      .where(and(eq(siteSections.id, sectionId), eq(siteSections.siteId, siteId))),
  ] as const;
}
