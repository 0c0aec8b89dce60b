import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { MemberRole } from "../../lib/roles";
import { ftsTerms, scopedMatch } from "../../lib/fts-query";
import { runStatements } from "../../db/plan";
import { preparedSelect, preparedShapes, type Params, type RowsOf } from "../../db/prepared";
import { SECTION_SLOTS } from "./indexer";
import { readableSpaceIds, type ReadableSpacesRows } from "./readable-spaces";

/** Sections shown per found page: its best ones, so an item stays small. */
const SECTIONS_PER_PAGE = 3;
/** Pages shown per space in the organization search, whose items are spaces. */
const PAGES_PER_SPACE = 10;

// bm25 weights per column: space_key, org_key, title, description, heading, body. A title hit
// outranks a heading hit, which outranks a body hit.
const BM25 = sql.raw("bm25(search_fts, 0, 0, 10, 4, 3, 1)");
// About 24 tokens around the best body hit; \x01/\x02 mark hits (stripped by the presenter).
const SNIPPET = sql.raw("snippet(search_fts, 5, char(1), char(2), '…', 24)");
const HEADING = sql.raw("highlight(search_fts, 4, char(1), char(2))");
// Integer division of a section's rowid: its page key.
const SLOTS = sql.raw(String(SECTION_SLOTS));

/** SQL: alias `a` of page_versions is a live page version at the main head of space `sp`. */
const onMain = (a: string) =>
  sql.raw(`${a}.line_id = sp.main_line_id AND ${a}.from_seq <= sp.main_seq
    AND (${a}.to_seq IS NULL OR ${a}.to_seq > sp.main_seq) AND ${a}.deleted = 0`);

/**
 * SQL JSON of page `g.page_id` at the head of space `sp`: title, description, slug and its
 * ancestor chain ([depth, title, slug], a null title where the chain is broken). Null when the
 * page is no longer on main (the index trails main by one merge at most).
 */
const PAGE_INFO = sql`(SELECT json_object('title', pv.title, 'description', pv.description,
    'slug', pv.slug, 'chain', json((WITH RECURSIVE up(id, d) AS (
      SELECT pv.parent_id, 1
      UNION ALL
      SELECT (SELECT a.parent_id FROM page_versions a WHERE a.page_id = up.id AND ${onMain("a")}), up.d + 1
      FROM up WHERE up.id IS NOT NULL AND up.d < 64)
    SELECT json_group_array(json_array(up.d, a.title, a.slug)) FROM up
      LEFT JOIN page_versions a ON a.page_id = up.id AND ${onMain("a")} WHERE up.id IS NOT NULL)))
  FROM page_versions pv WHERE pv.page_id = g.page_id AND ${onMain("pv")})`;

/** The organization search's keyset position: a space's presented score, then its id. */
export type OrgSearchKey = readonly [number, string];

/** The values the organization search statement is bound with. */
type Names = "match" | "org" | "spaces" | "s0" | "s1" | "limit";

/** What makes the statement's text differ: a list of readable spaces, a keyset position. */
interface Shape {
  only: boolean;
  keyset: boolean;
}

/**
 * The organization search statement, written once per isolate per shape (`src/db/prepared.ts`).
 * `hits` reads the matching sections through the FTS index alone (the scope key is inside MATCH;
 * a section's rowid carries its page key); `pages` ranks the pages of the organization's live
 * spaces (those of `spaces` only, when the caller reads some) by their best section, `found`
 * the spaces by their best page, `shown` the `limit` spaces after the keyset position (bm25,
 * space id), `top` each one's best PAGES_PER_SPACE pages (`pos` ranks pages across all spaces);
 * then come the exact count, the spaces, the pages with their details from main, and their best
 * sections with snippets.
 */
function searchSelect(shape: Shape) {
  return preparedSelect(
    () => {
      const col = <T>(name: string) => sql<T>`${sql.raw(`q.${name}`)}`.as(name);
      return {
        kind: col<string>("kind"),
        pk: col<number | null>("pk"),
        spaceId: col<string | null>("space_id"),
        pageId: col<string | null>("page_id"),
        score: col<number | null>("score"),
        k: col<number | null>("k"),
        anchor: col<string | null>("anchor"),
        heading: col<string | null>("heading"),
        snip: col<string | null>("snip"),
        info: col<string | null>("info"),
      };
    },
    (select, p: Params<Names>) => {
      const only = shape.only
        ? sql` AND id IN (SELECT value FROM json_each(${p("spaces")}))`
        : sql``;
      const keyset = shape.keyset ? sql`WHERE (ss, space_id) > (${p("s0")}, ${p("s1")})` : sql``;
      const body = sql`WITH hits AS MATERIALIZED (
          SELECT rowid AS rid, rowid / ${SLOTS} AS pk, ${BM25} AS s
          FROM search_fts WHERE search_fts MATCH ${p("match")}),
        pages AS MATERIALIZED (
          SELECT h.pk, h.ps, p.space_id, row_number() OVER (ORDER BY h.ps, h.pk) AS pos
          FROM (SELECT pk, min(s) AS ps FROM hits GROUP BY pk) h
            CROSS JOIN search_pages p ON p.id = h.pk
          WHERE p.space_id IN (SELECT id FROM spaces
            WHERE organization_id = ${p("org")} AND deleted_at IS NULL${only})),
        found AS MATERIALIZED (SELECT space_id, min(ps) AS ss FROM pages GROUP BY space_id),
        shown AS MATERIALIZED (SELECT * FROM found ${keyset} ORDER BY ss, space_id LIMIT ${p("limit")}),
        top AS MATERIALIZED (SELECT * FROM (
          SELECT pages.*, row_number() OVER (PARTITION BY space_id ORDER BY ps, pk) AS j
          FROM pages WHERE space_id IN (SELECT space_id FROM shown)) WHERE j <= ${PAGES_PER_SPACE}),
        best AS MATERIALIZED (SELECT * FROM (
          SELECT rid, pk, s, row_number() OVER (PARTITION BY pk ORDER BY s, rid) AS k
          FROM hits WHERE pk IN (SELECT pk FROM top))
          WHERE k <= ${SECTIONS_PER_PAGE})
        SELECT 'n' AS kind, NULL AS pk, NULL AS space_id, NULL AS page_id, NULL AS score,
          (SELECT count(*) FROM found) AS k, NULL AS anchor, NULL AS heading, NULL AS snip, NULL AS info
        UNION ALL SELECT 'x', NULL, x.space_id, NULL, x.ss, NULL, NULL, sp.title, NULL, NULL
          FROM shown x CROSS JOIN spaces sp ON sp.id = x.space_id
        UNION ALL SELECT 'p', x.pk, g.space_id, g.page_id, x.ps, x.pos, NULL, NULL, NULL, ${PAGE_INFO}
          FROM top x CROSS JOIN search_pages g ON g.id = x.pk CROSS JOIN spaces sp ON sp.id = g.space_id
        UNION ALL SELECT 's', b.pk, NULL, NULL, b.s, b.k, search_fts.anchor, ${HEADING}, ${SNIPPET}, NULL
          FROM search_fts CROSS JOIN best b ON b.rid = +search_fts.rowid
          WHERE search_fts MATCH ${p("match")}`;
      return select.from(sql`(${body}) AS q`);
    },
  );
}

