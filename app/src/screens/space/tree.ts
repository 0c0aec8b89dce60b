import type { TreePage } from "../../api/content-types";

/**
 * A space's page tree as the space and page screens walk it: the page at a path (a group leads
 * to its first page), the page a space opens on, and where a page sits (its ancestors, for the
 * breadcrumbs and the tree's open branches). Pure: over the revision's tree the API answered.
 */

/** A page of the tree with the pages above it, outermost first. */
export interface PlacedPage {
  page: TreePage;
  ancestors: TreePage[];
}

/** Children of a page (none for link pages). */
function childrenOf(page: TreePage): TreePage[] {
  return Array.isArray(page.pages) ? page.pages : [];
}

/** True for a page with a document to show (a document or a computed page). */
function readable(page: TreePage): boolean {
  return page.type === "document" || page.type === "computed";
}

/** Every page in reading order (depth first), with its ancestors; `depth` bounds the walk. */
function* walk(pages: TreePage[], ancestors: TreePage[] = []): Generator<PlacedPage> {
  if (ancestors.length > 32) return;
  for (const page of pages) {
    yield { page, ancestors };
    yield* walk(childrenOf(page), [...ancestors, page]);
  }
}

/** The first readable page at or under `placed` (a group's first page), or undefined. */
function firstReadable(placed: PlacedPage): PlacedPage | undefined {
  if (readable(placed.page)) return placed;
  for (const below of walk(childrenOf(placed.page), [...placed.ancestors, placed.page])) {
    if (readable(below.page)) return below;
  }
  return undefined;
}

/** The page the space opens on: its first shown readable page, else its first readable one. */
export function firstPage(pages: TreePage[]): PlacedPage | undefined {
  const all = [...walk(pages)].filter((p) => readable(p.page));
  return all.find((p) => !p.page.hidden && !p.ancestors.some((a) => a.hidden)) ?? all[0];
}

/** The page at `path` (slugs joined by "/"); a group answers its first readable page. */
export function pageAtPath(pages: TreePage[], path: string): PlacedPage | undefined {
  for (const placed of walk(pages)) {
    if (placed.page.type !== "link" && placed.page.path === path) return firstReadable(placed);
  }
  return undefined;
}

/** Every page of the tree by id (for the links and mentions of a document). */
export function pagesById(pages: TreePage[]): Map<string, TreePage> {
  return new Map([...walk(pages)].map((p) => [p.page.id, p.page]));
}
