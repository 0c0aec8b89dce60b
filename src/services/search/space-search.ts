import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { ftsTerms, idOfKeyToken, scopedMatch, spacesMatch } from "../../lib/fts-query";
import { z } from "zod";
import { plan } from "../../db/plan";
import { preparedSelect, type Params } from "../../db/prepared";
import { indexStateQuery, SECTION_SLOTS } from "./indexer";
import type { PagePlace } from "./page-places";

/** Sections shown per found page: its best ones, so an item stays small. */
const SECTIONS_PER_PAGE = 3;

// The rank function of the ranked scan: bm25 weights per column (space_key, org_key, title,
// description, heading, body). A title hit outranks a heading hit, which outranks a body hit.
const RANK = "bm25(0, 0, 10, 4, 3, 1)";

/**
 * Ranked sections read past the previous page's last found page: one and a half pages' worth,
 * so that pages with several matching sections still fill a page, and the whole request stays
 * within 2 × limit + 10 rows read.
 */
function windowOf(limit: number): number {
  return Math.ceil(limit * 1.5);
}

/** Where a search page starts: sections to read before the window, and the last page shown. */
interface SearchCursor {
  /** Ranked sections up to the best section of the last page shown (0 on the first page). */
  skip: number;
  /** That page's bm25 (lower is better), id and index key; null on the first page. */
  rank: number | null;
  pageId: string | null;
  key: number | null;
}

/** The cursor key schema of a space search: a `SearchCursor` as [skip, rank, pageId, key]. */
export const spaceSearchKeySchema = z.tuple([
  z.number().int().min(0),
  z.number().nullable(),
  z.string().nullable(),
  z.number().nullable(),
]);

/** A space search's keyset position, as its cursor carries it. */
export type SpaceSearchKey = z.infer<typeof spaceSearchKeySchema>;

/** Where the page after `key` starts (the first page without one). */
function cursorOf(key: SpaceSearchKey | undefined): SearchCursor {
  if (!key) return { skip: 0, rank: null, pageId: null, key: null };
  const [skip, rank, pageId, pk] = key;
  return { skip, rank, pageId, key: pk };
}

/**
 * The one search statement: the best `size` sections of the space by bm25, through FTS5's own
 * ranked scan (`ORDER BY rank` with a LIMIT: FTS5 sorts inside, and only the rows returned are
 * read), each with its highlighted heading, body snippet and its page's stored title,
 * description and place. Nothing else is read: rows read = sections returned.
 */
const RANKED_SECTIONS = preparedSelect(
  () => {
    const col = <T>(name: string) => sql<T>`${sql.raw(`q.${name}`)}`.as(name);
    return {
      rid: col<number>("rid"),
      skey: col<string>("space_key"),
      score: col<number>("s"),
      title: col<string>("title"),
      description: col<string>("description"),
      anchor: col<string | null>("anchor"),
      heading: col<string | null>("heading"),
      snip: col<string | null>("snip"),
      page: col<string | null>("page"),
    };
  },
  (select, p: Params<"match" | "size">) =>
    select.from(sql`(SELECT rowid AS rid, space_key, rank AS s, title, description, anchor,
      highlight(search_fts, 4, char(1), char(2)) AS heading,
      snippet(search_fts, 5, char(1), char(2), '…', 24) AS snip, page
    FROM search_fts WHERE search_fts MATCH ${p("match")} AND rank MATCH ${sql.raw(`'${RANK}'`)}
    ORDER BY rank LIMIT ${p("size")}) AS q`),
);

/** The search statement for one query: its text is written once per isolate. */
function rankedSectionsQuery(db: Database, match: string, size: number) {
  return RANKED_SECTIONS.bind(db, { match, size });
}

/** One ranked section of a search. */
type RankedSection = ReturnType<typeof rankedSectionsQuery>["_"]["result"][number];

/** A page found by a search: its space, best bm25, place and best sections. */
export interface FoundPage {
  /** The index key of the page (its sections' rowids divided by SECTION_SLOTS). */
  key: number;
  spaceId: string;
  place: PagePlace;
  title: string;
  description: string;
  /** The best section's bm25 (lower is better). */
  score: number;
  /** The page's position in the whole result list, from 1. */
  rank: number;
  sections: RankedSection[];
  /** Index of its best section in the ranked window. */
  best: number;
}

/** A page of search results, computed from the ranked window. */
interface SearchPage {
  items: FoundPage[];
  /** Exact when `exact`; otherwise the pages found so far, a lower bound. */
  count: number;
  exact: boolean;
  /** The cursor key of the next page, when there may be one. */
  next?: SpaceSearchKey;
}

/** Which found pages a search keeps (a visitor's adaptive conditions); every one when absent. */
export type KeepPage = (place: PagePlace) => boolean;

/** Pages (ordered by best bm25, then index key) whose best section lies in `rows`. */
function groupPages(rows: RankedSection[], keep: KeepPage | undefined): FoundPage[] {
  const pages = new Map<number, FoundPage>();
  rows.forEach((row, i) => {
    const key = Math.floor(row.rid / SECTION_SLOTS);
    const found = pages.get(key);
    if (found) {
      if (found.sections.length < SECTIONS_PER_PAGE) found.sections.push(row);
      return;
    }
    const place = row.page ? (JSON.parse(row.page) as PagePlace) : null;
    if (!place) return;
    if (keep && !keep(place)) return;
    pages.set(key, {
      key,
      spaceId: idOfKeyToken(row.skey),
      place,
      title: row.title,
      description: row.description,
      score: row.score,
      rank: 0,
      sections: [row],
      best: i,
    });
  });
  return [...pages.values()].sort((a, b) => a.score - b.score || a.key - b.key);
}

