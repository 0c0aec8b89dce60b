import type { ShareLinkRow } from "../../db/schema";
import { and, asc, count, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { shareLinks, sites } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { randomToken } from "../../lib/crypto";
import { keysetAfter, type CursorKey } from "../../lib/pagination";
import { containsPattern } from "./sites";

/**
 * The official `search` of the share-link list: the name contains the text (case-insensitive),
 * or, for callers who may see keys (`byKey`), the key is exactly the text.
 */
export interface ShareLinkSearch {
  text: string;
  byKey: boolean;
}

function shareLinksWhere(siteId: string, search?: ShareLinkSearch): SQL {
  const site = eq(shareLinks.siteId, siteId);
  if (!search) return site;
  const name = sql`lower(${shareLinks.name}) LIKE ${containsPattern(search.text)} ESCAPE '\\'`;
  return and(site, search.byKey ? or(name, eq(shareLinks.key, search.text)) : name)!;
}

/** One page of a site's share links, oldest first (created_at, id), optionally searched. */
export function shareLinksPageQuery(
  db: Database,
  siteId: string,
  limit: number,
  after?: CursorKey,
  search?: ShareLinkSearch,
) {
  const where = shareLinksWhere(siteId, search);
  return db
    .select()
    .from(shareLinks)
    .where(after ? and(where, keysetAfter([shareLinks.createdAt, shareLinks.id], after)) : where)
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id))
    .limit(limit + 1);
}

/** The exact count of a searched share-link list (unsearched lists use the site's counter). */
export function shareLinksCountQuery(db: Database, siteId: string, search: ShareLinkSearch) {
  return db.select({ n: count() }).from(shareLinks).where(shareLinksWhere(siteId, search));
}

/** One share link of a site, as a query to batch. */
export function shareLinkQuery(db: Database, siteId: string, shareLinkId: string) {
  return db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, shareLinkId), eq(shareLinks.siteId, siteId)))
    .limit(1);
}

/** Creates an active share link with a fresh secret key and counts it, in one batch. */
export async function createShareLink(
  db: Database,
  siteId: string,
  name: string,
): Promise<ShareLinkRow> {
  const row: ShareLinkRow = {
    id: newId(),
    siteId,
    name,
    key: randomToken(24),
    active: true,
    createdAt: nowIso(),
  };
  await db.batch([
    db.insert(shareLinks).values(row),
    db
      .update(sites)
      .set({ shareLinksCount: sql`${sites.shareLinksCount} + 1` })
      .where(eq(sites.id, siteId)),
  ]);
  return row;
}

/** Updates a share link's name or state; returns the stored row (undefined: gone meanwhile). */
export async function updateShareLink(
  db: Database,
  row: ShareLinkRow,
  patch: { active?: boolean; name?: string },
): Promise<ShareLinkRow | undefined> {
  const [stored] = await db
    .update(shareLinks)
    .set(patch)
    .where(and(eq(shareLinks.id, row.id), eq(shareLinks.siteId, row.siteId)))
    .returning();
  return stored;
}

/** Deletes a share link (its key stops working at once) and keeps the counter exact. */
export async function deleteShareLink(db: Database, siteId: string, shareLinkId: string) {
  await db.batch([
    db.delete(shareLinks).where(and(eq(shareLinks.id, shareLinkId), eq(shareLinks.siteId, siteId))),
    db
      .update(sites)
      .set({ shareLinksCount: sql`${sites.shareLinksCount} - changes()` })
      .where(eq(sites.id, siteId)),
  ]);
}
