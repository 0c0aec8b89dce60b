import type { Api } from "../../api/client";
import type { ChangeRequest } from "../../api/change-request-types";
import type { RevisionTree, TreePage } from "../../api/content-types";
import { changeRequestApiPath, spaceApiPath } from "./load";

/**
 * What the page tree screen of a change request reads (public /v1 operations only, one
 * parallel wave): the space (the person's `permissions`: whether the tree's forms show), the
 * change request by number, and its revision's tree without bodies. And where each move of a
 * page puts it, as `update_page`'s `into` and `at` (`at` counts the siblings without the page).
 */

/** The tree screen's data. */
export interface TreeView {
  spaceId: string;
  changeRequest: ChangeRequest;
  pages: TreePage[];
  canEdit: boolean;
}

/** Reads the tree screen's data (ApiRefusal when the person cannot see it). */
export async function loadTree(api: Api, spaceId: string, number: string): Promise<TreeView> {
  const crPath = changeRequestApiPath(spaceId, number);
  const [space, changeRequest, tree] = await Promise.all([
    api.get<{ permissions?: Record<string, boolean> }>(spaceApiPath(spaceId)),
    api.get<ChangeRequest>(crPath),
    api.get<RevisionTree>(`${crPath}/content`, { bodies: false }),
  ]);
  return {
    spaceId,
    changeRequest,
    pages: tree.pages,
    canEdit: space.permissions?.edit === true && changeRequest.status !== "merged",
  };
}

/** A place in the tree: the parent (null at the top) and the index among its other children. */
export interface Place {
  into: string | null;
  at: number;
}

/** The places a page can move to from where it is (absent when it cannot go that way). */
export interface Moves {
  up?: Place;
  down?: Place;
  indent?: Place;
  outdent?: Place;
}

/** Children of a page (none for link pages). */
export function childrenOf(page: TreePage): TreePage[] {
  return Array.isArray(page.pages) ? page.pages : [];
}

/** Where the page at `index` of `siblings` (under `parent`, in `grand` at `parentIndex`) can go. */
export function movesOf(
  siblings: TreePage[],
  index: number,
  parent: { id: string; index: number; into: string | null } | null,
): Moves {
  const into = parent?.id ?? null;
  const before = siblings[index - 1];
  return {
    ...(index > 0 ? { up: { into, at: index - 1 } } : {}),
    ...(index < siblings.length - 1 ? { down: { into, at: index + 1 } } : {}),
    ...(before && before.type !== "link"
      ? { indent: { into: before.id, at: childrenOf(before).length } }
      : {}),
    ...(parent ? { outdent: { into: parent.into, at: parent.index + 1 } } : {}),
  };
}

/** A place as a form value ("<parent id>:<at>", the parent empty at the top). */
export const placeValue = (place: Place): string => `${place.into ?? ""}:${place.at}`;

/** A form value read back as a place, or null when it is not one. */
export function placeOf(value: string): Place | null {
  const match = /^([^:]*):(\d{1,6})$/.exec(value);
  if (!match) return null;
  return { into: match[1] ? match[1] : null, at: Number(match[2]) };
}

/** How many pages are under `page` (to say what a delete takes with it). */
export function descendantsOf(page: TreePage): number {
  return childrenOf(page).reduce((n, child) => n + 1 + descendantsOf(child), 0);
}

/** The page with `id` in the tree, with its parent's id and its index, or undefined. */
export function findPage(
  pages: TreePage[],
  id: string,
  parent: string | null = null,
  depth = 0,
): { page: TreePage; parent: string | null; index: number } | undefined {
  if (depth > 32) return undefined;
  for (const [index, page] of pages.entries()) {
    if (page.id === id) return { page, parent, index };
    const below = findPage(childrenOf(page), id, page.id, depth + 1);
    if (below) return below;
  }
  return undefined;
}
