import type { SiteRedirectRow } from "../../db/schema";
import { and, count, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import type { Results } from "../../db/plan";
import { siteRedirects } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import type { BulkRedirectItem, BulkRedirectResult } from "../../api/site-redirects";
import { checkDestinations, siteRefsFrom, siteRefStatements } from "./redirect-destinations";
import { MAX_REDIRECTS_PER_SITE } from "./redirects";

/**
 * What the bulk upsert reads with the access check: the site's redirects with the body's
 * sources, how many the site holds, and the references destinations may name.
 */
export function bulkReadStatements(db: Database, siteId: string, sources: readonly string[]) {
  const wanted = JSON.stringify([...new Set(sources)]);
  return {
    existing: db
      .select()
      .from(siteRedirects)
      .where(
        and(
          eq(siteRedirects.siteId, siteId),
          sql`${siteRedirects.source} IN (SELECT value FROM json_each(${wanted}))`,
        ),
      ),
    total: db.select({ n: count() }).from(siteRedirects).where(eq(siteRedirects.siteId, siteId)),
    ...siteRefStatements(db, siteId),
  };
}

/** The state a bulk upsert works on: each source's redirect (null: none), the site's count. */
interface BulkState {
  rows: Map<string, SiteRedirectRow | null>;
  total: number;
}

const kindOf = (draft: boolean) => (draft ? "draft" : "live");

/**
 * Applies the bulk upsert's items in order (official bulkUpsertSiteRedirects), each with its
 * own result, and writes the outcome in one batch. A source holds one redirect, draft or live:
 * an item for the other kind of an existing source is an error result.
 */
export async function bulkUpsertRedirects(
  db: Database,
  siteId: string,
  items: readonly BulkRedirectItem[],
  reads: Results<ReturnType<typeof bulkReadStatements>>,
): Promise<BulkRedirectResult[]> {
  const before = new Map(reads.existing.map((r) => [r.source, r]));
  const state: BulkState = { rows: new Map(before), total: reads.total[0]?.n ?? 0 };
  const inputs = items.flatMap((item) =>
    item.intent !== "publish" && item.destination ? [item.destination] : [],
  );
  const checked = await checkDestinations(db, siteRefsFrom(reads), inputs);
  let next = 0;
  const now = nowIso();
  const results = items.map((item): BulkRedirectResult => {
    const { source } = item;
    const row = state.rows.get(source) ?? null;
    if (item.intent === "publish") {
      if (!row?.draft)
        return { status: "error", source, draft: true, error: "no draft redirect has this source" };
      const published = { ...row, draft: false, updatedAt: now };
      state.rows.set(source, published);
      return { status: "published", source, draft: false, id: published.id };
    }
    const draft = item.intent === "draft";
    if (row && row.draft !== draft) {
      const error = `a ${kindOf(row.draft)} redirect has this source (a source holds one redirect)`;
      if (item.destination) next++;
      return { status: "error", source, draft, error };
    }
    if (!item.destination) {
      state.rows.set(source, null);
      return { status: "deleted", source, draft };
    }
    const check = checked[next++]!;
    if (!check.ok) {
      return { status: "error", source, draft, error: `destination.${check.field}: ${check.rule}` };
    }
    const fields = { destination: check.destination, captureWildcard: item.captureWildcard };
    if (row) {
      const updated = {
        ...row,
        ...fields,
        permanent: item.permanent ?? row.permanent,
        updatedAt: now,
      };
      state.rows.set(source, updated);
      return { status: "updated", source, draft, id: row.id };
    }
    if (state.total >= MAX_REDIRECTS_PER_SITE) {
      const error = `a site holds at most ${MAX_REDIRECTS_PER_SITE} redirects`;
      return { status: "error", source, draft, error };
    }
    state.total++;
    const created = {
      id: newId(),
      siteId,
      source,
      draft,
      ...fields,
      permanent: item.permanent ?? false,
      createdAt: now,
      updatedAt: null,
    };
    state.rows.set(source, created);
    return { status: "created", source, draft, id: created.id };
  });
  const writes = writesOf(db, siteId, before, state.rows);
  if (writes.length > 0) await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return results;
}

/** The statements turning the redirects as read into the redirects as left by the items. */
function writesOf(
  db: Database,
  siteId: string,
  before: ReadonlyMap<string, SiteRedirectRow>,
  after: ReadonlyMap<string, SiteRedirectRow | null>,
): BatchItem<"sqlite">[] {
  const writes: BatchItem<"sqlite">[] = [];
  const ofSite = (id: string) => and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId));
  for (const [source, row] of after) {
    const old = before.get(source);
    if (old && (!row || row.id !== old.id))
      writes.push(db.delete(siteRedirects).where(ofSite(old.id)));
    if (!row) continue;
    if (!old || row.id !== old.id) {
      writes.push(db.insert(siteRedirects).values(row).onConflictDoNothing());
    } else if (row !== old) {
      const { id: _id, siteId: _site, createdAt: _created, ...changed } = row;
      writes.push(db.update(siteRedirects).set(changed).where(ofSite(row.id)));
    }
  }
  return writes;
}
