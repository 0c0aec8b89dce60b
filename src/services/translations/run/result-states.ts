import type {
  FileRow,
  PageRow,
  translationPages,
  translationStaged,
} from "../../../db/schema/index";
import type { FileState } from "../../../content/commit";
import { sameContent, stateOf, type PageState } from "../../../content/state";
import { nowIso } from "../../../lib/clock";
import { remapRefs } from "../../../translate/index";

/** An entry of the run's work list: a source page and, once done, its translation (null title: none). */
export type Staged = typeof translationStaged.$inferSelect;
/** A source page and the result page it is translated into. */
export type Mapping = typeof translationPages.$inferSelect;

/** The result pages to write: new and changed ones, and the results of removed source pages. */
export function resultPages(
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
export function resultFileStates(sourceFiles: FileRow[], resultFiles: FileRow[]): FileState[] {
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
