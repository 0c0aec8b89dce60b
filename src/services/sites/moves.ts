import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSectionGroups, siteSections, siteSpaces } from "../../db/schema/index";
import { notFound, RefusedValue, UnknownReference } from "../../lib/errors";
import { keyInLevel, type Side } from "../ordering/position";
import { SITES_CROWDED, type StructureChange } from "./structure";
import { childrenOf, siteSpacesIn, type SiteTree } from "./tree";

/** The kinds of structure items that can be ordered. */
export type ItemKind = "site-space" | "site-section" | "site-section-group" | "site-external-link";

/** Where to put an item: before or after a sibling, named by kind and id. */
export interface MoveTarget {
  type: ItemKind;
  id: string;
  side: Side;
  /** The body field naming the target (its path inside the body), for 400 messages. */
  field: string;
}

interface Sibling {
  kind: ItemKind;
  id: string;
  position: string;
}

const NOT_FOUND: Record<ItemKind, string> = {
  "site-space": "Site space",
  "site-section": "Site section",
  "site-section-group": "Site section group",
  "site-external-link": "Site external link",
};

/** The item and its siblings (itself excluded), in order; 404 for an item the site lacks. */
function levelOf(tree: SiteTree, kind: ItemKind, id: string): Sibling[] {
  if (kind === "site-space") {
    const row = tree.siteSpaces.find((r) => r.id === id);
    if (!row) throw notFound(NOT_FOUND[kind]);
    return siteSpacesIn(tree, row.containerId)
      .filter((r) => r.id !== id)
      .map((r) => ({ kind, id: r.id, position: r.position }));
  }
  const parent =
    kind === "site-section"
      ? tree.sections.find((s) => s.id === id)?.groupId
      : kind === "site-section-group"
        ? tree.groups.find((g) => g.id === id)?.parentId
        : undefined;
  if (parent === undefined) throw notFound(NOT_FOUND[kind]);
  return childrenOf(tree, parent)
    .filter((item) => item.row.id !== id)
    .map((item) => ({ kind: item.type, id: item.row.id, position: item.row.position }));
}

/**
 * Moves a site space, section or group before or after a sibling (or to the end of its level).
 * 404 for an unknown item; 400 for an invalid position: the item itself, an item of another
 * kind, of another level, of another site or none.
 */
export function moveItemPlan(
  db: Database,
  tree: SiteTree,
  item: { type: ItemKind; id: string },
  target?: MoveTarget,
): StructureChange {
  const siblings = levelOf(tree, item.type, item.id);
  let anchor: number | null = null;
  if (target) {
    if (target.id === item.id && target.type === item.type) {
      throw new RefusedValue(target.field, "an item cannot be positioned relative to itself");
    }
    const sameLevelKinds =
      item.type === "site-space" ? ["site-space"] : ["site-section", "site-section-group"];
    if (!sameLevelKinds.includes(target.type)) {
      throw new RefusedValue(
        target.field,
        `a ${item.type} can only be positioned relative to a ${sameLevelKinds.join(" or a ")}`,
      );
    }
    const index = siblings.findIndex((s) => s.id === target.id && s.kind === target.type);
    if (index < 0) {
      throw new UnknownReference(target.field, "not an item at the same level of this site");
    }
    anchor = index;
  }
  // Equal keys (two concurrent appends) leave no room between them: go just after the lower.
  const position = keyInLevel(siblings, anchor, target?.side ?? "after", SITES_CROWDED);
  const write =
    item.type === "site-space"
      ? db.update(siteSpaces).set({ position }).where(eq(siteSpaces.id, item.id))
      : item.type === "site-section"
        ? db.update(siteSections).set({ position }).where(eq(siteSections.id, item.id))
        : db.update(siteSectionGroups).set({ position }).where(eq(siteSectionGroups.id, item.id));
  return { id: item.id, writes: [write] };
}
