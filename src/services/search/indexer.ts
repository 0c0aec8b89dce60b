import type { PageRow, SpaceRow } from "../../db/schema";
import { jsonChunks } from "../../lib/json-chunks";
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { preparedSelect, type Params } from "../../db/prepared";
import { runStatements } from "../../db/plan";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { documents, spaces } from "../../db/schema/index";

import { mainPointer } from "../../content/pointers";
import { visibleAt, type ContentPointer } from "../../content/pointer";
import { pagesByIdQuery, treeQuery } from "../../content/read";
import { documentSections, ifExpressions, type DocumentLike } from "../../../core/document/index";
import { keyToken, untaggedRowsMatch } from "../../lib/fts-query";
import { searchTag, taggedText } from "../../lib/search-tags";
import type { MainRevisionHook } from "../../platform/main-revision";
import { ancestorsQuery, placeOf, withDescendantsSql } from "./page-places";
import { isolateMemo } from "../../../core/memory/memos";

// The tables of the hand-written migration (src/db/custom/search_fts.sql), typed for queries.
// They live here, not in src/db/schema, so drizzle-kit never generates or drops them.

/** One indexed page: its key (FTS rowids of its sections are key * 256 + section number). */
export const searchPages = sqliteTable("search_pages", {
  id: integer("id").primaryKey(),
  spaceId: text("space_id").notNull(),
  organizationId: text("organization_id").notNull(),
  pageId: text("page_id").notNull(),
});

/** The FTS5 table of the sections' text (columns in the migration's order). */
const searchFts = sqliteTable("search_fts", {
  rowid: integer("rowid"),
  spaceKey: text("space_key"),
  orgKey: text("org_key"),
  title: text("title"),
  description: text("description"),
  heading: text("heading"),
  body: text("body"),
  anchor: text("anchor"),
  page: text("page"),
});

/** The main sequence a space's index reflects. */
export const searchSpaces = sqliteTable("search_spaces", {
  spaceId: text("space_id").primaryKey(),
  seq: integer("seq").notNull(),
});

/** FTS rowids per page: a page's sections are rowids key * SECTION_SLOTS + section number. */
export const SECTION_SLOTS = 256;

/** Sections indexed per page (below SECTION_SLOTS), and characters per section. */
const MAX_SECTIONS = 200;
const MAX_SECTION_CHARS = 20_000;
/** JSON characters per INSERT: one bound parameter carries many rows (D1 allows 100 params). */
const CHUNK_CHARS = 250_000;
const ATTEMPTS = 4;

/** Control characters (not tab or newline) never reach the index: snippets use \x01/\x02 marks. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
const clean = (text: string, max: number) => text.replace(CONTROL, " ").slice(0, max);

/** A space's tags: its words are indexed behind both (`src/lib/search-tags.ts`). */
type Tags = { space: string; org: string };

/**
 * One section to index: page id, section number, title, description, heading, text, anchor,
 * and the page's place on main (JSON of a `PagePlace`).
 */
type SectionValues = [string, number, string, string, string, string, string | null, string];

/**
 * The sections to index of one page at a revision, their text tagged with the space's tags;
 * nothing for groups, links, tombstones and pages whose chain to the root is broken. `byId`:
 * the visible rows, its ancestors included.
 */
function pageSections(
  row: PageRow,
  body: string | undefined,
  byId: Map<string, PageRow>,
  tags: Tags,
): SectionValues[] {
  const place = placeOf(row, byId);
  if (row.kind !== "document" || row.deleted || !place) return [];
  let doc: DocumentLike;
  try {
    doc = body ? (JSON.parse(body) as DocumentLike) : {};
  } catch {
    doc = {};
  }
  // A page with `if` blocks is found by a site visitor only when every block's expression holds
  // for them (its text is indexed whole): adaptive text is never a visitor's search result.
  const gated = [...(place.conditions ?? []), ...ifExpressions(doc)];
  if (gated.length > 0) place.conditions = gated;
  const sections = documentSections(doc).slice(0, MAX_SECTIONS);
  if (sections.length === 0) sections.push({ heading: null, anchor: null, text: "" });
  const tagged = (text: string, max: number) => taggedText(clean(text, max), tags);
  const title = tagged(row.title, 1_000);
  const description = tagged(row.description ?? "", 2_000);
  return sections.map((s, i) => [
    row.pageId,
    i,
    title,
    description,
    tagged(s.heading ?? "", 1_000),
    tagged(s.text, MAX_SECTION_CHARS),
    s.anchor,
    JSON.stringify(place),
  ]);
}

