import type { SiteRedirectRow, SiteRow } from "../../db/schema";
import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { plan, type Plan, type Statements } from "../../db/plan";
import { siteRedirects, sites } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { RefusedValue, ValueTaken } from "../../lib/errors";
import { redirectCandidates } from "../../lib/site-redirects";
import { keysetAfter } from "../../http/pagination";
import { containsText } from "./sites";
import type { SiteRedirectDestination } from "../../api/site-redirects";

/** How many redirects one site may hold, live and draft: creation beyond it is refused. */
const MAX_REDIRECTS_PER_SITE = 10_000;

/** All the site's redirects, live and draft (its counters, as read with the access check). */
export function allRedirectsHeld(site: SiteRow): number {
  return site.liveRedirectsCount + site.draftRedirectsCount;
}

/** Whether a site holding `held` redirects is at the cap: one more is refused. */
export function atRedirectCap(held: number): boolean {
  return held >= MAX_REDIRECTS_PER_SITE;
}

/** The refusal of a redirect over the cap (its message; a 400 for the whole body). */
export const OVER_CAP = `a site holds at most ${MAX_REDIRECTS_PER_SITE} redirects`;

/** The refusal of a source another redirect of the same kind (live, draft) has (409). */
export const sourceTaken = (field = "source") =>
  new ValueTaken(
    field,
    "another redirect of this kind (live or draft) has this source in this site",
  );

/** The site's live or draft redirects, from the counters the writes keep exact. */
export function redirectsHeld(site: SiteRow, draft: boolean): number {
  return draft ? site.draftRedirectsCount : site.liveRedirectsCount;
}

/**
 * The official orders (SiteRedirectOrderBy): the most recently created first, the most recently
 * updated first (the creation time for one never updated: the stored `changed_at`), or by source
 * ascending; each on its index within live or draft, the id breaking ties.
 */
const ORDERS = {
  createdAt: { field: "createdAt", direction: "desc" },
  updatedAt: { field: "changedAt", direction: "desc" },
  source: { field: "source", direction: "asc" },
} as const;

/** The orders of the redirect list (official SiteRedirectOrderBy). */
export type RedirectOrder = keyof typeof ORDERS;

/** The sort key's value of a row, as the list's cursor carries it. */
export function orderValue(row: SiteRedirectRow, order: RedirectOrder): string {
  return row[ORDERS[order].field];
}

/** What the list asks for: the page, draft or live, a search, an order. */
export interface RedirectListQuery {
  limit: number;
  after?: readonly [string, string];
  draft: boolean;
  search?: string;
  orderBy: RedirectOrder;
}

/**
 * One page of a site's live or draft redirects (a keyset scan of the order's index: limit + 1
 * rows) and, for a searched list only, its exact count (the site's counters count the others).
 */
export function redirectListPlan(
  db: Database,
  siteId: string,
  q: RedirectListQuery,
): Plan<Statements, RedirectPage> {
  const parts = [eq(siteRedirects.siteId, siteId), eq(siteRedirects.draft, q.draft)];
  if (q.search) parts.push(containsText(sql`lower(${siteRedirects.source})`, q.search));
  const where = and(...parts)!;
  const { field, direction } = ORDERS[q.orderBy];
  const key = siteRedirects[field];
  const sort = direction === "asc" ? asc : desc;
  const page = db
    .select()
    .from(siteRedirects)
    .where(q.after ? and(where, keysetAfter([key, siteRedirects.id], q.after, direction)) : where)
    .orderBy(sort(key), sort(siteRedirects.id))
    .limit(q.limit + 1);
  // The two shapes run through one resolver call: its `with` takes any named statements.
  type Shown = Plan<Statements, RedirectPage>;
  if (!q.search) return plan({ page }, (r) => ({ rows: r.page })) as unknown as Shown;
  const total = db.select({ n: count() }).from(siteRedirects).where(where);
  const searched = plan({ page, total }, (r) => ({ rows: r.page, count: r.total[0]?.n ?? 0 }));
  return searched as unknown as Shown;
}

/** A page of redirects: its rows and, for a searched list, the exact count. */
export interface RedirectPage {
  rows: SiteRedirectRow[];
  count?: number;
}

/** A redirect of the site by id, as a statement to batch. */
export function redirectByIdQuery(db: Database, siteId: string, id: string) {
  return db
    .select()
    .from(siteRedirects)
    .where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId)))
    .limit(1);
}

/** The redirect of the site with this source and kind (other than `except`), to batch. */
export function redirectBySourceQuery(
  db: Database,
  siteId: string,
  source: string,
  draft: boolean,
  except = "",
) {
  return db
    .select({ id: siteRedirects.id })
    .from(siteRedirects)
    .where(
      and(
        eq(siteRedirects.siteId, siteId),
        eq(siteRedirects.draft, draft),
        eq(siteRedirects.source, source),
        ne(siteRedirects.id, except),
      ),
    )
    .limit(1);
}

