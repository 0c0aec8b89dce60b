import type { Database } from "../../db/client";
import { ftsTerms, idOfKeyToken, scopedMatch, spacesMatch } from "../../lib/fts-query";
import { z } from "zod";
import { plan } from "../../db/plan";
import { indexStateQuery, SECTION_SLOTS } from "./indexer";
import { headSectionsQuery, tailSectionsQuery, type RankedSection } from "./ranked-sections";
import type { PagePlace } from "./page-places";

/** Sections shown per found page: its best ones, so an item stays small. */
const SECTIONS_PER_PAGE = 3;

/**
 * The cap on ranked candidates: a first page ranks at most this many pages by bm25 (the rest
 * follow in index order). Its cursor names them (the tail skips them), and 40 keys keep the
 * cursor within the 512 characters a `page` may have, whatever the keys.
 */
export const RANKED_PAGES = 40;

/**
 * Ranked sections a first page reads: one and a half pages' worth, so that pages with several
 * matching sections still fill a page, and the whole request stays within 2 × limit + 10 rows.
 */
function windowOf(limit: number): number {
  return Math.ceil(Math.min(limit, RANKED_PAGES) * 1.5);
}

/** Page keys as a cursor carries them: sorted, base-36 gaps joined by dots. */
function packKeys(keys: number[]): string {
  const sorted = [...keys].sort((a, b) => a - b);
  return sorted.map((k, i) => (k - (i > 0 ? sorted[i - 1]! : 0)).toString(36)).join(".");
}

/** The page keys `packKeys` packed. */
function unpackKeys(packed: string): number[] {
  let at = 0;
  return packed ? packed.split(".").map((gap) => (at += parseInt(gap, 36))) : [];
}

/**
 * The cursor key of a search past its first page: [pages shown so far, the page key the next
 * page starts at, the count answered so far (a lower bound), the keys of the pages the first page
 * showed (the tail skips them)].
 */
export const spaceSearchKeySchema = z.tuple([
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
  z
    .string()
    .max(320)
    .regex(/^[0-9a-z.]*$/),
]);

/** A search's position past its first page, as its cursor carries it. */
export type SpaceSearchKey = z.infer<typeof spaceSearchKeySchema>;

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
}

/** A page of search results. */
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

/** The pages of section rows, in the rows' order of first appearance, each with its best ones. */
function groupPages(rows: RankedSection[]): FoundPage[] {
  const pages = new Map<number, FoundPage | null>();
  for (const row of rows) {
    const key = Math.floor(row.rid / SECTION_SLOTS);
    const found = pages.get(key);
    if (found === null) continue;
    if (found) {
      if (row.score < found.score) found.score = row.score;
      found.sections.push(row);
      continue;
    }
    const place = row.page ? (JSON.parse(row.page) as PagePlace) : null;
    pages.set(
      key,
      place && {
        key,
        spaceId: idOfKeyToken(row.skey),
        place,
        title: row.title,
        description: row.description,
        score: row.score,
        rank: 0,
        sections: [row],
      },
    );
  }
  const found = [...pages.values()].filter((p): p is FoundPage => p !== null);
  for (const page of found) {
    page.sections = [...page.sections]
      .sort((a, b) => a.score - b.score || a.rid - b.rid)
      .slice(0, SECTIONS_PER_PAGE);
  }
  return found;
}

/** Numbers pages from `shown` + 1 in order, keeping those `keep` keeps. */
function numbered(pages: FoundPage[], shown: number, keep: KeepPage | undefined) {
  pages.forEach((p, i) => (p.rank = shown + i + 1));
  return keep ? pages.filter((p) => keep(p.place)) : pages;
}

/**
 * The first page: the pages of the ranked window by best bm25 (then index key). Past it, the
 * pages it did not show follow in index order (`tailPage`): a cap of ranked candidates, so every
 * page reads about one window of rows, however deep.
 */
function headPage(
  rows: RankedSection[],
  input: { limit: number; size: number; keep?: KeepPage },
): SearchPage {
  const full = rows.length >= input.size;
  const pages = groupPages(rows).sort((a, b) => a.score - b.score || a.key - b.key);
  const shown = pages.slice(0, Math.min(input.limit, RANKED_PAGES));
  const count = pages.length;
  const page: SearchPage = { items: numbered(shown, 0, input.keep), count, exact: !full };
  if (full || pages.length > shown.length) {
    page.next = [shown.length, 0, count, packKeys(shown.map((p) => p.key))];
  }
  return page;
}

/**
 * A page past the first: the sections after the cursor in index order (a page's sections are
 * contiguous there), the first page's pages skipped. When the read is full, its last page may
 * have more sections beyond it and starts the next page instead, unless it is the only one.
 */
function tailPage(
  rows: RankedSection[],
  input: { size: number; after: SpaceSearchKey; keep?: KeepPage },
): SearchPage {
  const [shown, , counted, skip] = input.after;
  const full = rows.length >= input.size;
  let pages = groupPages(rows);
  if (full && pages.length > 1) pages = pages.slice(0, -1);
  pages.sort((a, b) => a.score - b.score || a.key - b.key);
  const last = Math.max(-1, ...pages.map((p) => p.key));
  const count = Math.max(counted, shown + pages.length + (full ? 1 : 0));
  const page: SearchPage = { items: numbered(pages, shown, input.keep), count, exact: !full };
  const rest = unpackKeys(skip).filter((k) => k > last);
  if (full) page.next = [shown + pages.length, last + 1, count, packKeys(rest)];
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
 * The statement of a search over the spaces a MATCH expression scopes (`scope`, given the
 * terms): the ranked window on the first page, the tail past it; none when the text has no
 * words. `page` makes the results page of its rows.
 */
function rankedSearchPlan(
  db: Database,
  scope: (terms: string) => string,
  input: RankedSearchInput,
) {
  const terms = ftsTerms(input.query);
  const { after, keep, limit } = input;
  if (!after) {
    const size = windowOf(limit) + 1;
    const search = terms ? headSectionsQuery(db, scope(terms), size) : undefined;
    return { search, page: (rows: RankedSection[]) => headPage(rows, { limit, size, keep }) };
  }
  const size = limit + 1;
  const search = terms
    ? tailSectionsQuery(db, {
        match: scope(terms),
        size,
        from: after[1],
        skip: unpackKeys(after[3]),
      })
    : undefined;
  return { search, page: (rows: RankedSection[]) => tailPage(rows, { size, after, keep }) };
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