/** The INSERTs of a space's pages (new keys) and of their sections (FTS rows keyed by page). */
function insertStatements(db: Database, space: SpaceRow, sections: SectionValues[]) {
  const pageIds = [...new Set(sections.map((s) => s[0]))];
  const at = (i: number) => sql.raw(`json_extract(e.value, '$[${i}]')`);
  const pages = jsonChunks(pageIds, CHUNK_CHARS).map((json) =>
    db
      .insert(searchPages)
      .select(
        sql`SELECT NULL, ${space.id}, ${space.organizationId}, value FROM json_each(${json})`,
      ),
  );
  const rows = jsonChunks(sections, CHUNK_CHARS).map((json) =>
    db.insert(searchFts).select(
      sql`SELECT p.id * ${sql.raw(String(SECTION_SLOTS))} + ${at(1)}, ${keyToken("t", space.id)}, ${keyToken("o", space.organizationId)},
        ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}, ${at(7)}
      FROM json_each(${json}) AS e CROSS JOIN search_pages p
        ON p.space_id = ${space.id} AND p.page_id = ${at(0)}`,
    ),
  );
  return [...pages, ...rows];
}

/** SQL: ids of the pages main changed in (from, to]: versions opened or closed in that range. */
function changedSql(lineId: string, from: number, to: number): SQL {
  return sql`SELECT page_id FROM page_versions WHERE line_id = ${lineId}
    AND ((from_seq > ${from} AND from_seq <= ${to}) OR (to_seq > ${from} AND to_seq <= ${to}))`;
}

/** Document bodies of the pages visible at `p` (all of them, or those selected by `ids`). */
function bodiesQuery(db: Database, p: ContentPointer, ids?: SQL) {
  const pages = sql`SELECT document_hash FROM page_versions WHERE ${visibleAt(p, "page_versions", "page_versions", "page_id")}
    AND document_hash IS NOT NULL${ids ? sql` AND page_id IN (${ids})` : sql``}`;
  return db
    .select()
    .from(documents)
    .where(sql`${documents.hash} IN (${pages})`);
}

/** Fails the whole batch (NOT NULL violation) unless the space's index is still at `seq`. */
function assertSeq(db: Database, spaceId: string, seq: number) {
  return db
    .insert(searchSpaces)
    .select(
      sql`SELECT NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM search_spaces WHERE space_id = ${spaceId} AND seq = ${seq})`,
    );
}

/**
 * Brings a space's index to its main head: every page when there is no index yet (or `full`),
 * else the pages main changed since the indexed sequence plus `pages`. One atomic batch,
 * guarded on the indexed sequence read first: a concurrent run that got there first makes this
 * one start over (and usually find nothing left to do), so runs never interleave their rows.
 */
async function syncSpace(
  db: Database,
  spaceId: string,
  options: { pages?: string[]; full?: boolean },
) {
  for (let attempt = 1; ; attempt++) {
    const [spaceRows, stateRows] = await db.batch([
      db.select().from(spaces).where(eq(spaces.id, spaceId)),
      indexStateQuery(db, spaceId),
    ]);
    const space = spaceRows[0];
    const state = stateRows[0];
    if (!space || space.deletedAt) return removeSpaceFromIndex(db, spaceId);
    // An index written before tags is rebuilt whole (its rows are found by their old key).
    const full = options.full || !state || state.old === 1;
    const extra = options.pages ?? [];
    if (!full && state.seq >= space.mainSeq && extra.length === 0) return;
    const p = mainPointer(space);
    // The changed pages and their subtrees (their stored paths follow their ancestors).
    const ids = full
      ? undefined
      : withDescendantsSql(
          p,
          sql`${changedSql(space.mainLineId, state.seq, p.seq)} UNION SELECT value FROM json_each(${JSON.stringify(extra)})`,
        );
    const [rows, bodies, above] = await db.batch([
      ids ? pagesByIdQuery(db, p, ids) : treeQuery(db, p),
      bodiesQuery(db, p, ids),
      ancestorsQuery(db, p, ids ?? sql`SELECT NULL WHERE 0`),
    ]);
    const byId = new Map([...above, ...rows].map((r) => [r.pageId, r]));
    const byHash = new Map(bodies.map((d) => [d.hash, d.body]));
    const tags = {
      space: searchTag("space", space.id),
      org: searchTag("org", space.organizationId),
    };
    const sections = rows.flatMap((r) =>
      pageSections(r, r.documentHash ? byHash.get(r.documentHash) : undefined, byId, tags),
    );
    const writes: BatchItem<"sqlite">[] = [
      state
        ? assertSeq(db, spaceId, state.seq)
        : db.insert(searchSpaces).values({ spaceId, seq: p.seq }),
      // Deleting pages deletes their FTS rows (trigger). The changed range is bounded, so `ids`
      // selects the same pages now as when they were read.
      full
        ? db.delete(searchPages).where(eq(searchPages.spaceId, spaceId))
        : db
            .delete(searchPages)
            .where(and(eq(searchPages.spaceId, spaceId), sql`${searchPages.pageId} IN (${ids})`)),
      ...insertStatements(db, space, sections),
      ...(state
        ? [db.update(searchSpaces).set({ seq: p.seq }).where(eq(searchSpaces.spaceId, spaceId))]
        : []),
    ];
    try {
      await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
      return;
    } catch (err) {
      const [now] = (await runStatements(db, { now: indexStateQuery(db, spaceId) })).now;
      if (now?.seq === state?.seq || attempt >= ATTEMPTS) throw err;
      // Another run got there first and left a consistent index: catch up from it.
      options = { pages: options.pages };
    }
  }
}

