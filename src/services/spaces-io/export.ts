import { and, eq } from "drizzle-orm";
import type { JobContext } from "../../jobs/define";
import { changeRequests, spaceExports, spaces, type SpaceExportRow } from "../../db/schema";
import { filesQuery } from "../../content/read";
import { changeRequestPointer, mainPointer } from "../../content/pointers";
import { nowIso } from "../../lib/clock";
import { readTree } from "../content/reads";
import { fileObjectKey } from "../change-requests/writes";
import { renderSpaceRepository } from "./render-repository";
import { tarWriter, zipWriter } from "./archive";
import { R2Sink } from "./sink";
import { Warnings } from "./warnings";

/** The R2 key of an export's archive. */
function exportArchiveKey(row: Pick<SpaceExportRow, "spaceId" | "id" | "format">): string {
  return `exports/${row.spaceId}/${row.id}.${row.format === "zip" ? "zip" : "tar"}`;
}

/** Records progress (pages and files written of the total) on the export. */
async function progress(ctx: JobContext, id: string, done: number, total: number) {
  await ctx.db
    .update(spaceExports)
    .set({ progressDone: done, progressTotal: total, updatedAt: nowIso() })
    .where(eq(spaceExports.id, id));
}

/**
 * Runs one export: reads the space's main revision (or the change request's head) with every
 * body and file, lays it out as a Git Sync repository (`renderSpaceRepository`) and streams the
 * archive to R2 — markdown entries compressed, files copied from the bucket as they are —
 * recording progress, then the result with its warnings. A space or change request gone since
 * the request fails the export with a reason; platform errors are thrown for the queue to retry.
 */
export async function runExport(ctx: JobContext, exportId: string): Promise<void> {
  const { db, env } = ctx;
  const [row] = await db.select().from(spaceExports).where(eq(spaceExports.id, exportId));
  if (!row || row.status === "completed" || row.status === "failed") return;
  const [space] = await db.select().from(spaces).where(eq(spaces.id, row.spaceId));
  if (!space || space.deletedAt)
    return void (await failExport(ctx, exportId, "The space was deleted"));
  let pointer = mainPointer(space);
  if (row.changeRequestId) {
    const [cr] = await db
      .select()
      .from(changeRequests)
      .where(and(eq(changeRequests.id, row.changeRequestId), eq(changeRequests.spaceId, space.id)));
    if (!cr) return void (await failExport(ctx, exportId, "The change request no longer exists"));
    pointer = changeRequestPointer(space, cr);
  }
  await db
    .update(spaceExports)
    .set({ status: "in-progress", updatedAt: nowIso() })
    .where(eq(spaceExports.id, exportId));
  const tree = await readTree(db, pointer, space.organizationId);
  const [fileRows] = await db.batch([filesQuery(db, pointer)]);
  const files = fileRows.filter((f) => !f.deleted);
  const warnings = new Warnings();
  const repo = renderSpaceRepository(tree.roots, tree.bodies, files);
  warnings.addAll(repo.warnings);
  const total = repo.entries.length + repo.assets.length;
  const sink = new R2Sink(
    env.FILES,
    exportArchiveKey(row),
    row.format === "zip" ? "application/zip" : "application/x-tar",
  );
  const archive = row.format === "zip" ? zipWriter(sink) : tarWriter(sink);
  const encoder = new TextEncoder();
  let done = 0;
  try {
    for (const entry of repo.entries) {
      await archive.addBytes(entry.path, encoder.encode(entry.text));
      if (++done % 200 === 0) await progress(ctx, exportId, done, total);
    }
    for (const asset of repo.assets) {
      const object = await env.FILES.get(fileObjectKey(asset.hash));
      if (!object) {
        warnings.add(`${asset.path}: the file's bytes are missing from storage; not exported`);
        continue;
      }
      await archive.addStream(asset.path, object.size, object.body);
      if (++done % 20 === 0) await progress(ctx, exportId, done, total);
    }
    await archive.finish();
  } catch (error) {
    await sink.abort();
    throw error;
  }
  const now = nowIso();
  await db
    .update(spaceExports)
    .set({
      status: "completed",
      progressDone: total,
      progressTotal: total,
      archiveKey: sink.key,
      archiveSize: sink.size,
      result: warnings.result(repo.pageCount, repo.assets.length),
      updatedAt: now,
      completedAt: now,
    })
    .where(eq(spaceExports.id, exportId));
}

/** The final failed state of an export, with the reason people read. */
export async function failExport(ctx: Pick<JobContext, "db">, exportId: string, reason: string) {
  const now = nowIso();
  await ctx.db
    .update(spaceExports)
    .set({ status: "failed", reason: reason.slice(0, 500), updatedAt: now, completedAt: now })
    .where(eq(spaceExports.id, exportId));
}
