import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { runStatements } from "../../../db/plan";
import {
  documentLinks,
  documents,
  pageVersions,
  spaces,
  translationPages,
  translationStaged,
  type TranslationRow,
} from "../../../db/schema/index";
import { PermanentJobError } from "../../../jobs/define";
import {
  pageRefs,
  plainSegment,
  remapRefs,
  segmentDocument,
  type Segment,
} from "../../../translate/index";
import { chunked } from "../../../db/chunked";
import { translateAll, type TranslationEngine } from "../engines/translation-engine";
import { contextOf, runContextStatements } from "./state";

/** Pages translated per queue message: bounded work, whatever the size of the space. */
const PAGES_PER_BATCH = 20;

/** What one batch did, for logs and tests. */
export interface BatchOutcome {
  pages: number;
  calls: number;
  /** False when the work list is empty: the run can be committed. */
  more: boolean;
}

/**
 * Translates the next pages of the work list (tree order): segments each page's title,
 * description and Document, sends every run of the batch to the engine in as few calls as its
 * limits allow, writes the results back, points page references at the result pages, and stores
 * the translated page on its work-list row. A failure leaves the rows as they were (retried).
 */
export async function translateBatch(
  db: Database,
  t: TranslationRow,
  engine: TranslationEngine,
): Promise<BatchOutcome> {
  const r = await runStatements(db, batchReads(db, t));
  if (r.waiting.length === 0) return { pages: 0, calls: 0, more: false };
  const context = contextOf(r, t);
  if (!context.source) throw new PermanentJobError("The source space no longer exists");
  if (!context.result) throw new Error("The result space of this run is gone; run again");
  const ids = r.waiting.map((row) => row.id);
  const pages = r.pages.filter((p) => !p.deleted);
  const bodies = new Map(r.bodies.map((doc) => [doc.hash, JSON.parse(doc.body) as unknown]));
  const refs = new Set<string>();
  for (const page of pages) if (page.documentHash) pageRefs(bodies.get(page.documentHash), refs);
  const resultOf = new Map(r.linked.flatMap((l) => (l.r ? [[l.s, l.r] as const] : [])));
  // A reference the links index does not list (a kind it does not extract): read it apart.
  const linked = new Set(r.linked.map((l) => l.s));
  const unlisted = [...refs].filter((id) => !linked.has(id));
  for (const [s, id] of await mappingOf(db, t.id, unlisted)) resultOf.set(s, id);

  const prepared = pages.map((page) => {
    const out = { pageId: page.pageId, title: page.title, description: page.description };
    const segments: Segment[] = [];
    const title = plainSegment(page.title, context.matcher, (v) => (out.title = v));
    if (title) segments.push(title);
    if (page.description) {
      const description = plainSegment(
        page.description,
        context.matcher,
        (v) => (out.description = v),
      );
      if (description) segments.push(description);
    }
    const source = page.documentHash ? bodies.get(page.documentHash) : undefined;
    const doc = source === undefined ? null : segmentDocument(source, context.matcher);
    if (doc) segments.push(...doc.segments);
    return { out, segments, document: doc?.document ?? null };
  });
  const texts = prepared.flatMap((p) => p.segments.map((s) => s.text));
  const { translated, calls } = await translateAll(engine, texts, t.sourceLanguage, t.language);
  let i = 0;
  const spaces = { source: context.source.id, result: context.result.id };
  const updates = prepared.map(({ out, segments, document }) => {
    for (const segment of segments) segment.apply(translated[i++]!);
    if (document) remapRefs(document, (id) => resultOf.get(id), spaces);
    const words = segments.reduce((n, s) => n + s.words, 0);
    return { ...out, body: document ? JSON.stringify(document) : null, words };
  });
  const missing = ids.filter((id) => !pages.some((p) => p.pageId === id));
  const statements = [
    ...updates.map((u) =>
      db
        .update(translationStaged)
        .set({
          done: true,
          title: u.title,
          description: u.description,
          body: u.body,
          words: u.words,
        })
        .where(
          and(
            eq(translationStaged.translationId, t.id),
            eq(translationStaged.sourcePageId, u.pageId),
          ),
        ),
    ),
    // Pages deleted from the source since the work list was made: nothing to translate.
    ...chunked(missing, 90).map((chunk) =>
      db
        .update(translationStaged)
        .set({ done: true, body: null, title: null, words: 0 })
        .where(
          and(
            eq(translationStaged.translationId, t.id),
            inArray(translationStaged.sourcePageId, chunk),
          ),
        ),
    ),
  ];
  if (statements.length) await db.batch([statements[0]!, ...statements.slice(1)]);
  return { pages: pages.length, calls, more: true };
}

/**
 * Everything a batch reads, in one round trip: the next pages of the work list, the run's
 * context, those pages' rows on the source's main (its open rows) and bodies, and the result
 * ids of the pages their bodies link to (through the links index). Subqueries tie them to the
 * work list, so nothing waits on another answer.
 */
function batchReads(db: Database, t: TranslationRow) {
  const waiting = db
    .select({ id: translationStaged.sourcePageId })
    .from(translationStaged)
    .where(and(eq(translationStaged.translationId, t.id), eq(translationStaged.done, false)))
    .orderBy(asc(translationStaged.ord))
    .limit(PAGES_PER_BATCH);
  const mainLine = db
    .select({ id: spaces.mainLineId })
    .from(spaces)
    .where(eq(spaces.id, t.sourceSpaceId));
  const open = and(
    sql`${pageVersions.lineId} = (${mainLine})`,
    // `+` keeps SQLite on the key index: the open-rows index would scan every open row.
    sql`+${pageVersions.toSeq} IS NULL`,
    inArray(pageVersions.pageId, waiting),
  );
  const hashes = db.select({ h: pageVersions.documentHash }).from(pageVersions).where(open);
  // Every page the bodies link to, with its result page when this translation maps it.
  const linked = db
    .selectDistinct({ s: sql<string>`${documentLinks.pageId}`, r: translationPages.resultPageId })
    .from(documentLinks)
    .leftJoin(
      translationPages,
      and(
        eq(translationPages.translationId, t.id),
        eq(translationPages.sourcePageId, documentLinks.pageId),
      ),
    )
    .where(and(inArray(documentLinks.documentHash, hashes), isNotNull(documentLinks.pageId)));
  return {
    ...runContextStatements(db, t),
    waiting,
    pages: db.select().from(pageVersions).where(open),
    bodies: db.select().from(documents).where(inArray(documents.hash, hashes)),
    linked,
  };
}

/** Result page ids of the given source pages. */
async function mappingOf(db: Database, translationId: string, sourceIds: string[]) {
  const out = new Map<string, string>();
  for (const chunk of chunked(sourceIds, 90)) {
    const rows = await db
      .select({ s: translationPages.sourcePageId, r: translationPages.resultPageId })
      .from(translationPages)
      .where(
        and(
          eq(translationPages.translationId, translationId),
          inArray(translationPages.sourcePageId, chunk),
        ),
      );
    for (const row of rows) out.set(row.s, row.r);
  }
  return out;
}