/** Re-indexes the given pages at the space's main head (and whatever else main changed since). */
export async function reindexPages(
  db: Database,
  space: SpaceRow,
  pageIds: string[],
): Promise<void> {
  await syncSpace(db, space.id, { pages: pageIds });
}

/** Rebuilds a space's whole index from its main head: after a restore, or to repair it. */
export async function reindexSpace(db: Database, space: Pick<SpaceRow, "id">): Promise<void> {
  await syncSpace(db, space.id, { full: true });
}

/** The statements that remove a space from the index, to run inside the caller's batch. */
export function removeSpaceFromIndexStatements(db: Database, spaceId: string) {
  return [
    db.delete(searchPages).where(eq(searchPages.spaceId, spaceId)),
    db.delete(searchSpaces).where(eq(searchSpaces.spaceId, spaceId)),
  ] as const;
}

/** Removes a space from the index (its rows and its indexed sequence): on delete. */
export async function removeSpaceFromIndex(db: Database, spaceId: string): Promise<void> {
  await db.batch(removeSpaceFromIndexStatements(db, spaceId));
}

/**
 * The indexed sequence of a space (no row: never indexed) and whether rows indexed before tags
 * remain (`old`, 1: the index must be rebuilt), to read beside a search.
 */
export function indexStateQuery(db: Database, spaceId: string) {
  return INDEX_STATE.bind(db, { space: spaceId, old: untaggedRowsMatch(spaceId) });
}

/** `indexStateQuery`'s statement, its text written once per isolate (every search runs it). */
const INDEX_STATE = preparedSelect(
  (p: Params<"space" | "old">) => ({
    ...getTableColumns(searchSpaces),
    old: sql<number>`EXISTS (SELECT 1 FROM search_fts WHERE search_fts MATCH ${p("old")})`,
  }),
  (select, p) => select.from(searchSpaces).where(eq(searchSpaces.spaceId, sql`${p("space")}`)),
);

/**
 * Spaces this isolate is catching up, so a burst of searches starts one run, not one each (a
 * space leaves when its run ends; past the bound, a burst may start a second run, no more).
 */
const catchingUp = isolateMemo<string, true>("spaces catching up", { entries: 1_000 });

/**
 * Brings a space's index up to main in the background when a search finds it behind (a merge
 * whose indexing was cut short, content written outside the API): the index repairs itself.
 */
export function catchUpInBackground(db: Database, spaceId: string, ctx: ExecutionContext): void {
  if (catchingUp.has(spaceId)) return;
  catchingUp.set(spaceId, true);
  const run = syncSpace(db, spaceId, {})
    .catch((err: unknown) => console.error("search index catch-up failed", err))
    .finally(() => catchingUp.delete(spaceId));
  ctx.waitUntil(run);
}

/**
 * The after-main hook of search: the index follows main, after each new main revision (the pages
 * it changed, and anything missed before). Registered by `createApp`.
 */
export const indexSearchAfterMain: MainRevisionHook = (event) =>
  syncSpace(event.db, event.space.id, {});
