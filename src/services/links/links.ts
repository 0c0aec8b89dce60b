import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { LinkKind } from "../../db/schema/index";
import { isMain, type ContentPointer } from "../../content/pointer";
import { fileQuery, pagesByIdQuery } from "../../content/read";
import { plan } from "../../db/plan";
import type { LinkStatus } from "../../api/links";
import { backlinksFromSql, introducedSql, linksAtSql, type LinkScope } from "./sql";

/** What a link list reads. */
export interface LinksRequest {
  /** Only this page's links (404 when the page is not in the revision). */
  pageId?: string;
  status?: LinkStatus;
  limit: number;
  /** The keyset position: the last link's source page and ordinal. */
  after?: readonly [string, number];
}

const q = <T>(name: string) => sql<T>`${sql.raw(`q.${name}`)}`.as(name);

/**
 * A page of links at the scope's revision and the list's figures, as one round trip's plan: the
 * rows (keyset on source page and ordinal, `limit + 1`), one aggregate for the counts, and the
 * page's own row when the list is a page's. `found` is false when that page is not in the revision.
 */
export function linksPlan(db: Database, s: LinkScope, r: LinksRequest) {
  const from = sql`(${linksAtSql(s, r.pageId)}) AS q`;
  const filter = r.status ? sql`q.status = ${r.status}` : sql`1`;
  const keyset = r.after ? keysetOf(r.after, sql`(q.source, q.ordinal)`) : sql`1`;
  const rows = db
    .select({
      source: q<string>("source"),
      ordinal: q<number>("ordinal"),
      kind: q<LinkKind>("kind"),
      spaceId: q<string | null>("space_id"),
      pageId: q<string | null>("page_id"),
      fileId: q<string | null>("file_id"),
      anchor: q<string | null>("anchor"),
      url: q<string | null>("url"),
      status: q<LinkStatus>("status"),
    })
    .from(from)
    .where(sql`${filter} AND ${keyset}`)
    .orderBy(sql`q.source`, sql`q.ordinal`)
    .limit(r.limit + 1);
  const introduced = isMain(s.pointer) ? sql`0` : sql`COALESCE(SUM(${introducedSql(s)}), 0)`;
  const figures = db
    .select({
      total: sql<number>`COUNT(*)`.as("total"),
      matching: sql<number>`COALESCE(SUM(${filter}), 0)`.as("matching"),
      broken: sql<number>`COALESCE(SUM(q.status = 'broken'), 0)`.as("broken"),
      introduced: sql<number>`${introduced}`.as("introduced"),
    })
    .from(from);
  // The page's own row only for a page's list: the revision's list reads two statements.
  const page = r.pageId === undefined ? undefined : pagesByIdQuery(db, s.pointer, [r.pageId]);
  const statements: {
    rows: typeof rows;
    figures: typeof figures;
    page?: NonNullable<typeof page>;
  } = page ? { rows, figures, page } : { rows, figures };
  return plan(statements, (results) => {
    const f = results.figures[0];
    const stats = {
      total: Number(f?.total ?? 0),
      matching: Number(f?.matching ?? 0),
      broken: Number(f?.broken ?? 0),
      introduced: Number(f?.introduced ?? 0),
    };
    const found = results.page === undefined || results.page.some((row) => !row.deleted);
    return { rows: results.rows, stats, found };
  });
}

/** What a backlink list reads: the target, and the page of linking pages wanted. */
export interface BacklinksRequest {
  target: { kind: "page" | "file"; id: string };
  limit: number;
  /** The keyset position: the last linking page's id. */
  after?: readonly [string];
}

/**
 * The pages visible at the pointer that link to a page or a file, one page of them by page id
 * with their exact count, and the target's own row, as one round trip's plan. `found` is false
 * when the target is not in the revision.
 */
export function backlinksPlan(db: Database, p: ContentPointer, r: BacklinksRequest) {
  const from = backlinksFromSql(p, r.target);
  const keyset = r.after ? sql`AND ${keysetOf(r.after, sql`pv.page_id`)}` : sql``;
  const pages = db
    .select({ page: sql<string>`q.page`.as("page") })
    .from(
      sql`(SELECT DISTINCT pv.page_id AS page ${from} ${keyset} ORDER BY pv.page_id LIMIT ${r.limit + 1}) AS q`,
    );
  const total = db
    .select({ n: sql<number>`q.n`.as("n") })
    .from(sql`(SELECT COUNT(DISTINCT pv.page_id) AS n ${from}) AS q`);
  const target =
    r.target.kind === "file" ? fileQuery(db, p, r.target.id) : pagesByIdQuery(db, p, [r.target.id]);
  return plan({ pages, total, target }, (results) => ({
    pages: results.pages.map((row) => row.page),
    count: Number(results.total[0]?.n ?? 0),
    found: results.target.some((row) => !row.deleted),
  }));
}

/** SQL: the row value `columns` is after the cursor key (one value, or a row value). */
function keysetOf(key: readonly (string | number)[], columns: SQL): SQL {
  const values = sql.join(
    key.map((v) => sql`${v}`),
    sql`, `,
  );
  return key.length === 1 ? sql`${columns} > ${values}` : sql`${columns} > (${values})`;
}