/** Each shape's statement, made on first use. */
const SEARCH = preparedShapes(searchSelect, (shape) => `${shape.only}:${shape.keyset}`);

/** One row of the search statement: a count, a space, a page or a section (`kind` n/x/p/s). */
type SearchRow = RowsOf<ReturnType<typeof searchSelect>>[number];

/** A page found by a search: its row (kind p, in rank order) and its best sections (kind s). */
interface FoundPage {
  page: SearchRow;
  sections: SearchRow[];
}

/** A space found by the organization search: its row (kind x) and its found pages. */
interface FoundSpace {
  space: SearchRow;
  pages: FoundPage[];
}

/** The rows of a search statement split by kind: the exact count, and the pages in rank order. */
function split(rows: SearchRow[]): { count: number; pages: FoundPage[] } {
  const count = rows.find((r) => r.kind === "n")?.k ?? 0;
  const sections = new Map<number, SearchRow[]>();
  for (const row of rows.filter((r) => r.kind === "s")) {
    sections.set(row.pk ?? 0, [...(sections.get(row.pk ?? 0) ?? []), row]);
  }
  const pages = rows
    .filter((r) => r.kind === "p")
    .sort((a, b) => (a.k ?? 0) - (b.k ?? 0))
    .map((page) => ({ page, sections: sections.get(page.pk ?? 0) ?? [] }));
  return { count, pages };
}

/** The organization search statement over the given spaces (null: every live space), bound. */
function organizationSearchQuery(
  db: Database,
  input: {
    organizationId: string;
    spaceIds: string[] | null;
    terms: string;
    limit: number;
    /** The position in the statement's order: the space's bm25 (lower is better), its id. */
    after?: OrgSearchKey;
  },
) {
  const { after, spaceIds } = input;
  return SEARCH({ only: spaceIds !== null, keyset: after !== undefined }).bind(db, {
    match: scopedMatch("org", input.organizationId, input.terms),
    org: input.organizationId,
    spaces: spaceIds && JSON.stringify(spaceIds),
    s0: after?.[0] ?? null,
    s1: after?.[1] ?? null,
    limit: input.limit + 1,
  });
}

/**
 * The organization search (spec §4.9) for a member: the spaces they can read with matches,
 * best first, each with its best pages. `after` is the route's cursor key (`orgSearchKey`).
 */
export async function searchOrganization(
  db: Database,
  input: {
    organizationId: string;
    userId: string;
    role: MemberRole | null;
    query: string;
    limit: number;
    after?: OrgSearchKey;
  },
  /** The access reads, when the route ran them in its access check's batch. */
  access?: ReadableSpacesRows,
): Promise<{ spaces: FoundSpace[]; count: number }> {
  const terms = ftsTerms(input.query);
  // The key holds the presented score, the negated bm25 the statement sorts on.
  const after: OrgSearchKey | undefined = input.after && [-input.after[0], input.after[1]];
  if (!terms) return { spaces: [], count: 0 };
  const spaceIds = await readableSpaceIds(db, input, access);
  if (spaceIds?.length === 0) return { spaces: [], count: 0 };
  const { rows } = await runStatements(db, {
    rows: organizationSearchQuery(db, { ...input, spaceIds, terms, after }),
  });
  const { count, pages } = split(rows);
  const found = rows
    .filter((r) => r.kind === "x")
    .sort((a, b) =>
      a.score !== b.score
        ? (a.score ?? 0) - (b.score ?? 0)
        : (a.spaceId ?? "") < (b.spaceId ?? "")
          ? -1
          : 1,
    )
    .map((space) => ({ space, pages: pages.filter((p) => p.page.spaceId === space.spaceId) }));
  return { spaces: found, count };
}

/**
 * The cursor key of a found space in the organization search: its score as presented (higher is
 * better, never below 0) and its id; `searchOrganization` turns it back into bm25.
 */
export function orgSearchKey(found: FoundSpace): OrgSearchKey {
  return [Math.max(0, -(found.space.score ?? 0)), found.space.spaceId ?? ""];
}
