import { sql } from "drizzle-orm";
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

/** What each section row carries: its bm25, highlighted heading, snippet and page's place. */
const SECTION_SELECT = sql`search_fts.rowid AS rid, search_fts.space_key, search_fts.rank AS s,
  search_fts.title, search_fts.description, search_fts.anchor, highlight(search_fts, 4, char(1), char(2)) AS heading,
  snippet(search_fts, 5, char(1), char(2), '…', 24) AS snip, search_fts.page`;

/**
 * The head of a search: the best `size` sections by bm25, through FTS5's own ranked scan
 * (`ORDER BY rank` with a LIMIT: FTS5 sorts inside, and only the rows returned are read).
 */
const HEAD = preparedSelect(sectionColumns, (select, p: Params<"match" | "size">) =>
  select.from(sql`(SELECT ${SECTION_SELECT}
    FROM search_fts WHERE search_fts MATCH ${p("match")} AND rank MATCH ${RANK}
    ORDER BY rank LIMIT ${p("size")}) AS q`),
);

const SLOTS = sql.raw(String(SECTION_SLOTS));

/**
 * The tail of a search: `size` matching sections in index order over the bound key ranges
 * (`ranges`, [[from, to), …] in order; they leave out the pages the head showed). The ranges
 * are the outer loop (CROSS JOIN keeps them there, in their order) and FTS5 seeks to each one's
 * first rowid itself, stopping at `size` rows: a deep page reads the rows it returns and one row
 * per range it enters, never the sections before it or the ones it leaves out.
 */
const TAIL = preparedSelect(sectionColumns, (select, p: Params<"match" | "size" | "ranges">) =>
  select.from(sql`(SELECT ${SECTION_SELECT}
    FROM json_each(${p("ranges")}) AS r CROSS JOIN search_fts
    WHERE search_fts MATCH ${p("match")} AND rank MATCH ${RANK}
      AND search_fts.rowid >= json_extract(r.value, '$[0]') * ${SLOTS}
      AND search_fts.rowid < json_extract(r.value, '$[1]') * ${SLOTS}
    LIMIT ${p("size")}) AS q`),
);

/** The best `size` sections of a MATCH expression by bm25. */
export function headSectionsQuery(db: Database, match: string, size: number) {
  return HEAD.bind(db, { match, size });
}

/** The largest page key a range may reach (the last range is open-ended). */
const NO_END = Number.MAX_SAFE_INTEGER / SECTION_SLOTS;

/**
 * `size` sections of a MATCH expression in index order from page key `from`, leaving out the
 * pages `skip` names: one range from `from` to each skipped key, and from there on.
 */
export function tailSectionsQuery(
  db: Database,
  input: { match: string; size: number; from: number; skip: readonly number[] },
) {
  const ranges: [number, number][] = [];
  let start = input.from;
  for (const key of [...input.skip].sort((a, b) => a - b)) {
    if (key < start) continue;
    if (key > start) ranges.push([start, key]);
    start = key + 1;
  }
  ranges.push([start, Math.floor(NO_END)]);
  return TAIL.bind(db, {
    match: input.match,
    size: input.size,
    ranges: JSON.stringify(ranges),
  });
}

/** One section row of a search statement. */
export type RankedSection = ReturnType<typeof headSectionsQuery>["_"]["result"][number];
