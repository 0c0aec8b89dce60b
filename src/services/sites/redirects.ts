import type { SiteRedirectRow } from "../../db/schema";
import { and, asc, count, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { siteRedirects } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { RefusedValue, ValueTaken } from "../../lib/errors";
import { redirectCandidates } from "../../lib/site-redirects";
import { keysetAfter } from "../../http/pagination";
import { containsText } from "./sites";
import type { SiteRedirectDestination } from "../../api/site-redirects";

/** How many redirects one site may hold: creation beyond it is refused. */
export const MAX_REDIRECTS_PER_SITE = 10_000;

/** The refusal of a redirect over the cap (400, the whole body). */
const overCap = () =>
  new RefusedValue("", `a site holds at most ${MAX_REDIRECTS_PER_SITE} redirects`);

/** The refusal of a source another redirect of the site has (409). */
export const sourceTaken = (field = "source") =>
  new ValueTaken(field, "another redirect of this site has this source");

/** The orders of the redirect list (official SiteRedirectOrderBy), all ascending. */
export type RedirectOrder = "createdAt" | "updatedAt" | "source";

/** The sort key of an order, as SQL (an update time falls back to the creation time). */
function orderKey(order: RedirectOrder): SQL {
  if (order === "source") return sql`${siteRedirects.source}`;
  if (order === "updatedAt")
    return sql`coalesce(${siteRedirects.updatedAt}, ${siteRedirects.createdAt})`;
  return sql`${siteRedirects.createdAt}`;
}

/** The sort key's value of a row, as the list's cursor carries it. */
export function orderValue(row: SiteRedirectRow, order: RedirectOrder): string {
  if (order === "source") return row.source;
  return order === "updatedAt" ? (row.updatedAt ?? row.createdAt) : row.createdAt;
}

/** What the list asks for: the page, draft or live, a search, an order. */
export interface RedirectListQuery {
  limit: number;
  after?: readonly [string, string];
  draft: boolean;
  search?: string;
  orderBy: RedirectOrder;
}

/** One page of a site's redirects (draft or live, searched by source) and their exact count. */
export function redirectListPlan(db: Database, siteId: string, q: RedirectListQuery) {
  const parts = [eq(siteRedirects.siteId, siteId), eq(siteRedirects.draft, q.draft)];
  if (q.search) parts.push(containsText(sql`lower(${siteRedirects.source})`, q.search));
  const where = and(...parts)!;
  const key = orderKey(q.orderBy);
  return plan(
    {
      page: db
        .select()
        .from(siteRedirects)
        .where(q.after ? and(where, keysetAfter([key, siteRedirects.id], q.after)) : where)
        .orderBy(asc(key), asc(siteRedirects.id))
        .limit(q.limit + 1),
      total: db.select({ n: count() }).from(siteRedirects).where(where),
    },
    (r) => ({ rows: r.page, count: r.total[0]?.n ?? 0 }),
  );
}

/** A redirect of the site by id, as a statement to batch. */
export function redirectByIdQuery(db: Database, siteId: string, id: string) {
  return db
    .select()
    .from(siteRedirects)
    .where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId)))
    .limit(1);
}

/** The redirect of the site with this source (other than `except`), as a statement to batch. */
export function redirectBySourceQuery(db: Database, siteId: string, source: string, except = "") {
  return db
    .select({ id: siteRedirects.id })
    .from(siteRedirects)
    .where(
      and(
        eq(siteRedirects.siteId, siteId),
        eq(siteRedirects.source, source),
        ne(siteRedirects.id, except),
      ),
    )
    .limit(1);
}

/** The live redirects of a site whose source could match `path` (see src/lib/site-redirects). */
export function redirectCandidatesQuery(db: Database, siteId: string, path: string) {
  const candidates = JSON.stringify(redirectCandidates(path));
  return db
    .select()
    .from(siteRedirects)
    .where(
      and(
        eq(siteRedirects.siteId, siteId),
        eq(siteRedirects.draft, false),
        sql`${siteRedirects.source} IN (SELECT value FROM json_each(${candidates}))`,
      ),
    );
}

/** The count of a site's redirects (all of them), as SQL: what the cap compares. */
function redirectCountSql(siteId: string): SQL {
  return sql`(SELECT count(*) FROM site_redirects WHERE site_id = ${siteId})`;
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
 * Inserts a redirect unless the site holds the cap already or the source is taken (checked in
 * the insert itself, so a race cannot pass either): 409 for a taken source, 400 over the cap.
 */
export async function createRedirect(
  db: Database,
  siteId: string,
  values: NewRedirect,
): Promise<SiteRedirectRow> {
  const row: SiteRedirectRow = {
    id: newId(),
    siteId,
    ...values,
    createdAt: nowIso(),
    updatedAt: null,
  };
  const [inserted, total] = await db.batch([
    db
      .insert(siteRedirects)
      .select(
        sql`SELECT ${row.id}, ${siteId}, ${row.source}, ${JSON.stringify(row.destination)},
          ${row.draft ? 1 : 0}, ${row.captureWildcard ? 1 : 0}, ${row.permanent ? 1 : 0},
          ${row.createdAt}, NULL
        WHERE ${redirectCountSql(siteId)} < ${MAX_REDIRECTS_PER_SITE}`,
      )
      .onConflictDoNothing()
      .returning(),
    db.select({ n: count() }).from(siteRedirects).where(eq(siteRedirects.siteId, siteId)),
  ]);
  if (inserted[0]) return inserted[0];
  throw (total[0]?.n ?? 0) >= MAX_REDIRECTS_PER_SITE ? overCap() : sourceTaken();
}

/** The fields an update may change. */
export type RedirectPatch = Partial<NewRedirect>;

/**
 * Updates a redirect (its update time too) unless its new source is another redirect's: 409.
 * Undefined when the redirect is gone.
 */
export async function updateRedirect(
  db: Database,
  row: SiteRedirectRow,
  patch: RedirectPatch,
): Promise<SiteRedirectRow | undefined> {
  const source = patch.source ?? row.source;
  const free = sql`NOT EXISTS (SELECT 1 FROM site_redirects o WHERE o.site_id = ${row.siteId}
    AND o.source = ${source} AND o.id <> ${row.id})`;
  const [stored] = await db
    .update(siteRedirects)
    .set({ ...patch, updatedAt: nowIso() })
    .where(and(eq(siteRedirects.id, row.id), eq(siteRedirects.siteId, row.siteId), free))
    .returning();
  if (stored) return stored;
  const [taken] = await redirectBySourceQuery(db, row.siteId, source, row.id);
  if (taken) throw sourceTaken();
  return undefined;
}

/** Deletes a redirect of the site (nothing when it does not exist). */
export async function deleteRedirect(db: Database, siteId: string, id: string) {
  await db
    .delete(siteRedirects)
    .where(and(eq(siteRedirects.id, id), eq(siteRedirects.siteId, siteId)));
}
