import { and, eq } from "drizzle-orm";
import type { JobContext } from "../../jobs/define";
import { gitSyncs, revisions, spaces, type GitSyncRow, type SpaceRow } from "../../db/schema";
import type { ChangeRequestRow, GitSyncOpInput } from "../../db/schema";
import { changeRequestPointer } from "../../content/pointers";
import type { TreeNode } from "../../content/tree";
import { decodeCommit } from "../../git/objects";
import { fetchRef } from "../../git/smart-http";
import { ApiError } from "../../lib/errors";
import { countPlannedPages, planRepository, type PlannedPage } from "../../../core/gitsync";
import { applyContentBatch, createChangeRequest } from "../change-requests/writes";
import { mergeChangeRequest, updateFromMain } from "../change-requests/merge";
import { threeWayConflicts } from "../change-requests/three-way";
import type { Conflict } from "../../api/change-request-conflicts";
import { readTree } from "../content/reads";
import { applyPlan } from "../spaces-io/apply-plan";
import { Warnings } from "../spaces-io/warnings";
import type { SourceFiles } from "../spaces-io/read-source";
import { updateChangeRequest } from "../change-requests/change-requests";
import { GitSyncRefused } from "./errors";
import { setStage } from "./operations";
import { GIT_PACK_LIMITS, gitRemoteOf, spilled } from "./remote";
import type { SpillStore } from "../../git/pack-objects";
import { commitTree, flattenTree, projectPrefix, readProjectSource } from "./repo-tree";

/** At most 5,000 pages per import, as the issue sets it. */
const MAX_PAGES = 5000;

/** What an import leaves: the operation's outcome and the sync's new standing. */
export interface SyncOutcome {
  error?: string;
  set: Partial<GitSyncRow>;
}

/** The topmost pages of a tree that are not in `keep` (deleting one deletes its subtree). */
function dropped(nodes: readonly TreeNode[], keep: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (!keep.has(node.row.pageId)) out.push(node.row.pageId);
    else out.push(...dropped(node.children, keep));
  }
  return out;
}

/**
 * The operation's word on an import whose change request conflicts with main: how many
 * conflicts, on which pages, and where they are listed block by block (the conflicts read).
 */
function conflictsSaid(
  summary: string,
  spaceId: string,
  crId: string,
  conflicts: readonly Conflict[],
  fallback: string,
): string {
  const read = `GET /v1/spaces/${spaceId}/change-requests/${crId}/conflicts`;
  const pages = [...new Set(conflicts.map((c) => c.title))];
  const named = pages.slice(0, 10).join(", ") + (pages.length > 10 ? ", …" : "");
  const what =
    conflicts.length > 0
      ? `${conflicts.length} conflict${conflicts.length === 1 ? "" : "s"} with main (main changed the same pages: ${named})`
      : `main changed the same pages: ${fallback}`;
  return `Imported ${summary}; ${what}. ${read} lists them; resolve them in Git and import again, or update the change request from main with "resolutions"`;
}

/** The main revision where both sides last agreed (the import's change request forks there). */
async function syncedBase(ctx: JobContext, space: SpaceRow, row: GitSyncRow) {
  if (row.syncedSeq === null || row.syncedSeq >= space.mainSeq) return undefined;
  const [rev] = await ctx.db
    .select({ id: revisions.id })
    .from(revisions)
    .where(and(eq(revisions.lineId, space.mainLineId), eq(revisions.seq, row.syncedSeq)));
  return rev ? { seq: row.syncedSeq, revisionId: rev.id } : undefined;
}

/** Writes the plan into the change request, then deletes the pages the repository no longer has. */
async function writeIntoChangeRequest(
  ctx: JobContext,
  space: SpaceRow,
  changeRequest: ChangeRequestRow,
  userId: string,
  pages: PlannedPage[],
  assets: SourceFiles["assets"],
  warnings: Warnings,
): Promise<ChangeRequestRow> {
  const { db, env } = ctx;
  const live = env.COLLAB_ROOMS;
  const target = { db, bucket: env.FILES, space, changeRequest, userId, underPageId: null, live };
  const hooks = { progress: async () => undefined, cancelled: async () => false };
  const done = await applyPlan(target, pages, assets, warnings, hooks);
  const pointer = changeRequestPointer(space, done.changeRequest);
  const after = await readTree(db, pointer, space.organizationId, { withBodies: false });
  const gone = dropped(after.roots, new Set(done.pages.map((p) => p.id)));
  if (gone.length === 0) return done.changeRequest;
  const changes = gone.map((page) => ({ operation: "delete_page" as const, page }));
  const cleaned = await applyContentBatch(
    db,
    env.FILES,
    space,
    done.changeRequest,
    userId,
    changes,
    {},
    live,
  );
  return cleaned.changeRequest;
}

