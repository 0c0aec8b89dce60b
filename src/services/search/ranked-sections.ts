import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { preparedSelect, type Params } from "../../db/prepared";
import { SECTION_SLOTS } from "./indexer";

// The rank function: bm25 weights per column (space_key, org_key, title, description, heading,
// body). A title hit outranks a heading hit, which outranks a body hit.
const RANK = sql.raw(`'bm25(0, 0, 10, 4, 3, 1)'`);

/** The columns both statements return, from their inner select `q`. */
function sectionColumns() {
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
}

/**
 * What each section row carries: its bm25, highlighted heading, snippet and page's place. The
 * snippet spans 48 tokens: about 24 words, each indexed as two tagged copies.
 */
const SECTION_SELECT = sql`search_fts.rowid AS rid, search_fts.space_key, search_fts.rank AS s,
  search_fts.title, search_fts.description, search_fts.anchor, highlight(search_fts, 4, char(1), char(2)) AS heading,
  snippet(search_fts, 5, char(1), char(2), '…', 48) AS snip, search_fts.page`;

/** The names a ranked read binds. */
type HeadNames = "match" | "size";
type TailNames = HeadNames | "ranges";

/**
 * The head of a search: the best `size` sections by bm25, through FTS5's own ranked scan
 * (`ORDER BY rank` with a LIMIT: FTS5 sorts inside, and only the rows returned are read).
 */
function headSql<N extends string>(p: Params<N | HeadNames>): SQL {
  return sql`SELECT ${SECTION_SELECT}
    FROM search_fts WHERE search_fts MATCH ${p("match")} AND rank MATCH ${RANK}
    ORDER BY rank LIMIT ${p("size")}`;
}

const SLOTS = sql.raw(String(SECTION_SLOTS));

/**
 * The tail of a search: `size` matching sections in index order over the bound key ranges
 * (`ranges`, [[from, to), …] in order; they leave out the pages the head showed). The ranges
 * are the outer loop (CROSS JOIN keeps them there, in their order) and FTS5 seeks to each one's
 * first rowid itself, stopping at `size` rows: a deep page reads the rows it returns and one row
 * per range it enters, never the sections before it or the ones it leaves out.
 */
function tailSql<N extends string>(p: Params<N | TailNames>): SQL {
  return sql`SELECT ${SECTION_SELECT}
    FROM json_each(${p("ranges")}) AS r CROSS JOIN search_fts
    WHERE search_fts MATCH ${p("match")} AND rank MATCH ${RANK}
      AND search_fts.rowid >= json_extract(r.value, '$[0]') * ${SLOTS}
      AND search_fts.rowid < json_extract(r.value, '$[1]') * ${SLOTS}
    LIMIT ${p("size")}`;
}

const HEAD = preparedSelect(sectionColumns, (select, p: Params<HeadNames>) =>
  select.from(sql`(${headSql(p)}) AS q`),
);

const TAIL = preparedSelect(sectionColumns, (select, p: Params<TailNames>) =>
  select.from(sql`(${tailSql(p)}) AS q`),
);

/** What one page of a ranked search reads: the head window, or a tail from a page key. */
export type RankedRead =
  | { kind: "head"; size: number }
  | { kind: "tail"; size: number; from: number; skip: readonly number[] };

/** The largest page key a range may reach (the last range is open-ended). */
const NO_END = Math.floor(Number.MAX_SAFE_INTEGER / SECTION_SLOTS);

/**
 * The key ranges of a tail read (JSON): from `from` to each skipped key, and from there on, so
 * the pages `skip` names are left out.
 */
function tailRanges(read: { from: number; skip: readonly number[] }): string {
  const ranges: [number, number][] = [];
  let start = read.from;
  for (const key of [...read.skip].sort((a, b) => a - b)) {
    if (key < start) continue;
    if (key > start) ranges.push([start, key]);
    start = key + 1;
  }
  ranges.push([start, NO_END]);
  return JSON.stringify(ranges);
}

/** The statement of one ranked read of a MATCH expression. */
export function rankedSectionsQuery(db: Database, match: string, read: RankedRead) {
  if (read.kind === "head") return HEAD.bind(db, { match, size: read.size });
  return TAIL.bind(db, { match, size: read.size, ranges: tailRanges(read) });
}

/** One section row of a search statement. */
export type RankedSection = ReturnType<typeof rankedSectionsQuery>["_"]["result"][number];
