import { publicationChanged } from "./publication";
import type { SiteSpaceRow, SpaceRow } from "../../db/schema";
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { siteSections, sites, siteSpaces } from "../../db/schema/index";

import { hyphenate } from "../../content/tree";
import { conflict, ValueTaken } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keyAfterLast, keyInLevel, type OnCrowded } from "../ordering/position";
import { chunked } from "../../db/chunked";
import { containerOf, defaultSiteSpaceId, siteSpacesIn, type SiteTree } from "./tree";

/** Most site spaces one site may hold: the whole structure is read for every structure call. */
export const MAX_SITE_SPACES = 1000;

/** A URL path segment from a title: lowercase letters, digits and hyphens (at most 90). */
export function slugify(title: string, fallback: string): string {
  return hyphenate(title).slice(0, 90).replace(/-+$/g, "") || fallback;
}

/** `base`, or `base-2`, `base-3`... whichever is not in `taken`; the result is added to `taken`. */
export function uniquePath(base: string, taken: Set<string>): string {
  let path = base;
  for (let n = 2; taken.has(path); n++) path = `${base}-${n}`;
  taken.add(path);
  return path;
}

/**
 * What a site move does when two siblings hold keys with no room between them: go just after the
 * lower one (the ordering rule of `services/ordering/position.ts`, never a 409 for sites).
 */
export const SITES_CROWDED: OnCrowded = "after-lower";

/** The key after the last of `siblings` (sorted by position). */
export function keyAtEnd(siblings: readonly { position: string }[]): string {
  return keyInLevel(siblings, null, "after", SITES_CROWDED);
}

/**
 * Rows for new site spaces, one per space, appended after `after` (a position key, null: first)
 * with paths made unique among `takenPaths` (the container's current paths).
 */
export function newSiteSpaceRows(
  where: { siteId: string; sectionId: string | null; title?: string },
  spaces: readonly SpaceRow[],
  takenPaths: readonly string[],
  after: string | null,
): SiteSpaceRow[] {
  const taken = new Set(takenPaths);
  const now = nowIso();
  let position = after;
  return spaces.map((space) => {
    position = keyAfterLast(position);
    return {
      id: newId(),
      siteId: where.siteId,
      sectionId: where.sectionId,
      containerId: where.sectionId ?? where.siteId,
      spaceId: space.id,
      path: uniquePath(slugify(where.title ?? space.title, "space"), taken),
      condition: null,
      title: where.title ?? null,
      position,
      createdAt: now,
    };
  });
}

/** Insert statements for site-space rows, chunked under D1's 100 bound parameters. */
export function insertSiteSpaces(db: Database, rows: readonly SiteSpaceRow[]) {
  // 11 columns a row: 9 rows stay under the 100 parameters.
  return chunked([...rows], 9).map((chunk) => db.insert(siteSpaces).values(chunk));
}

/** Statements to run in one batch, and the id of the item they create or change. */
export interface StructureChange {
  writes: BatchItem<"sqlite">[];
  id: string;
}

/** Adds a space at the end of a container (a section, or the root) and counts it. */
export function addSiteSpacePlan(
  db: Database,
  tree: SiteTree,
  space: SpaceRow,
  sectionId: string | null,
  title?: string,
): StructureChange {
  const siblings = siteSpacesIn(tree, containerOf(tree.site, sectionId));
  const after = siblings[siblings.length - 1]?.position ?? null;
  const [row] = newSiteSpaceRows(
    { siteId: tree.site.id, sectionId, title },
    [space],
    siblings.map((s) => s.path),
    after,
  );
  const writes: BatchItem<"sqlite">[] = [
    db.insert(siteSpaces).values(row!),
    db
      .update(sites)
      .set({ siteSpacesCount: sql`${sites.siteSpacesCount} + 1` })
      .where(eq(sites.id, tree.site.id)),
  ];
  // The first site space of a container becomes its default explicitly (reordering keeps it).
  if (defaultSiteSpaceId(tree, containerOf(tree.site, sectionId)) === null) {
    writes.push(
      sectionId
        ? db
            .update(siteSections)
            .set({ defaultSiteSpaceId: row!.id })
            .where(eq(siteSections.id, sectionId))
        : db.update(sites).set({ defaultSiteSpaceId: row!.id }).where(eq(sites.id, tree.site.id)),
    );
  }
  return { id: row!.id, writes };
}

/** The update of a site space: path, condition (null removes it), space. */
export interface SiteSpacePatch {
  path?: string;
  condition?: string | null;
  spaceId?: string;
}

/** A site-space update (409 when the path is taken among its siblings). */
export function updateSiteSpacePlan(
  db: Database,
  tree: SiteTree,
  row: SiteSpaceRow,
  patch: SiteSpacePatch,
): StructureChange {
  if (patch.path !== undefined && patch.path !== row.path) {
    const taken = siteSpacesIn(tree, row.containerId).some(
      (other) => other.id !== row.id && other.path === patch.path,
    );
    if (taken) throw pathTaken("path", patch.path);
  }
  const set: Partial<SiteSpaceRow> = {};
  if (patch.path !== undefined) set.path = patch.path;
  if (patch.condition !== undefined) set.condition = patch.condition;
  if (patch.spaceId !== undefined) set.spaceId = patch.spaceId;
  if (Object.keys(set).length === 0) return { id: row.id, writes: [] };
  const write = db.update(siteSpaces).set(set).where(eq(siteSpaces.id, row.id));
  // A new condition or space changes what visitors are shown: their site tokens move on.
  const shown = patch.condition !== undefined || patch.spaceId !== undefined;
  return { id: row.id, writes: shown ? [write, publicationChanged(db, row.siteId)] : [write] };
}

/** Removes a site space and keeps the site's counter exact; absent: nothing changes. */
export function deleteSiteSpacePlan(db: Database, siteId: string, siteSpaceId: string) {
  return [
    db.delete(siteSpaces).where(and(eq(siteSpaces.id, siteSpaceId), eq(siteSpaces.siteId, siteId))),
    db
      .update(sites)
      .set({ siteSpacesCount: sql`${sites.siteSpacesCount} - changes()` })
      .where(eq(sites.id, siteId)),
  ];
}

/**
 * Statements removing every site space of a space (for the space delete or transfer batch),
 * keeping each site's counter exact: the counters first, from the rows about to go.
 */
export function siteSpacesCleanupStatements(db: Database, spaceId: string) {
  return [
    db
      .update(sites)
      .set({
        siteSpacesCount: sql`${sites.siteSpacesCount} - (SELECT COUNT(*) FROM site_spaces x
          WHERE x.site_id = ${sites.id} AND x.space_id = ${spaceId})`,
      })
      .where(sql`${sites.id} IN (SELECT site_id FROM site_spaces WHERE space_id = ${spaceId})`),
    db.delete(siteSpaces).where(eq(siteSpaces.spaceId, spaceId)),
  ] as const;
}

/** The 409 of a body path (`field`, inside the body) already used by a sibling. */
export function pathTaken(field: string, path: string) {
  return new ValueTaken(field, `the path "${path}" is already used at this level of the site`);
}

/**
 * Runs a write whose unique indexes (paths) a concurrent request may have beaten since the checks
 * ran on the state that was read: a constraint failure is a 409 asking to retry; anything else
 * propagates.
 */
export async function writeOrConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // D1 reports SQLite's result code in the message; there is no structured code to read.
    if (
      err instanceof Error &&
      /SQLITE_CONSTRAINT/.test(String(err.message) + String(err.cause ?? ""))
    ) {
      throw conflict("The site structure changed concurrently; retry the request");
    }
    throw err;
  }
}