/** The live redirects of a site whose source could match `path` (see src/lib/site-redirects). */
export function redirectCandidatesQuery(db: Database, siteId: string, path: string) {
  return db
    .select()
    .from(siteRedirects)
    .where(
      and(
        eq(siteRedirects.siteId, siteId),
        eq(siteRedirects.draft, false),
        withSources(redirectCandidates(path)),
      ),
    );
}

/** The redirects whose source is one of `sources`, as a condition (one bound JSON text). */
export function withSources(sources: readonly string[]): SQL {
  const list = JSON.stringify([...new Set(sources)]);
  return sql`${siteRedirects.source} IN (SELECT value FROM json_each(${list}))`;
}

/**
 * A write to a site's redirects in one batch with its counters kept exact: the redirects
 * `touched` selects (those the write may change, by id or by source) leave the counters before
 * the write and come back, as the write left them, after it. A batch is one transaction, so
 * whatever the write did (nothing, for a row gone meanwhile) the counters follow it; each count
 * reads only the touched rows, through an index.
 */
export async function countedWrite(
  db: Database,
  siteId: string,
  touched: SQL,
  writes: readonly BatchItem<"sqlite">[],
): Promise<unknown[]> {
  const move = (sign: 1 | -1) => {
    const held = (draft: boolean) =>
      sql`(SELECT count(*) FROM ${siteRedirects} WHERE ${and(
        eq(siteRedirects.siteId, siteId),
        eq(siteRedirects.draft, draft),
        touched,
      )})`;
    return db
      .update(sites)
      .set({
        liveRedirectsCount: sql`${sites.liveRedirectsCount} + ${sign} * ${held(false)}`,
        draftRedirectsCount: sql`${sites.draftRedirectsCount} + ${sign} * ${held(true)}`,
      })
      .where(eq(sites.id, siteId));
  };
  const results = await db.batch([move(-1), ...writes, move(1)]);
  return results.slice(1, -1);
}

/** A new redirect's values. */
export interface NewRedirect {
  source: string;
  destination: SiteRedirectDestination;
  draft: boolean;
  captureWildcard: boolean;
  permanent: boolean;
}

/**
 * Inserts a redirect and counts it, unless the site holds the cap (400) or its source has a
 * redirect of the same kind (409: the unique index decides, so a race cannot pass).
 */
export async function createRedirect(
  db: Database,
  site: SiteRow,
  values: NewRedirect,
): Promise<SiteRedirectRow> {
  if (atRedirectCap(allRedirectsHeld(site))) throw new RefusedValue("", OVER_CAP);
  const insert = db
    .insert(siteRedirects)
    .values({ id: newId(), siteId: site.id, ...values, createdAt: nowIso(), updatedAt: null })
    .onConflictDoNothing()
    .returning();
  const [inserted] = await countedWrite(db, site.id, withSources([values.source]), [insert]);
  const row = (inserted as SiteRedirectRow[])[0];
  if (!row) throw sourceTaken();
  return row;
}

/** The fields an update may change. */
export type RedirectPatch = Partial<NewRedirect>;

/**
 * Updates a redirect (its update time too) unless its source and kind, as patched, are another
 * redirect's: 409. Undefined when the redirect is gone.
 */
export async function updateRedirect(
  db: Database,
  row: SiteRedirectRow,
  patch: RedirectPatch,
): Promise<SiteRedirectRow | undefined> {
  const source = patch.source ?? row.source;
  const draft = patch.draft ?? row.draft;
  const other = redirectBySourceQuery(db, row.siteId, source, draft, row.id);
  const update = db
    .update(siteRedirects)
    .set({ ...patch, updatedAt: nowIso() })
    .where(
      and(
        eq(siteRedirects.id, row.id),
        eq(siteRedirects.siteId, row.siteId),
        sql`NOT EXISTS ${other}`,
      ),
    )
    .returning();
  const [updated] = await countedWrite(db, row.siteId, eq(siteRedirects.id, row.id), [update]);
  const stored = (updated as SiteRedirectRow[])[0];
  if (stored) return stored;
  if ((await other)[0]) throw sourceTaken();
  return undefined;
}

/** Deletes a redirect of the site and uncounts it (nothing when it does not exist). */
export async function deleteRedirect(db: Database, siteId: string, id: string) {
  const remove = db
    .delete(siteRedirects)
    .where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId)));
  await countedWrite(db, siteId, eq(siteRedirects.id, id), [remove]);
}
