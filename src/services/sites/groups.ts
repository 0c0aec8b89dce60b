import type { GroupRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { siteSectionGroups, siteSections } from "../../db/schema/index";
import { RefusedValue, UnknownReference } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keyAfterLast } from "../ordering/position";
import { groupIn, keysAfter } from "./sections";
import { keyAtEnd, type StructureChange } from "./structure";
import { childrenOf, type SiteTree } from "./tree";

/** Creates a group at the end of its parent level, taking in `sections` in the given order. */
export function createGroupPlan(
  db: Database,
  tree: SiteTree,
  input: { title: string; icon?: string | null; sections?: string[]; parent?: string },
): StructureChange {
  const parentId = input.parent ?? null;
  if (parentId) groupIn(tree, parentId, "parent");
  const members = [...new Set(input.sections ?? [])];
  members.forEach((sid) => {
    if (!tree.sections.some((s) => s.id === sid)) {
      const i = (input.sections ?? []).indexOf(sid);
      throw new UnknownReference(`sections[${i}]`, "no such section in this site");
    }
  });
  const id = newId();
  const writes: BatchItem<"sqlite">[] = [
    db.insert(siteSectionGroups).values({
      id,
      siteId: tree.site.id,
      parentId,
      title: input.title,
      icon: input.icon ?? null,
      position: keyAtEnd(childrenOf(tree, parentId).map((item) => item.row)),
      createdAt: nowIso(),
    }),
  ];
  let position: string | null = null;
  for (const sid of members) {
    position = keyAfterLast(position);
    writes.push(
      db.update(siteSections).set({ groupId: id, position }).where(eq(siteSections.id, sid)),
    );
  }
  return { id, writes };
}

/** Whether `candidate` is `group` or nested (at any depth) inside it. */
function isWithin(tree: SiteTree, candidate: string, group: string): boolean {
  const seen = new Set<string>();
  for (let cur: string | null = candidate; cur && !seen.has(cur); ) {
    if (cur === group) return true;
    seen.add(cur);
    cur = tree.groups.find((g) => g.id === cur)?.parentId ?? null;
  }
  return false;
}

/** A group update: title, icon, parent (never itself or one of its descendants: 400). */
export function updateGroupPlan(
  db: Database,
  tree: SiteTree,
  group: GroupRow,
  patch: { title?: string; icon?: string | null; parentSectionGroupId?: string | null },
): StructureChange {
  const set: Partial<GroupRow> = {};
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.icon !== undefined) set.icon = patch.icon;
  const target = patch.parentSectionGroupId;
  if (target !== undefined && target !== group.parentId) {
    if (target !== null) {
      groupIn(tree, target, "parentSectionGroupId");
      if (isWithin(tree, target, group.id)) {
        throw new RefusedValue(
          "parentSectionGroupId",
          "a section group cannot be nested inside itself or its descendants",
        );
      }
    }
    set.parentId = target;
    set.position = keyAtEnd(childrenOf(tree, target).map((item) => item.row));
  }
  if (Object.keys(set).length === 0) return { id: group.id, writes: [] };
  return {
    id: group.id,
    writes: [db.update(siteSectionGroups).set(set).where(eq(siteSectionGroups.id, group.id))],
  };
}

/** Deletes a group; its children move up to its parent, in order, where the group was. */
export function deleteGroupPlan(db: Database, tree: SiteTree, group: GroupRow) {
  const children = childrenOf(tree, group.id);
  const keys = keysAfter(tree, group.parentId, group, children.length);
  const writes: BatchItem<"sqlite">[] = children.map((item, i) =>
    item.type === "site-section"
      ? db
          .update(siteSections)
          .set({ groupId: group.parentId, position: keys[i]! })
          .where(eq(siteSections.id, item.row.id))
      : db
          .update(siteSectionGroups)
          .set({ parentId: group.parentId, position: keys[i]! })
          .where(eq(siteSectionGroups.id, item.row.id)),
  );
  writes.push(db.delete(siteSectionGroups).where(eq(siteSectionGroups.id, group.id)));
  return writes;
}

/** Puts a section of the site at the end of a group (nothing if it is already in it). */
export function addSectionToGroupPlan(
  db: Database,
  tree: SiteTree,
  group: GroupRow,
  sectionId: string,
): StructureChange {
  const section = tree.sections.find((s) => s.id === sectionId);
  if (!section) throw new UnknownReference("sectionId", "no such section in this site");
  if (section.groupId === group.id) return { id: group.id, writes: [] };
  const position = keyAtEnd(childrenOf(tree, group.id).map((item) => item.row));
  return {
    id: group.id,
    writes: [
      db
        .update(siteSections)
        .set({ groupId: group.id, position })
        .where(eq(siteSections.id, section.id)),
    ],
  };
}

/** Takes a section out of a group, right after the group at its level (nothing if not in it). */
export function removeSectionFromGroupPlan(
  db: Database,
  tree: SiteTree,
  group: GroupRow,
  sectionId: string,
) {
  const section = tree.sections.find((s) => s.id === sectionId && s.groupId === group.id);
  if (!section) return [];
  const [position] = keysAfter(tree, group.parentId, group, 1);
  return [
    db
      .update(siteSections)
      .set({ groupId: group.parentId, position: position! })
      .where(eq(siteSections.id, section.id)),
  ];
}
