import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  spaces,
  translationPages,
  translationStaged,
  translations,
  type FileRow,
  type PageRow,
  type SpaceRow,
  type TranslationRow,
} from "../../../db/schema/index";
import type { FileState } from "../../../content/commit";
import { mainPointer } from "../../../content/pointers";
import { filesQuery, treeQuery } from "../../../content/read";
import type { PageState } from "../../../content/state";
import { PermanentJobError } from "../../../jobs/define";
import { sha256Hex } from "../../../lib/crypto";
import { nowMs } from "../../../lib/clock";
import { runStatements } from "../../../db/plan";
import { commitToMain } from "../../content/commit-to-main";
import type { AfterMain } from "../../../platform/main-revision";
import { chunked } from "../../../db/chunked";
import { runContext } from "./state";
import { resultFileStates, resultPages, type Mapping, type Staged } from "./result-states";

/**
 * The last step of a run: writes every translated page, the source's structure (tree, slugs,
 * hidden flags, positions) and its files (added, changed, removed) into the result space as ONE
 * new main revision through `commitToMain`, and in the same batch records the pages' source
 * hashes, drops the pages removed from the source, clears the work list and completes the run
 * with its stats. The new revision is followed by the platform's after-main hooks (`after`, from
 * the job's context) like a merge: integrations hear of it and search indexes it.
 */
export async function commitRun(db: Database, t: TranslationRow, after: AfterMain): Promise<void> {
  const inputs = await readRunInputs(db, t);
  const work = await translatedWork(inputs.staged);
  const live = inputs.sourceRows.filter((r) => !r.deleted);
  const liveIds = new Set(live.map((r) => r.pageId));
  const removed = inputs.mapping.filter((m) => !liveIds.has(m.sourcePageId));
  const completion = completionStatements(db, t, removed, runStats(t, work.translated));
  const changeOn = resultChanges(inputs, live, work, removed);
  const first = changeOn(inputs.resultRows, inputs.resultFiles);
  if (first.pages.length === 0 && first.files.length === 0) {
    // Nothing differs from the result's main: the run completes without an empty revision.
    await runStatements(db, completion(inputs.result.revisionId));
    return;
  }
  await writeResultRevision(db, t, after, {
    result: inputs.result,
    first,
    changeOn,
    work,
    completion,
  });
}

/** Everything a run's commit compares: both spaces, their main trees and files, the run's work. */
interface RunInputs {
  source: SpaceRow;
  result: SpaceRow;
  sourceRows: PageRow[];
  sourceFiles: FileRow[];
  mapping: Mapping[];
  staged: Staged[];
  /** The result space's main as the run found it (re-read if main moves before the commit). */
  resultRows: PageRow[];
  resultFiles: FileRow[];
}

/** Step 1: the run's two spaces (refused when gone), then in one batch what the commit compares. */
async function readRunInputs(db: Database, t: TranslationRow): Promise<RunInputs> {
  const context = await runContext(db, t);
  const source = context.source;
  if (!source) throw new PermanentJobError("The source space no longer exists");
  const result = context.result;
  if (!result) throw new Error("The result space of this run is gone; run again");
  const [sourceRows, sourceFiles, mapping, staged, resultRows, resultFiles] = await db.batch([
    treeQuery(db, mainPointer(source)),
    filesQuery(db, mainPointer(source)),
    db.select().from(translationPages).where(eq(translationPages.translationId, t.id)),
    db
      .select()
      .from(translationStaged)
      .where(and(eq(translationStaged.translationId, t.id), eq(translationStaged.done, true))),
    treeQuery(db, mainPointer(result)),
    filesQuery(db, mainPointer(result)),
  ]);
  return { source, result, sourceRows, sourceFiles, mapping, staged, resultRows, resultFiles };
}

/** The pages this run translated and their new bodies, keyed by content hash. */
interface TranslatedWork {
  translated: Staged[];
  bodies: { hash: string; body: string }[];
  hashOf: Map<string, string>;
}

/** Step 2: the finished pages that carry a translation, and their bodies hashed for storage. */
async function translatedWork(staged: Staged[]): Promise<TranslatedWork> {
  const translated = staged.filter((s) => s.title !== null);
  const bodies = await Promise.all(
    translated
      .flatMap((s) => (s.body ? [s.body] : []))
      .map(async (body) => ({ hash: await sha256Hex(body), body })),
  );
  return { translated, bodies, hashOf: new Map(bodies.map((d) => [d.body, d.hash])) };
}

/** The figures a completed run records: words and pages translated, when and how long. */
interface RunStats {
  words: number;
  pages: number;
  finishedAt: number;
  durationMs: number;
}

/** Step 3: the run's stats, timed now. */
function runStats(t: TranslationRow, translated: Staged[]): RunStats {
  const words = translated.reduce((n, s) => n + s.words, 0);
  const finishedAt = nowMs();
  const durationMs = Math.max(
    0,
    finishedAt - Date.parse(t.runStartedAt ?? new Date(finishedAt).toISOString()),
  );
  return { words, pages: translated.length, finishedAt, durationMs };
}

