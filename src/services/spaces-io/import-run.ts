import { and, eq, inArray } from "drizzle-orm";
import type { JobContext } from "../../jobs/define";
import { changeRequests, importRuns, spaces, type ImportRunRow } from "../../db/schema";
import { nowIso } from "../../lib/clock";
import { countPlannedPages, planRepository } from "../../../core/gitsync";
import { createChangeRequest } from "../change-requests/writes";
import { updateChangeRequest } from "../change-requests/change-requests";
import { applyPlan, ImportRefused } from "./apply-plan";
import { readUploadedSource } from "./uploads-read";
import { readGitbookSource } from "./gitbook-source";
import type { SourceFiles } from "./read-source";
import { ArchiveRefused } from "./zip-directory";
import { Warnings } from "./warnings";
import { applyConfigRedirects, renamedPaths } from "./redirects";

/** At most 5,000 pages per import, as the issue sets it. */
const MAX_IMPORT_PAGES = 5000;

/** The run as stored now (a cancel may have landed meanwhile). */
async function reload(ctx: JobContext, id: string): Promise<ImportRunRow | undefined> {
  const [row] = await ctx.db.select().from(importRuns).where(eq(importRuns.id, id));
  return row;
}

/** Sets fields of a run that is still active (pending or in progress); false once it is not. */
async function updateActive(ctx: JobContext, id: string, set: Partial<ImportRunRow>) {
  const rows = await ctx.db
    .update(importRuns)
    .set({ ...set, updatedAt: nowIso() })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, ["pending", "in-progress"])))
    .returning({ id: importRuns.id });
  return rows.length > 0;
}

/**
 * Runs one import: reads the source (uploaded zips or markdown files, or another GitBook API),
 * plans the pages (core/gitsync), and writes them into the run's change request — one it opens
 * itself unless the run names one — so nothing is half-imported into main. A refused source or
 * content (a zip bomb, a traversal, too many pages, an unreachable API) fails the run with the
 * reason and archives a change request the run opened; a cancelled run stops before its next
 * batch. Platform errors are thrown for the queue to retry.
 */
export async function runImport(ctx: JobContext, runId: string): Promise<void> {
  const run = await reload(ctx, runId);
  if (!run || (run.status !== "pending" && run.status !== "in-progress")) return;
  const { db, env } = ctx;
  if (
    !(await updateActive(ctx, runId, {
      status: "in-progress",
      startedAt: run.startedAt ?? nowIso(),
    }))
  )
    return;
  const [space] = await db.select().from(spaces).where(eq(spaces.id, run.spaceId));
  if (!space || space.deletedAt)
    return void (await failImport(ctx, runId, "The target space was deleted"));
  const warnings = new Warnings();
  let crId = run.changeRequestId;
  try {
    const source: SourceFiles = { markdown: new Map(), assets: new Map() };
    if (run.source.type === "file") await readUploadedSource(env.FILES, run, source, warnings);
    else await readGitbookSource(ctx, run, source, warnings);
    if (source.markdown.size === 0)
      throw new ImportRefused("The source holds no markdown page (.md) to import");
    const plan = planRepository(source);
    warnings.addAll(plan.warnings);
    const count = countPlannedPages(plan.pages);
    if (count > MAX_IMPORT_PAGES)
      throw new ImportRefused(
        `The source has ${count} pages; at most ${MAX_IMPORT_PAGES} are imported at once`,
      );
    let cr = crId
      ? (await db.select().from(changeRequests).where(eq(changeRequests.id, crId)))[0]
      : undefined;
    if (crId && !cr) throw new ImportRefused("The target change request no longer exists");
    if (!cr) {
      cr = await createChangeRequest(db, space, { userId: run.createdBy, subject: "Import" });
      crId = cr.id;
      await updateActive(ctx, runId, { changeRequestId: cr.id, ownChangeRequest: true });
    }
    const hooks = {
      progress: async (done: number, total: number) =>
        void (await updateActive(ctx, runId, { progressDone: done, progressTotal: total })),
      cancelled: async () => (await reload(ctx, runId))?.status === "cancelled",
    };
    const target = {
      db,
      bucket: env.FILES,
      space,
      changeRequest: cr,
      userId: run.createdBy,
      underPageId: run.underPageId,
      live: env.COLLAB_ROOMS,
    };
    const { redirects, root } = plan.config;
    const done = await applyPlan(target, plan.pages, source.assets, warnings, hooks, {
      ...(source.unstored ? { unstored: source.unstored } : {}),
      renamed: renamedPaths(redirects, root),
    });
    if (done.cancelled)
      return void (await archiveOwn(ctx, { ...run, changeRequestId: crId }, true));
    await applyConfigRedirects(db, space.id, redirects, done.pageIdByFile, root, warnings);
    const now = nowIso();
    await updateActive(ctx, runId, {
      status: "completed",
      pages: done.pages,
      result: warnings.result(done.pages.length, done.files),
      sourceToken: null,
      completedAt: now,
    });
  } catch (error) {
    if (!(error instanceof ArchiveRefused) && !(error instanceof ImportRefused)) throw error;
    await failImport(ctx, runId, error.message, warnings);
  }
}

/** Archives the change request a run opened itself (a failed or cancelled import leaves none open). */
async function archiveOwn(
  ctx: Pick<JobContext, "db">,
  run: ImportRunRow,
  own = run.ownChangeRequest,
) {
  if (!own || !run.changeRequestId) return;
  const [cr] = await ctx.db
    .select()
    .from(changeRequests)
    .where(eq(changeRequests.id, run.changeRequestId));
  if (cr && cr.status !== "merged" && cr.status !== "archived")
    await updateChangeRequest(ctx.db, cr, { status: "archived" }).catch(() => undefined);
}

/** The final failed state of a run, with the reason people read. */
export async function failImport(
  ctx: Pick<JobContext, "db">,
  runId: string,
  reason: string,
  warnings?: Warnings,
): Promise<void> {
  const now = nowIso();
  const rows = await ctx.db
    .update(importRuns)
    .set({
      status: "failed",
      reason: reason.slice(0, 1000),
      sourceToken: null,
      ...(warnings ? { result: warnings.result(0, 0) } : {}),
      updatedAt: now,
      completedAt: now,
    })
    .where(and(eq(importRuns.id, runId), inArray(importRuns.status, ["pending", "in-progress"])))
    .returning();
  if (rows[0]) await archiveOwn(ctx, rows[0]);
}
