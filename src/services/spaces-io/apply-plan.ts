import type { Database } from "../../db/client";
import type { ChangeRequestRow, ImportRunPage, SpaceRow } from "../../db/schema";
import type { Change } from "../../content/change-schema";
import type { FileState } from "../../content/commit";
import type { TreeNode } from "../../content/tree";
import { filesQuery } from "../../content/read";
import { changeRequestPointer } from "../../content/pointers";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import type { ContentRef } from "../../../core/document";
import { ASSETS_FOLDER, resolveRepoLink, type PlannedPage } from "../../../core/gitsync";
import { applyContentBatch } from "../change-requests/writes";
import { changeOf, ImportRefused, withDocument, type PageLinks, type Placed } from "./plan-changes";
import type { LiveRoomsBinding } from "../collab/live-rooms";
import { readTree } from "../content/reads";
import type { SourceAsset } from "./read-source";
import type { Warnings } from "./warnings";

/** Re-exported: the import's callers (runs, Git Sync) catch it from here. */
export { ImportRefused };

/** Changes per content batch of an import (the API's own batch size). */
const CHANGES_PER_BATCH = 50;

/** Where and how an import writes: the space, its change request, under which page, by whom. */
export interface PlanTarget {
  db: Database;
  bucket: R2Bucket;
  space: SpaceRow;
  changeRequest: ChangeRequestRow;
  userId: string;
  /** The page the import goes under (official ContentImportTarget.page), or the top level. */
  underPageId: string | null;
  /** The live rooms, told when the import writes a page someone has open (src/collab). */
  live: LiveRoomsBinding;
}

/** Hooks of a run: progress after each batch, and whether it was cancelled meanwhile. */
export interface PlanHooks {
  progress(done: number, total: number): Promise<void>;
  cancelled(): Promise<boolean>;
}

/** What else a plan's source says: files it could not store, pages it moved. */
export interface PlanOptions {
  /** Files of the source that could not be stored, by path, with the reason (placeholders). */
  unstored?: ReadonlyMap<string, string>;
  /** A file's old Quire path by its new repository path (`.gitbook.yaml` redirects): moved. */
  renamed?: ReadonlyMap<string, string>;
}

/** Every page of a tree by its path (slugs joined by "/"), below `root` when given. */
function byPath(roots: readonly TreeNode[], root: string | null): Map<string, TreeNode> {
  const out = new Map<string, TreeNode>();
  const walk = (nodes: readonly TreeNode[], prefix: string) => {
    for (const node of nodes) {
      const path = prefix ? `${prefix}/${node.row.slug}` : node.row.slug;
      out.set(path, node);
      walk(node.children, path);
    }
  };
  const find = (nodes: readonly TreeNode[]): TreeNode | null => {
    for (const node of nodes) {
      if (node.row.pageId === root) return node;
      const inner = find(node.children);
      if (inner) return inner;
    }
    return null;
  };
  if (root === null) walk(roots, "");
  else walk(find(roots)?.children ?? [], "");
  return out;
}

/**
 * Writes an import's plan into its change request, in batches of 50 changes (parents before
 * children): a page whose path already exists there is updated, any other is inserted, so a
 * re-import updates rather than duplicates. Ids are chosen up front, so a relative link to a
 * page or a file resolves to its reference in the one pass that stores the page; files are
 * matched by content (an existing file with the same bytes is reused) and written with the last
 * batch. Returns the pages made, the change request as it ends, and how many files were added.
 */
