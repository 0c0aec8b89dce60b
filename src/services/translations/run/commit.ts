import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import {
  spaces,
  translationPages,
  translationStaged,
  translations,
  type FileRow,
  type PageRow,
  type TranslationRow,
} from "../../../db/schema/index";
import type { FileState } from "../../../content/commit";
import { mainPointer } from "../../../content/pointers";
import { filesQuery, treeQuery } from "../../../content/read";
import { sameContent, stateOf, type PageState } from "../../../content/state";
import { PermanentJobError } from "../../../jobs/define";
import { sha256Hex } from "../../../lib/crypto";
import { nowIso, nowMs } from "../../../lib/clock";
import { remapRefs } from "../../../translate/index";
import { runStatements } from "../../../db/plan";
import { commitToMain } from "../../content/commit-to-main";
import type { AfterMain } from "../../../platform/main-revision";
import { chunked } from "../../../db/chunked";
import { runContext } from "./state";

type Staged = typeof translationStaged.$inferSelect;
type Mapping = typeof translationPages.$inferSelect;

/**
 * The last step of a run: writes every translated page, the source's structure (tree, slugs,
 * hidden flags, positions) and its files (added, changed, removed) into the result space as ONE new main revision through
 * `commitToMain`, and in the same batch records the pages' source hashes, drops the pages
 * removed from the source, clears the work list and completes the run with its stats. The new
 * revision is followed by the platform's after-main hooks (`after`, from the job's context) like
 * a merge: integrations hear of it and search indexes it.
 */
export async function commitRun(db: Database, t: TranslationRow, after: AfterMain): Promise<void> {
  const context = await runContext(db, t);
  const source = context.source;
  if (!source) throw new PermanentJobError("The source space no longer exists");
  const result = context.result;
  if (!result) throw new Error("The result space of this run is gone; run again");
  const [sourceRows, sourceFiles, mapping, staged, firstRows, firstFiles] = await db.batch([
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
  const translated = staged.filter((s) => s.title !== null);
  const bodies = await Promise.all(
    translated
      .flatMap((s) => (s.body ? [s.body] : []))
      .map(async (body) => ({ hash: await sha256Hex(body), body })),
  );
  const hashOf = new Map(bodies.map((d) => [d.body, d.hash]));
  const live = sourceRows.filter((r) => !r.deleted);
  const liveIds = new Set(live.map((r) => r.pageId));
  const removed = mapping.filter((m) => !liveIds.has(m.sourcePageId));
  const words = translated.reduce((n, s) => n + s.words, 0);
  const finishedAt = nowMs();
  const duration = Math.max(
    0,
    finishedAt - Date.parse(t.runStartedAt ?? new Date(finishedAt).toISOString()),
  );
  const completion = (revisionId: string) => ({
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
        latestPages: translated.length,
        latestDurationMs: duration,
        totalWords: sql`${translations.totalWords} + ${words}`,
        totalDurationMs: sql`${translations.totalDurationMs} + ${duration}`,
        totalPages: sql`(SELECT count(*) FROM translation_pages WHERE translation_id = ${t.id} AND source_hash IS NOT NULL)`,
        heartbeatAt: null,
        updatedAt: new Date(finishedAt).toISOString(),
      })
      .where(eq(translations.id, t.id)),
  });

  const plan = {
    live,
    sourceFiles,
    mapping,
    staged: new Map(staged.map((s) => [s.sourcePageId, s])),
    hashOf,
  };
  const spacesIds = { source: source.id, result: result.id };
  const changeOn = (resultRows: PageRow[], resultFiles: FileRow[]) => ({
    pages: resultPages(plan, resultRows, removed, spacesIds),
    files: resultFileStates(sourceFiles, resultFiles),
  });
  const first = changeOn(firstRows, firstFiles);
  if (first.pages.length === 0 && first.files.length === 0) {
    // Nothing differs from the result's main: the run completes without an empty revision.
    await runStatements(db, completion(result.revisionId));
    return;
  }
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
          documents: bodies.filter((d) => used.has(d.hash)),
          also: (revisionId) => completion(revisionId),
        };
      },
      // After a failed batch: retried on a fresh main only while this run is still the current one.
      reload: async ({ space }) => {
        const [[fresh], [run]] = await db.batch([
          db.select().from(spaces).where(eq(spaces.id, space.id)),
          db
            .select({ runId: translations.runId })
            .from(translations)
            .where(eq(translations.id, t.id)),
        ]);
        return fresh && !fresh.deletedAt && run?.runId === t.runId ? { space: fresh } : undefined;
      },
      raceMessage: "The result space changed repeatedly during the run",
    },
    after,
  );
}

/** The result pages to write: new and changed ones, and the results of removed source pages. */
function resultPages(
  plan: {
    live: PageRow[];
    mapping: Mapping[];
    staged: Map<string, Staged>;
    hashOf: Map<string, string>;
  },
  resultRows: PageRow[],
  removed: Mapping[],
  spacesIds: { source: string; result: string },
): PageState[] {
  const now = nowIso();
  const resultOf = new Map(plan.mapping.map((m) => [m.sourcePageId, m.resultPageId]));
  const current = new Map(resultRows.filter((r) => !r.deleted).map((r) => [r.pageId, stateOf(r)]));
  const out: PageState[] = [];
  for (const row of plan.live) {
    const id = resultOf.get(row.pageId);
    if (!id) continue;
    const before = current.get(id);
    const staged = plan.staged.get(row.pageId);
    const fresh = staged && staged.title !== null ? staged : undefined;
    const linkTarget = row.linkTarget ? structuredClone(row.linkTarget) : null;
    if (linkTarget) remapRefs(linkTarget, (s) => resultOf.get(s), spacesIds);
    const next: PageState = {
      ...stateOf(row),
      pageId: id,
      parentId: row.parentId ? (resultOf.get(row.parentId) ?? null) : null,
      title: fresh ? fresh.title! : (before?.title ?? row.title),
      description: fresh ? fresh.description : (before?.description ?? row.description),
      documentHash: fresh
        ? fresh.body
          ? (plan.hashOf.get(fresh.body) ?? null)
          : null
        : (before?.documentHash ?? row.documentHash),
      linkTarget,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    if (!before || !sameContent(before, next)) out.push(next);
  }
  for (const gone of removed) {
    const before = current.get(gone.resultPageId);
    if (before) out.push({ ...before, deleted: true, updatedAt: now });
  }
  return out;
}

/**
 * The source's files under the same ids, where the result space lacks them or differs, and the
 * removal of the result's files the source no longer has.
 */
function resultFileStates(sourceFiles: FileRow[], resultFiles: FileRow[]): FileState[] {
  const current = new Map(resultFiles.filter((f) => !f.deleted).map((f) => [f.fileId, f]));
  const live = sourceFiles.filter((f) => !f.deleted);
  const liveIds = new Set(live.map((f) => f.fileId));
  const key = (f: FileRow) =>
    JSON.stringify([f.name, f.contentType, f.size, f.hash, f.width, f.height]);
  const state = (f: FileRow, deleted: boolean): FileState => ({
    fileId: f.fileId,
    deleted,
    name: f.name,
    contentType: f.contentType,
    size: f.size,
    hash: f.hash,
    width: f.width,
    height: f.height,
    createdAt: f.createdAt,
  });
  const changed = live.filter((f) => {
    const before = current.get(f.fileId);
    return !before || key(before) !== key(f);
  });
  const removed = [...current.values()].filter((f) => !liveIds.has(f.fileId));
  return [...changed.map((f) => state(f, false)), ...removed.map((f) => state(f, true))];
}