/**
 * Step 4: the statements that complete the run beside its revision (or alone when nothing
 * changed): source hashes recorded, removed pages' mapping dropped, work list cleared, run done.
 */
function completionStatements(
  db: Database,
  t: TranslationRow,
  removed: Mapping[],
  stats: RunStats,
) {
  const { words, finishedAt, durationMs: duration } = stats;
  return (revisionId: string) => ({
    hashes: db
      .update(translationPages)
      .set({
        sourceHash: sql`(SELECT s.source_hash FROM translation_staged s WHERE s.translation_id = ${t.id} AND s.source_page_id = ${translationPages.sourcePageId})`,
      })
      .where(
        and(
          eq(translationPages.translationId, t.id),
          sql`${translationPages.sourcePageId} IN (SELECT source_page_id FROM translation_staged WHERE translation_id = ${t.id} AND done = 1 AND title IS NOT NULL)`,
        ),
      ),
    ...Object.fromEntries(
      chunked(
        removed.map((m) => m.sourcePageId),
        90,
      ).map((ids, i) => [
        `removed${i}`,
        db
          .delete(translationPages)
          .where(
            and(
              eq(translationPages.translationId, t.id),
              inArray(translationPages.sourcePageId, ids),
            ),
          ),
      ]),
    ),
    clear: db
      .delete(translationStaged)
      .where(and(eq(translationStaged.translationId, t.id), eq(translationStaged.done, true))),
    // Guarded: a run that is no longer current (a redelivered message after the run completed,
    // a newer run) fails the whole batch (NOT NULL), so its revision never lands.
    done: db
      .update(translations)
      .set({
        state: sql`CASE WHEN ${translations.runId} = ${t.runId ?? ""} THEN 'completed' ELSE NULL END`,
        runId: null,
        error: null,
        resultRevisionId: revisionId,
        runs: sql`${translations.runs} + 1`,
        latestWords: words,
        latestPages: stats.pages,
        latestDurationMs: duration,
        totalWords: sql`${translations.totalWords} + ${words}`,
        totalDurationMs: sql`${translations.totalDurationMs} + ${duration}`,
        totalPages: sql`(SELECT count(*) FROM translation_pages WHERE translation_id = ${t.id} AND source_hash IS NOT NULL)`,
        heartbeatAt: null,
        updatedAt: new Date(finishedAt).toISOString(),
      })
      .where(eq(translations.id, t.id)),
  });
}

/** The pages and files to write into a result space whose main holds these rows. */
type ResultChange = { pages: PageState[]; files: FileState[] };

/** Step 5: how to compute the result's change against any state of its main. */
function resultChanges(
  inputs: RunInputs,
  live: PageRow[],
  work: TranslatedWork,
  removed: Mapping[],
): (resultRows: PageRow[], resultFiles: FileRow[]) => ResultChange {
  const plan = {
    live,
    mapping: inputs.mapping,
    staged: new Map(inputs.staged.map((s) => [s.sourcePageId, s])),
    hashOf: work.hashOf,
  };
  const spacesIds = { source: inputs.source.id, result: inputs.result.id };
  return (resultRows, resultFiles) => ({
    pages: resultPages(plan, resultRows, removed, spacesIds),
    files: resultFileStates(inputs.sourceFiles, resultFiles),
  });
}

/**
 * Step 6: the result's new main revision with the completion statements in its batch, the change
 * recomputed if main moved, retried on a fresh main only while this run is still the current one.
 */
async function writeResultRevision(
  db: Database,
  t: TranslationRow,
  after: AfterMain,
  run: {
    result: SpaceRow;
    first: ResultChange;
    changeOn: ReturnType<typeof resultChanges>;
    work: TranslatedWork;
    completion: ReturnType<typeof completionStatements>;
  },
): Promise<void> {
  const { result, first, changeOn, completion } = run;
  await commitToMain(
    db,
    {
      state: { space: result },
      userId: t.createdBy,
      prepare: async ({ space }) => {
        const { pages, files } =
          space.mainSeq === result.mainSeq
            ? first
            : await db
                .batch([treeQuery(db, mainPointer(space)), filesQuery(db, mainPointer(space))])
                .then(([rows, fileRows]) => changeOn(rows, fileRows));
        const used = new Set(pages.map((p) => p.documentHash));
        return {
          type: "edits",
          parents: [],
          pages,
          files,
          documents: run.work.bodies.filter((d) => used.has(d.hash)),
          also: (revisionId) => completion(revisionId),
        };
      },
      // After a failed batch: retried on a fresh main only while this run is still the current one.
      reload: async ({ space }) => {
        const [[fresh], [current]] = await db.batch([
          db.select().from(spaces).where(eq(spaces.id, space.id)),
          db
            .select({ runId: translations.runId })
            .from(translations)
            .where(eq(translations.id, t.id)),
        ]);
        return fresh && !fresh.deletedAt && current?.runId === t.runId
          ? { space: fresh }
          : undefined;
      },
      raceMessage: "The result space changed repeatedly during the run",
    },
    after,
  );
}
