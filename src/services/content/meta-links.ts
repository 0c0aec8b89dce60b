import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { runStatements } from "../../db/plan";
import { visibleAt, type ContentPointer, type PointerSql } from "../../content/pointer";
import { pageWithAncestorsQuery } from "../../content/read";
import { placePage } from "../../content/tree";
import type { PageRow } from "../../db/schema";

/**
 * A page's language variants (official listRevisionPageMetaLinks and its main and change-request
 * forms; docs/compatibility.md, "Page meta-links"): the other site spaces of the container (a
 * section, or a site's root) that publishes the page's space are its variants, and the page's
 * alternate in each is the page at the same path at the head of that space's main content.
 * Translations keep their source's tree and slugs, so a translated variant matches by path.
 * Bounded: one container (≤ 1,000 site spaces by the site limits), read by one statement, and
 * the pages by path in every variant by one more.
 */

/** At most this many variants are read (a container's site-space limit). */
const MAX_VARIANTS = 1000;

/** Which sites' containers count: a site token's own site, or the sites anyone may read. */
export type VariantScope = { site: string } | { open: true };

/** One variant of the page's space: the space, its site space and the page's visibility there. */
export interface Variant {
  space: string;
  siteSpace: string;
  condition: string | null;
}

/** An alternate of the page: the page at the same path in a variant space. */
interface Alternate {
  space: string;
  page: string;
  /** The alternate page's own adaptive condition (for a site visitor's filter). */
  condition: string | null;
  /** Its ancestors' conditions, root first: a page under a hidden ancestor is hidden. */
  ancestors: { condition: string | null }[];
}

/**
 * SQL: the container whose site spaces are the variants. For a site token, the one that
 * publishes the space in its site; otherwise that of the oldest published site anyone may read
 * (`public` or `unlisted`: its variants' ids reveal nothing its readers cannot see), then the
 * oldest site space, the order `urls.published` uses.
 */
function containerSql(spaceId: string, scope: VariantScope): SQL {
  const site =
    "site" in scope ? sql`s.id = ${scope.site}` : sql`s.visibility IN ('public', 'unlisted')`;
  return sql`(SELECT ss.container_id FROM site_spaces ss JOIN sites s ON s.id = ss.site_id
    WHERE ss.space_id = ${spaceId} AND s.published = 1 AND ${site}
    ORDER BY s.created_at, s.id, ss.created_at, ss.id LIMIT 1)`;
}

/** The other site spaces of the space's container, with their spaces (one statement). */
function variantsQuery(db: Database, spaceId: string, scope: VariantScope) {
  return db
    .select({
      space: sql<string>`q.space_id`,
      siteSpace: sql<string>`q.id`,
      condition: sql<string | null>`q.condition`,
    })
    .from(
      sql`(SELECT v.space_id, v.id, v.condition FROM site_spaces v JOIN spaces sp ON sp.id = v.space_id
        WHERE v.container_id = ${containerSql(spaceId, scope)} AND v.space_id <> ${spaceId}
          AND sp.deleted_at IS NULL
        ORDER BY v.position, v.id LIMIT ${MAX_VARIANTS}) AS q`,
    );
}

/** The head of a variant's main content, as the walk's columns (`alias.line`, `alias.seq`). */
function headOf(alias: string): PointerSql {
  const line = sql.raw(`${alias}.line`);
  const seq = sql.raw(`${alias}.seq`);
  return { main: true, mainLineId: line, lineId: line, seq, baseSeq: seq };
}

/**
 * The pages at `segments` (slugs from the root) at the head of each space's main content, in
 * one statement: the walk of `readPageByPath`, run for every space at once.
 */
function pagesAtPathQuery(db: Database, spaceIds: string[], segments: string[]) {
  const slugs = JSON.stringify(segments);
  const ids = JSON.stringify(spaceIds);
  const PV = "page_versions";
  return db
    .select({
      space: sql<string>`q.space`,
      page: sql<string>`q.id`,
      condition: sql<string | null>`q.cond`,
      above: sql<string>`q.above`,
    })
    .from(
      sql`(WITH RECURSIVE v(space, line, seq) AS (
          SELECT id, main_line_id, main_seq FROM spaces
          WHERE id IN (SELECT value FROM json_each(${ids})) AND deleted_at IS NULL
        ), walk(space, line, seq, id, cond, depth, above) AS (
          SELECT v.space, v.line, v.seq, pv.page_id, pv.condition, 1, json_array() FROM v
            CROSS JOIN page_versions pv INDEXED BY page_versions_parent_idx
              ON pv.line_id = v.line AND pv.parent_id IS NULL
          WHERE pv.slug = ${segments[0] ?? ""} AND pv.deleted = 0 AND ${visibleAt(headOf("v"), "pv", PV, "page_id")}
          UNION ALL
          SELECT w.space, w.line, w.seq, pv.page_id, pv.condition, w.depth + 1,
              json_insert(w.above, '$[#]', w.cond) FROM walk w
            CROSS JOIN page_versions pv INDEXED BY page_versions_parent_idx
              ON pv.line_id = w.line AND pv.parent_id = w.id
          WHERE w.depth < ${segments.length} AND pv.deleted = 0
            AND pv.slug = json_extract(${slugs}, '$[' || w.depth || ']')
            AND ${visibleAt(headOf("w"), "pv", PV, "page_id")}
        ) SELECT space, id, cond, above FROM walk WHERE depth = ${segments.length}) AS q`,
    );
}

/** What the meta-links of a page are made of: the page (null: not there) and its alternates. */
export interface MetaLinks {
  page: PageRow | null;
  /** The page's ancestors, root first (their conditions hide it too). */
  ancestors: PageRow[];
  variants: Variant[];
  alternates: Alternate[];
}

/**
 * The page at `p` and its alternates: one round trip for the page's chain and the variants, one
 * more for the pages at its path in the variants the reader may see (`keep`), none when there
 * is no page or no such variant.
 */
export async function readMetaLinks(
  db: Database,
  p: ContentPointer,
  pageId: string,
  scope: VariantScope,
  keep: (variant: Variant) => boolean,
): Promise<MetaLinks> {
  const first = await runStatements(db, {
    chain: pageWithAncestorsQuery(db, p, pageId),
    variants: variantsQuery(db, p.spaceId, scope),
  });
  const node = placePage(pageId, first.chain);
  if (!node) return { page: null, ancestors: [], variants: [], alternates: [] };
  const variants = first.variants.filter(keep);
  const segments = node.path.split("/");
  if (variants.length === 0 || segments.length > 64) {
    return { page: node.row, ancestors: node.ancestors, variants, alternates: [] };
  }
  const found = await pagesAtPathQuery(
    db,
    variants.map((v) => v.space),
    segments,
  );
  const order = new Map(variants.map((v, i) => [v.space, i]));
  // One page per variant: the first by id when a variant holds two pages at one path.
  const bySpace = new Map<string, Alternate>();
  for (const row of [...found].sort((a, b) => a.page.localeCompare(b.page))) {
    if (bySpace.has(row.space)) continue;
    const above = JSON.parse(row.above) as (string | null)[];
    const { space, page, condition } = row;
    bySpace.set(space, { space, page, condition, ancestors: above.map((c) => ({ condition: c })) });
  }
  const alternates = [...bySpace.values()].sort(
    (a, b) => (order.get(a.space) ?? 0) - (order.get(b.space) ?? 0),
  );
  return { page: node.row, ancestors: node.ancestors, variants, alternates };
}
