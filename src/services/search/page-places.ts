import { sql, type SQL } from "drizzle-orm";
import type { PageRow } from "../../db/schema";
import type { Database } from "../../db/client";
import { visibleAt, type ContentPointer } from "../../content/pointer";
import { pagesByIdQuery } from "../../content/read";

/** The version of the stored place: 2 since places carry `conditions`. */
export const PLACE_FORMAT = 2;

/** Ancestor levels followed at most, as the content reads do. */
const MAX_DEPTH = 64;

/**
 * Where a page sits on main, stored with each of its FTS rows (`page` column) so that a search
 * presents a found page from the rows it ranked, without reading the page tree.
 */
export interface PagePlace {
  /** The page id. */
  id: string;
  /** Slugs from the root, joined with `/`. */
  path: string;
  /** Ancestor titles, the root first. */
  ancestors: string[];
  /**
   * The adaptive-content conditions of the page and its ancestors (those set): a published
   * site's search hides the page from a visitor unless every one holds. Absent: none.
   */
  conditions?: string[];
  /** `PLACE_FORMAT` when indexed; absent in places indexed before conditions were stored. */
  v?: number;
}

/** SQL: alias `a` of page_versions is the version visible at `p` and not deleted. */
const live = (p: ContentPointer, a: string) =>
  sql`${visibleAt(p, a, "page_versions", "page_id")} AND ${sql.raw(a)}.deleted = 0`;

/**
 * SQL selecting the given pages and every page under them at `p`: a page's stored path and
 * ancestors follow its ancestors' titles, slugs and places, so a change to a page re-indexes
 * its subtree.
 */
export function withDescendantsSql(p: ContentPointer, ids: SQL): SQL {
  return sql`WITH RECURSIVE down(id, d) AS (SELECT x.*, 0 FROM (${ids}) AS x
      UNION SELECT c.page_id, down.d + 1 FROM down
        CROSS JOIN page_versions c ON c.parent_id = down.id AND ${live(p, "c")}
      WHERE down.d < ${MAX_DEPTH})
    SELECT id FROM down`;
}

/** The visible rows at `p` of the ancestors of the pages `ids` selects (not the pages themselves). */
export function ancestorsQuery(db: Database, p: ContentPointer, ids: SQL) {
  return pagesByIdQuery(
    db,
    p,
    sql`WITH RECURSIVE up(id, d) AS (
        SELECT a.parent_id, 1 FROM page_versions a
        WHERE a.page_id IN (${ids}) AND ${live(p, "a")} AND a.parent_id IS NOT NULL
      UNION SELECT a.parent_id, up.d + 1 FROM up
        CROSS JOIN page_versions a ON a.page_id = up.id AND ${live(p, "a")}
      WHERE a.parent_id IS NOT NULL AND up.d < ${MAX_DEPTH})
    SELECT id FROM up`,
  );
}

/**
 * The place of `row` given the visible rows by page id (its ancestors at least): null when its
 * chain to the root is broken (an ancestor missing or deleted), as such a page is not reachable.
 */
export function placeOf(row: PageRow, byId: Map<string, PageRow>): PagePlace | null {
  const chain: PageRow[] = [];
  let parent = row.parentId;
  while (parent !== null) {
    const up = byId.get(parent);
    if (!up || up.deleted || chain.length >= MAX_DEPTH) return null;
    chain.unshift(up);
    parent = up.parentId;
  }
  const conditions = [...chain, row].flatMap((r) => (r.condition?.trim() ? [r.condition] : []));
  return {
    id: row.pageId,
    path: [...chain.map((r) => r.slug), row.slug].join("/"),
    ancestors: chain.map((r) => r.title),
    ...(conditions.length > 0 ? { conditions } : {}),
    v: PLACE_FORMAT,
  };
}
