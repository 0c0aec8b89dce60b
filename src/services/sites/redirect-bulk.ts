import type { SiteRedirectRow, SiteRow } from "../../db/schema";
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import { siteRedirects } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import type { BulkRedirectItem, BulkRedirectResult } from "../../api/site-redirects";
import { checkDestinations, siteRefsFrom, siteRefStatements } from "./redirect-destinations";
import { allRedirectsHeld, atRedirectCap, countedWrite, OVER_CAP, withSources } from "./redirects";

/**
 * What the bulk upsert reads with the access check: the site's redirects (live and draft) with
 * the body's sources, and the references destinations may name.
 */
export function bulkReadStatements(db: Database, siteId: string, sources: readonly string[]) {
  return {
    existing: db
      .select()
      .from(siteRedirects)
      .where(
        and(
          eq(siteRedirects.siteId, siteId),
          // Both kinds named: the source index (site, draft, source) is then seeked, not scanned.
          inArray(siteRedirects.draft, [false, true]),
          withSources(sources),
        ),
      ),
    ...siteRefStatements(db, siteId),
  };
}

/** A redirect's slot: a source holds one live and one draft redirect. */
const slot = (draft: boolean, source: string) => `${draft ? "draft" : "live"} ${source}`;

/**
 * Applies the bulk upsert's items in order (official bulkUpsertSiteRedirects), each with its
 * own result, and writes the outcome in one batch with the site's counters. An item names the
 * redirect of its source and intent (live or draft); `publish` moves the draft's values to the
 * live redirect (the draft itself when there is none) and removes the draft.
 */
export async function bulkUpsertRedirects(
  db: Database,
  site: SiteRow,
  items: readonly BulkRedirectItem[],
  reads: Results<ReturnType<typeof bulkReadStatements>>,
): Promise<BulkRedirectResult[]> {
  const before = new Map(reads.existing.map((r) => [slot(r.draft, r.source), r]));
  const rows = new Map<string, SiteRedirectRow | null>(before);
  let held = allRedirectsHeld(site);
  const inputs = items.flatMap((item) =>
    item.intent !== "publish" && item.destination ? [item.destination] : [],
  );
  const checked = await checkDestinations(db, siteRefsFrom(reads), inputs);
  let next = 0;
  const now = nowIso();
  const results = items.map((item): BulkRedirectResult => {
    const { source } = item;
    if (item.intent === "publish") {
      const draftRow = rows.get(slot(true, source));
      if (!draftRow)
        return { status: "error", source, draft: true, error: "no draft redirect has this source" };
      const live = rows.get(slot(false, source));
      const { destination, captureWildcard, permanent } = draftRow;
      const published = live
        ? { ...live, destination, captureWildcard, permanent, updatedAt: now }
        : { ...draftRow, draft: false, updatedAt: now };
      rows.set(slot(true, source), null);
      rows.set(slot(false, source), published);
      if (live) held--;
      return { status: "published", source, draft: false, id: published.id };
    }
    const draft = item.intent === "draft";
    const row = rows.get(slot(draft, source)) ?? null;
    if (!item.destination) {
      if (row) held--;
      rows.set(slot(draft, source), null);
      return { status: "deleted", source, draft };
    }
    const check = checked[next++]!;
    if (!check.ok) {
      return { status: "error", source, draft, error: `destination.${check.field}: ${check.rule}` };
    }
    const fields = { destination: check.destination, captureWildcard: item.captureWildcard };
    if (row) {
      const permanent = item.permanent ?? row.permanent;
      rows.set(slot(draft, source), { ...row, ...fields, permanent, updatedAt: now });
      return { status: "updated", source, draft, id: row.id };
    }
    if (atRedirectCap(held)) return { status: "error", source, draft, error: OVER_CAP };
    held++;
    const created: SiteRedirectRow = {
      id: newId(),
      siteId: site.id,
      source,
      draft,
      ...fields,
      permanent: item.permanent ?? false,
      createdAt: now,
      updatedAt: null,
      changedAt: now,
    };
    rows.set(slot(draft, source), created);
    return { status: "created", source, draft, id: created.id };
  });
  const writes = writesOf(db, site.id, [...before.values()], [...rows.values()]);
  if (writes.length > 0) {
    await countedWrite(db, site.id, withSources(items.map((i) => i.source)), writes);
  }
  return results;
}

/**
 * The statements turning the redirects as read into the redirects as left by the items, by id:
 * deletes first, then updates (a published draft becomes live in a slot a delete may free),
 * then inserts, so no statement meets the unique source index's old occupant.
 */
function writesOf(
  db: Database,
  siteId: string,
  before: readonly SiteRedirectRow[],
  after: readonly (SiteRedirectRow | null)[],
): BatchItem<"sqlite">[] {
  const ofSite = (id: string) => and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId));
  const kept = new Map(after.flatMap((r) => (r ? [[r.id, r] as const] : [])));
  const old = new Map(before.map((r) => [r.id, r]));
  const deletes = before
    .filter((r) => !kept.has(r.id))
    .map((r) => db.delete(siteRedirects).where(ofSite(r.id)));
  const updates: BatchItem<"sqlite">[] = [];
  const inserts: BatchItem<"sqlite">[] = [];
  for (const row of kept.values()) {
    const { id: _id, siteId: _site, createdAt: _created, changedAt: _changed, ...values } = row;
    if (!old.has(row.id)) {
      inserts.push(db.insert(siteRedirects).values(row).onConflictDoNothing());
    } else if (row !== old.get(row.id)) {
      updates.push(db.update(siteRedirects).set(values).where(ofSite(row.id)));
    }
  }
  return [...deletes, ...updates, ...inserts];
}