/**
 * The pages of a ranked window placed exactly. When the window is full, a page tied with its
 * last row may have a better-keyed tie-mate beyond it, unless FTS5's sorter returned the tied
 * rows in rowid order (its input's order, which it kept in every measurement): when the window
 * shows that order, tied pages up to the last row's key are placed; otherwise they wait.
 */
function placedPages(rows: RankedSection[], pages: FoundPage[], full: boolean): FoundPage[] {
  const last = rows[rows.length - 1];
  if (!full || !last) return pages;
  const tied = rows.filter((r) => r.score === last.score).map((r) => r.rid);
  const inOrder = tied.every((rid, i) => i === 0 || rid > (tied[i - 1] ?? rid));
  const lastKey = inOrder ? Math.floor(last.rid / SECTION_SLOTS) : -1;
  return pages.filter((p) => p.score < last.score || (p.score === last.score && p.key <= lastKey));
}

/**
 * The results page in a ranked window read from the top. Every page whose best section is in
 * the window is placed exactly, except, when the window is full, pages tied with its last row
 * (one of their tie-mates may lie beyond it): those wait for the next page. The page after the
 * cursor's is found by id (bm25 values drift as the shared index changes), else by its key.
 */
function resultsPage(
  rows: RankedSection[],
  input: { limit: number; size: number; after: SpaceSearchKey | undefined; keep?: KeepPage },
): SearchPage {
  const cursor = cursorOf(input.after);
  const full = rows.length >= input.size;
  const all = groupPages(rows, input.keep);
  const placed = placedPages(rows, all, full);
  placed.forEach((p, i) => (p.rank = i + 1));
  let start = 0;
  if (cursor.pageId !== null) {
    const at = placed.findIndex((p) => p.place.id === cursor.pageId);
    const { rank, key } = cursor;
    const after = (p: FoundPage) =>
      rank === null || p.score > rank || (p.score === rank && p.key > (key ?? -1));
    start = at >= 0 ? at + 1 : placed.findIndex(after);
    if (start < 0) start = placed.length;
  }
  const items = placed.slice(start, start + input.limit);
  const more = full || placed.length > start + input.limit;
  const count = full ? all.length : placed.length;
  const page: SearchPage = { items, count, exact: !full };
  if (!more) return page;
  const end = items[items.length - 1];
  page.next = end
    ? [Math.max(end.best + 1, cursor.skip + 1), end.score, end.place.id, end.key]
    : [Math.max(rows.length - 1, cursor.skip + 1), cursor.rank, cursor.pageId, cursor.key];
  return page;
}

/** What a ranked search reads: the text, the page size and position, and what it keeps. */
interface RankedSearchInput {
  query: string;
  limit: number;
  after?: SpaceSearchKey;
  keep?: KeepPage;
}

/**
 * The ranked window of a search over the spaces a MATCH expression scopes (`scope`, given the
 * terms), as a plan: no statement when the text has no words. `finish` answers the results page.
 */
function rankedSearchPlan(
  db: Database,
  scope: (terms: string) => string,
  input: RankedSearchInput,
) {
  const terms = ftsTerms(input.query);
  const size = cursorOf(input.after).skip + windowOf(input.limit) + 1;
  const search = terms ? rankedSectionsQuery(db, scope(terms), size) : undefined;
  const page = (rows: RankedSection[]) =>
    resultsPage(rows, { limit: input.limit, size, after: input.after, keep: input.keep });
  return { search, page };
}

/**
 * The search of one space's main content, as a plan for the access check's batch: the space's
 * index state and (when the text has words) the ranked window: the sections up to the previous
 * page's last page and `windowOf(limit)` more. `finish` answers the sequence the index is at and
 * the results page.
 */
export function spaceSearchPlan(db: Database, input: RankedSearchInput & { spaceId: string }) {
  const index = indexStateQuery(db, input.spaceId);
  const { search, page } = rankedSearchPlan(
    db,
    (terms) => scopedMatch("space", input.spaceId, terms),
    input,
  );
  // Without words there is no search statement: no results, and no query for it.
  const statements: { index: typeof index; search?: NonNullable<typeof search> } = search
    ? { index, search }
    : { index };
  return plan(statements, (results) => ({
    indexedSeq: results.index[0]?.seq ?? 0,
    ...page(results.search ?? []),
  }));
}

/**
 * The search of several spaces' main content at once (a published site's), ranked together, as
 * a plan: the same window and pages as a space search, each found page naming its space.
 */
export function spacesSearchPlan(
  db: Database,
  input: RankedSearchInput & { spaceIds: readonly string[] },
) {
  const { search, page } = rankedSearchPlan(
    db,
    (terms) => spacesMatch(input.spaceIds, terms),
    input,
  );
  const statements: { search?: NonNullable<typeof search> } =
    search && input.spaceIds.length > 0 ? { search } : {};
  return plan(statements, (results) => page(results.search ?? []));
}