/**
 * Imports the ref into the space (GitBook's importGitRepository): fetches the ref's commit
 * (shallow), reads the project directory (refusing links, submodules and paths that climb out),
 * plans its pages (a `SUMMARY.md` naming missing files is refused) and writes them into a change
 * request named for the commit — forked where both sides last agreed and then updated from
 * main, so what both sides changed is Quire's three-way merge; pages gone from the repository
 * are deleted in it. The first import of a space lands on main; a standalone one stays a
 * change request and leaves the sync's standing alone.
 */
export async function runGitImport(
  ctx: JobContext,
  row: GitSyncRow,
  opId: string,
  input: GitSyncOpInput,
  spill?: SpillStore,
): Promise<SyncOutcome> {
  const { db, env } = ctx;
  const remote = await gitRemoteOf(env, ctx.outbound, row);
  const fetched = await fetchRef(remote, input.ref, { limits: GIT_PACK_LIMITS, ...spilled(spill) });
  // The space already holds this commit (it was imported or exported last): nothing to do.
  if (fetched.commit === row.syncedCommit && !input.force && !input.standalone) return { set: {} };
  await setStage(db, row.spaceId, opId, "config_check");
  const prefix = projectPrefix(row.projectDirectory);
  const files = flattenTree(fetched.objects, commitTree(fetched.objects, fetched.commit));
  const { source, skipped } = await readProjectSource(fetched.objects, files, prefix, env.FILES);
  const warnings = new Warnings();
  if (skipped > 0) warnings.add(`${skipped} files in hidden folders were skipped`);
  if (source.markdown.size === 0)
    throw new GitSyncRefused(
      `The repository holds no markdown page (.md) under ${prefix || "its root"}`,
    );
  const plan = planRepository(source);
  if (plan.missing.length > 0)
    throw new GitSyncRefused(
      `SUMMARY.md names files the repository lacks: ${plan.missing.slice(0, 10).join(", ")}`,
    );
  warnings.addAll(plan.warnings);
  const count = countPlannedPages(plan.pages);
  if (count > MAX_PAGES)
    throw new GitSyncRefused(`The repository has ${count} pages; at most ${MAX_PAGES} are synced`);

  await setStage(db, row.spaceId, opId, "content_process");
  const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
  if (!space || space.deletedAt) throw new GitSyncRefused("The space was deleted");
  const commit = decodeCommit(fetched.objects.get(fetched.commit)!.body);
  const subjectLine = commit.message.split("\n")[0]!.trim().slice(0, 120);
  const first = row.syncedCommit === null && !input.standalone;
  let cr = await createChangeRequest(db, space, {
    userId: input.userId,
    subject: `Git import ${fetched.commit.slice(0, 7)}: ${subjectLine || "(no message)"}`,
    status: "open",
    ...(first ? {} : { base: await syncedBase(ctx, space, row) }),
  });
  try {
    cr = await writeIntoChangeRequest(
      ctx,
      space,
      cr,
      input.userId,
      plan.pages,
      source.assets,
      warnings,
    );
  } catch (error) {
    // A refused page leaves nothing half-imported: the change request is archived.
    await updateChangeRequest(db, cr, { status: "archived" }).catch(() => undefined);
    throw error;
  }

  await setStage(db, row.spaceId, opId, "finalize");
  const summary = `${fetched.commit.slice(0, 7)} into change request #${cr.number}`;
  if (input.standalone) return { set: {} };
  if (first) {
    // Marked first, so the after-main hook takes the merge for this import's (no export follows).
    await db
      .update(gitSyncs)
      .set({ importChangeRequestId: cr.id, importCommit: fetched.commit })
      .where(eq(gitSyncs.spaceId, row.spaceId));
    const merged = await mergeChangeRequest(
      db,
      space,
      cr,
      input.userId,
      { type: "none" },
      ctx.afterMain,
    );
    return {
      set: {
        syncedCommit: fetched.commit,
        syncedSeq: merged.space.mainSeq,
        importChangeRequestId: null,
        importCommit: null,
      },
    };
  }
  const set = { importChangeRequestId: cr.id, importCommit: fetched.commit };
  const [fresh] = await db.select().from(spaces).where(eq(spaces.id, space.id));
  if (fresh && cr.baseSeq < fresh.mainSeq) {
    try {
      await updateFromMain(db, fresh, cr, input.userId);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      // The change request keeps both sides apart: the conflicts read lists what cannot merge.
      const conflicts = await threeWayConflicts(db, fresh, cr);
      return { set, error: conflictsSaid(summary, space.id, cr.id, conflicts, error.message) };
    }
  }
  return { set };
}
