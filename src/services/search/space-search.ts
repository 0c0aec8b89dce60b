import type { Database } from "../../db/client";
import { idOfKeyToken, spaceMatch, spacesMatch } from "../../lib/fts-query";
import { z } from "zod";
import { plan } from "../../db/plan";
import { indexStateQuery, SECTION_SLOTS } from "./indexer";
import { rankedSectionsQuery, type RankedRead, type RankedSection } from "./ranked-sections";
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
interface FoundPage {
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
export interface SearchPage {
  items: FoundPage[];
  /** Exact when `exact`; otherwise the pages found so far, a lower bound. */
  count: number;
  exact: boolean;
  /** The cursor key of the next page, when there may be one. */
  next?: SpaceSearchKey;
}

/**
 * Which found pages a search keeps (the caller's readable spaces, a visitor's adaptive
 * conditions): those it drops are neither numbered nor counted. Every one when absent.
 */
export type KeepPage = (page: FoundPage) => boolean;

/** The pages of section rows, in the rows' order of first appearance, each with its best ones. */
function groupPages(rows: RankedSection[]): FoundPage[] {
  const pages = new Map<number, FoundPage | null>();
  // A space search's rows share one key token (an organization's, a few): decode each once.
  const spaceIds = new Map<string, string>();
  const spaceOf = (token: string) => {
    let id = spaceIds.get(token);
    if (id === undefined) spaceIds.set(token, (id = idOfKeyToken(token)));
    return id;
  };
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
        spaceId: spaceOf(row.skey),
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

const byScore = (a: FoundPage, b: FoundPage) => a.score - b.score || a.key - b.key;

/** Numbers pages from `shown` + 1 in order. */
function numbered(pages: FoundPage[], shown: number) {
  pages.forEach((p, i) => (p.rank = shown + i + 1));
  return pages;
}

/** What a ranked search reads for a page: the first page's window, or the tail after `after`. */
export function rankedRead(limit: number, after: SpaceSearchKey | undefined): RankedRead {
  if (!after) return { kind: "head", size: windowOf(limit) + 1 };
  return { kind: "tail", size: limit + 1, from: after[1], skip: unpackKeys(after[3]) };
}

/** How a page of results is made of its rows: the rows' scope, the pages kept. */
export interface PageOptions {
  /** The spaces searched: rows of any other space (a tag's hash collision) are dropped. */
  inScope: (spaceId: string) => boolean;
  keep?: KeepPage;
}

/**
 * The first page: the kept pages of the ranked window by best bm25 (then index key). Past it,
 * the pages it did not show follow in index order (`tailPage`): a cap of ranked candidates, so
 * every page reads about one window of rows, however deep.
 */
function headPage(rows: RankedSection[], limit: number, size: number, o: PageOptions) {
  const full = rows.length >= size;
  const pages = groupPages(rows)
    .filter((p) => o.inScope(p.spaceId) && (o.keep?.(p) ?? true))
    .sort(byScore);
  const shown = pages.slice(0, Math.min(limit, RANKED_PAGES));
  const count = pages.length;
  const page: SearchPage = { items: numbered(shown, 0), count, exact: !full };
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
function tailPage(rows: RankedSection[], after: SpaceSearchKey, size: number, o: PageOptions) {
  const [shown, , counted, skip] = after;
  const full = rows.length >= size;
  let read = groupPages(rows);
  if (full && read.length > 1) read = read.slice(0, -1);
  const last = Math.max(-1, ...read.map((p) => p.key));
  const pages = read.filter((p) => o.inScope(p.spaceId) && (o.keep?.(p) ?? true)).sort(byScore);
  // A full read means more matches follow; with pages dropped, they may all be dropped too.
  const more = full && !o.keep ? 1 : 0;
  const count = Math.max(counted, shown + pages.length + more);
  const page: SearchPage = { items: numbered(pages, shown), count, exact: !full };
  const rest = unpackKeys(skip).filter((k) => k > last);
  if (full) page.next = [shown + pages.length, last + 1, count, packKeys(rest)];
  return page;
}

/** The results page of a ranked read's rows. */
export function rankedPage(
  rows: RankedSection[],
  input: { limit: number; after?: SpaceSearchKey },
  read: RankedRead,
  options: PageOptions,
): SearchPage {
  return input.after
    ? tailPage(rows, input.after, read.size, options)
    : headPage(rows, input.limit, read.size, options);
}

/** What a ranked search reads: the text, the page size and position, and what it keeps. */
export interface RankedSearchInput {
  query: string;
  limit: number;
  after?: SpaceSearchKey;
  keep?: KeepPage;
}

/**
 * The search of one space's main content, as a plan for the access check's batch: the space's
 * index state and (when the text has words) the ranked read. `finish` answers whether the index
 * needs catching up (behind main's `mainSeq`, or written before tags) and the results page.
 */
export function spaceSearchPlan(db: Database, input: RankedSearchInput & { spaceId: string }) {
  const index = indexStateQuery(db, input.spaceId);
  const match = spaceMatch(input.spaceId, input.query);
  const read = rankedRead(input.limit, input.after);
  // Without words there is no search statement: no results, and no query for it.
  const search = match ? rankedSectionsQuery(db, match, read) : undefined;
  const statements: { index: typeof index; search?: NonNullable<typeof search> } = search
    ? { index, search }
    : { index };
  const inScope = (id: string) => id === input.spaceId;
  return plan(statements, (results) => {
    const state = results.index[0];
    return {
      stale: (mainSeq: number) => !state || state.seq < mainSeq || state.old === 1,
      ...rankedPage(results.search ?? [], input, read, { inScope, keep: input.keep }),
    };
  });
}

/**
 * The search of several spaces' main content at once (a published site's), ranked together, as
 * a plan: the same window and pages as a space search, each found page naming its space.
 */
export function spacesSearchPlan(
  db: Database,
  input: RankedSearchInput & { spaceIds: readonly string[] },
) {
  const match = spacesMatch(input.spaceIds, input.query);
  const read = rankedRead(input.limit, input.after);
  const search = match ? rankedSectionsQuery(db, match, read) : undefined;
  const statements: { search?: NonNullable<typeof search> } = search ? { search } : {};
  const ids = new Set(input.spaceIds);
  return plan(statements, (results) =>
    rankedPage(results.search ?? [], input, read, {
      inScope: (id) => ids.has(id),
      keep: input.keep,
    }),
  );
}
