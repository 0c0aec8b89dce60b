import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSpaces, sites, spaces } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import { searchPages, searchSpaces } from "../search/indexer";

/**
 * The statements that move a set of live spaces to the trash (`ids`: SQL selecting their ids,
 * evaluated before the spaces change), as deleting one space does: their site spaces go (with
 * the sites' counters), their search entries go, and they stay restorable for the retention
 * period. Used when a collection is deleted with the spaces in it; runs inside the caller's batch.
 */
export function trashSpacesStatements(db: Database, ids: SQL) {
  const live = sql`SELECT id FROM spaces WHERE id IN (${ids}) AND deleted_at IS NULL`;
  return [
    db
      .update(sites)
      .set({
        siteSpacesCount: sql`${sites.siteSpacesCount} - (SELECT COUNT(*) FROM site_spaces x
          WHERE x.site_id = ${sites.id} AND x.space_id IN (${live}))`,
      })
      .where(sql`${sites.id} IN (SELECT site_id FROM site_spaces WHERE space_id IN (${live}))`),
    db.delete(siteSpaces).where(sql`${siteSpaces.spaceId} IN (${live})`),
    db.delete(searchPages).where(sql`${searchPages.spaceId} IN (${live})`),
    db.delete(searchSpaces).where(sql`${searchSpaces.spaceId} IN (${live})`),
    db
      .update(spaces)
      .set({ deletedAt: nowIso() })
      .where(sql`${spaces.id} IN (${live})`),
  ] as const;
}

/**
 * After a space moved to organization `to` (checked in SQL, so a transfer that did not happen
 * removes nothing): its site spaces in the sites of organization `from`, with their counters.
 */
export function leaveSitesStatements(db: Database, spaceId: string, from: string, to: string) {
  const moved = sql`EXISTS (SELECT 1 FROM spaces WHERE id = ${spaceId} AND organization_id = ${to})`;
  const oldSites = sql`SELECT id FROM sites WHERE organization_id = ${from}`;
  return [
    db
      .update(sites)
      .set({
        siteSpacesCount: sql`${sites.siteSpacesCount} - (SELECT COUNT(*) FROM site_spaces x
          WHERE x.site_id = ${sites.id} AND x.space_id = ${spaceId})`,
      })
      .where(sql`${sites.organizationId} = ${from} AND ${moved}`),
    db
      .delete(siteSpaces)
      .where(
        sql`${siteSpaces.spaceId} = ${spaceId} AND ${siteSpaces.siteId} IN (${oldSites}) AND ${moved}`,
      ),
  ] as const;
}