export async function applyPlan(
  target: PlanTarget,
  plan: readonly PlannedPage[],
  assets: ReadonlyMap<string, SourceAsset>,
  warnings: Warnings,
  hooks: PlanHooks,
  options: PlanOptions = {},
): Promise<{
  pages: ImportRunPage[];
  /** The page made from each markdown file of the plan, by repository path. */
  pageIdByFile: ReadonlyMap<string, string>;
  files: number;
  changeRequest: ChangeRequestRow;
  cancelled: boolean;
}> {
  const { db, space } = target;
  const pointer = changeRequestPointer(space, target.changeRequest);
  const [tree, [fileRows]] = await Promise.all([
    readTree(db, pointer, space.organizationId, { withBodies: false }),
    db.batch([filesQuery(db, pointer)]),
  ]);
  const existingPaths = byPath(tree.roots, target.underPageId);
  const fileByHash = new Map(fileRows.filter((f) => !f.deleted).map((f) => [f.hash, f.fileId]));
  const fileIds = new Map<string, string>();
  for (const [path, asset] of assets) fileIds.set(path, fileByHash.get(asset.hash) ?? newId());

  const unstored = options.unstored ?? new Map<string, string>();
  const renamed = options.renamed ?? new Map<string, string>();
  const claimed = new Set<string>();
  const placed: Placed[] = [];
  const pageIdByFile = new Map<string, string>();
  const place = (pages: readonly PlannedPage[], parentId: string | null, prefix: string) => {
    const slugs = new Set<string>();
    pages.forEach((page, at) => {
      let slug = page.slug;
      for (let n = 2; slugs.has(slug); n++) slug = `${page.slug.slice(0, 95)}-${n}`;
      if (slug !== page.slug)
        warnings.add(
          `"${page.title}": the path ${prefix}${page.slug} is taken by a sibling; imported as ${prefix}${slug}`,
        );
      slugs.add(slug);
      const path = `${prefix}${slug}`;
      // The page at this path, else the page a `.gitbook.yaml` redirect says this file was.
      const old = page.kind === "document" ? renamed.get(page.path) : undefined;
      let existing = existingPaths.get(path) ?? null;
      if (existing && claimed.has(existing.row.pageId)) existing = null;
      if (!existing && old !== undefined) {
        const before = existingPaths.get(old);
        if (before && !claimed.has(before.row.pageId)) existing = before;
      }
      if (existing) claimed.add(existing.row.pageId);
      const id = existing?.row.pageId ?? newId();
      const self = { ...page, slug } as PlannedPage;
      placed.push({ page: self, id, parentId, at, existing });
      if (page.kind === "document") pageIdByFile.set(page.path, id);
      if (page.kind !== "link") place(page.children, id, `${path}/`);
    });
  };
  place(plan, target.underPageId, "");

  const used = new Set<string>();
  const resolve = (from: string, href: string): ContentRef | null => {
    const found = resolveRepoLink(from, href);
    if (!found) return null;
    const page = pageIdByFile.get(found.path);
    if (page)
      return found.anchor ? { kind: "anchor", page, anchor: found.anchor } : { kind: "page", page };
    const file = fileIds.get(found.path);
    if (file) {
      used.add(found.path);
      return { kind: "file", file };
    }
    return null;
  };
  const links: PageLinks = {
    resolve,
    unstored: (path) =>
      pageIdByFile.has(path) || fileIds.has(path)
        ? null
        : (unstored.get(path) ?? "no such file in the source"),
  };

  const changes: { change: Change; from: string | null; id: string; page: PlannedPage }[] = [];
  const emitted = new Map<string | null, number>();
  for (const p of placed) {
    const change = changeOf(p, warnings);
    if (!change) continue;
    // The index among the siblings actually written (a skipped entry leaves no gap).
    const at = emitted.get(p.parentId) ?? 0;
    emitted.set(p.parentId, at + 1);
    if (change.operation === "insert_page" || change.operation === "update_page") change.at = at;
    changes.push({
      change,
      from: p.page.kind === "document" ? p.page.path : null,
      id: p.id,
      page: p.page,
    });
  }
  let cr = target.changeRequest;
  const now = nowIso();
  const total = changes.length;
  for (let start = 0; start < total || start === 0; start += CHANGES_PER_BATCH) {
    if (await hooks.cancelled())
      return { pages: [], pageIdByFile, files: 0, changeRequest: cr, cancelled: true };
    const slice = changes.slice(start, start + CHANGES_PER_BATCH);
    const last = start + CHANGES_PER_BATCH >= total;
    const pageIds = new Map<number, string>();
    slice.forEach((c, i) => c.change.operation === "insert_page" && pageIds.set(i, c.id));
    // Each page file is parsed once, here, with its links resolved to the ids chosen above.
    for (const c of slice)
      if (c.page.kind === "document") withDocument(c.change, c.page, links, warnings);
    // The files go with the last batch, once every page said which ones it uses.
    const files = last ? newFiles(assets, fileIds, fileByHash, used, now, warnings) : [];
    try {
      ({ changeRequest: cr } = await applyContentBatch(
        db,
        target.bucket,
        space,
        cr,
        target.userId,
        slice.map((c) => c.change),
        { pageIds, files },
        target.live,
      ));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const index = Number(/body\.changes\[(\d+)\]/.exec(error.message)?.[1] ?? NaN);
      const where = slice[index]?.from ?? slice[index]?.page.title ?? "the import";
      throw new ImportRefused(`${where}: ${error.message.replace(/^body\.changes\[\d+\]\.?/, "")}`);
    }
    await hooks.progress(Math.min(start + CHANGES_PER_BATCH, total), total);
    if (total === 0) break;
  }
  const pages = placed.map(
    (p): ImportRunPage => ({
      id: p.id,
      type: p.page.kind !== "link" && p.page.children.length > 0 ? "folder" : "page",
      status: "complete",
    }),
  );
  const fileCount = [...assets.keys()].filter((path) => isImported(path, used)).length;
  return { pages, pageIdByFile, files: fileCount, changeRequest: cr, cancelled: false };
}

/** A file is imported when a page uses it or it sits in `.gitbook/assets/`. */
function isImported(path: string, used: ReadonlySet<string>): boolean {
  return used.has(path) || path.startsWith(`${ASSETS_FOLDER}/`);
}

/** The file states to add: imported files whose bytes the change request does not hold yet. */
function newFiles(
  assets: ReadonlyMap<string, SourceAsset>,
  fileIds: ReadonlyMap<string, string>,
  existing: ReadonlyMap<string, string>,
  used: ReadonlySet<string>,
  now: string,
  warnings: Warnings,
): FileState[] {
  const out: FileState[] = [];
  const added = new Set<string>();
  for (const [path, asset] of assets) {
    if (!isImported(path, used)) {
      warnings.add(`${path}: no page links to it and it is not in ${ASSETS_FOLDER}/; not imported`);
      continue;
    }
    if (existing.has(asset.hash) || added.has(fileIds.get(path)!)) continue;
    added.add(fileIds.get(path)!);
    out.push({
      fileId: fileIds.get(path)!,
      deleted: false,
      name: asset.name.slice(0, 256),
      contentType: asset.contentType,
      size: asset.size,
      hash: asset.hash,
      width: asset.width,
      height: asset.height,
      createdAt: now,
    });
  }
  return out;
}
