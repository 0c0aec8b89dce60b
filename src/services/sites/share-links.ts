import { publicationChanged } from "./publication";
import type { ShareLinkRow } from "../../db/schema";
import { and, asc, count, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan, type Plan, type Statements } from "../../db/plan";
import { shareLinks, sites } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { randomToken } from "../../lib/crypto";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { containsText } from "./sites";

/**
 * The official `search` of the share-link list: the name contains the text (case-insensitive),
 * or, for callers who may see keys (`byKey`), the key is exactly the text.
 */
interface ShareLinkSearch {
  text: string;
  byKey: boolean;
}

function shareLinksWhere(siteId: string, search?: ShareLinkSearch): SQL {
  const site = eq(shareLinks.siteId, siteId);
  if (!search) return site;
  const name = containsText(sql`lower(${shareLinks.name})`, search.text);
  return and(site, search.byKey ? or(name, eq(shareLinks.key, search.text)) : name)!;
}

/** One page of a site's share links, oldest first (created_at, id), optionally searched. */
function shareLinksPageQuery(
  db: Database,
  siteId: string,
  page: { limit: number; after?: CursorKey },
  search?: ShareLinkSearch,
) {
  const where = shareLinksWhere(siteId, search);
  return db
    .select()
    .from(shareLinks)
    .where(
      page.after
        ? and(where, keysetAfter([shareLinks.createdAt, shareLinks.id], page.after))
        : where,
    )
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id))
    .limit(page.limit + 1);
}

/** The exact count of a searched share-link list (unsearched lists use the site's counter). */
function shareLinksCountQuery(db: Database, siteId: string, search: ShareLinkSearch) {
  return db.select({ n: count() }).from(shareLinks).where(shareLinksWhere(siteId, search));
}

/** A page of share links: its rows and, for a searched list, the exact count. */
export interface ShareLinkPage {
  rows: ShareLinkRow[];
  count?: number;
}

/**
 * One page of a site's share links, as a plan: the page for a caller who may see keys or not
 * (`finish(results)(showKeys)`). A search matches keys only for those who may see them, and the
 * role comes from the same batch, so both variants are read (a searched list is small and
 * indexed by site).
 */
export function shareLinkListPlan(
  db: Database,
  siteId: string,
  page: { limit: number; after?: CursorKey },
  search?: string,
): Plan<Statements, (showKeys: boolean) => ShareLinkPage> {
  // The two shapes run through one resolver call: its `with` takes any named statements.
  type Shown = Plan<Statements, (showKeys: boolean) => ShareLinkPage>;
  if (!search) {
    const unsearched = plan({ page: shareLinksPageQuery(db, siteId, page) }, (r) => () => ({
      rows: r.page,
    }));
    return unsearched as unknown as Shown;
  }
  const byName = { text: search, byKey: false };
  const byKey = { text: search, byKey: true };
  const searched = plan(
    {
      named: shareLinksPageQuery(db, siteId, page, byName),
      namedCount: shareLinksCountQuery(db, siteId, byName),
      keyed: shareLinksPageQuery(db, siteId, page, byKey),
      keyedCount: shareLinksCountQuery(db, siteId, byKey),
    },
    (r) => (showKeys: boolean) =>
      showKeys
        ? { rows: r.keyed, count: r.keyedCount[0]?.n }
        : { rows: r.named, count: r.namedCount[0]?.n },
  );
  return searched as unknown as Shown;
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
  const update = db
    .update(shareLinks)
    .set(patch)
    .where(and(eq(shareLinks.id, row.id), eq(shareLinks.siteId, row.siteId)))
    .returning();
  // A key that stops working takes the site tokens minted with it along (all of the site's).
  if (patch.active === false && row.active) {
    const [[stored]] = await db.batch([update, publicationChanged(db, row.siteId)]);
    return stored;
  }
  const [stored] = await update;
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
    publicationChanged(db, siteId),
  ]);
}
