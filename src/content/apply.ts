import { badRequest } from "../lib/errors";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/clock";
import type { Change } from "./change-schema";
import type { ContentRef } from "../../core/document";
import type { Workspace } from "./workspace";
import type { FileState } from "./commit";
import {
  deletePage,
  insertFiles,
  insertPage,
  revertPage,
  updatePage,
  type Applied,
  type ApplyContext,
  type ApplyStep,
  type ChangeKind,
  type PageChangeType,
  type RevertSource,
  type StoredFile,
} from "./apply-steps";

export type { Applied } from "./apply-steps";

/**
 * What a service applying a batch of its own (an import) adds: ids chosen up front for some
 * `insert_page` changes (by change index, so links across batches resolve), a link resolver
 * tried after the batch's refs, and file states whose bytes are already stored.
 */
export interface ApplyOptions {
  pageIds?: ReadonlyMap<number, string>;
  /** Resolves a link of the `index`-th change's document (relative links need the page). */
  resolveHref?: (href: string, index: number) => ContentRef | null;
  files?: readonly FileState[];
  /** `insert_files` `url` sources already stored (src/services/change-requests/url-files.ts). */
  urlFiles?: ReadonlyMap<string, StoredFile>;
}

/** The step that applies each kind of change: one named handler per `operation`. */
const APPLY_STEPS: { [K in ChangeKind]: ApplyStep<K> } = {
  insert_page: insertPage,
  update_page: updatePage,
  delete_page: deletePage,
  revert_page: revertPage,
  insert_files: insertFiles,
};

/** Runs the step for a change's kind (generic so the change and its handler stay paired). */
function applyStep<K extends ChangeKind>(
  change: Extract<Change, { operation: K }>,
  step: { index: number; at: string },
  ctx: ApplyContext,
): Promise<void> {
  const handler: ApplyStep<K> = APPLY_STEPS[change.operation];
  return handler(change, step, ctx);
}

/**
 * Applies an ordered batch of content changes in memory, the whole batch or nothing: a change
 * that does not apply throws a 400 naming `body.changes[i]`. Batch-local `ref`s resolve to the
 * ids assigned up front, whatever the order of the changes.
 */
export async function applyChanges(
  ws: Workspace,
  changes: Change[],
  revert: RevertSource,
  options: ApplyOptions = {},
): Promise<Applied> {
  const now = nowIso();
  const refs = new Map<string, ContentRef>();
  const pageIds = new Map<number, string>();
  changes.forEach((change, i) => {
    if (change.operation === "insert_page") {
      const id = options.pageIds?.get(i) ?? newId();
      pageIds.set(i, id);
      if (change.ref)
        claimRef(refs, change.ref, { kind: "page", page: id }, `body.changes[${i}].ref`);
    }
  });
  const fileIds = new Map<string, string>();
  changes.forEach((change, i) => {
    if (change.operation !== "insert_files") return;
    change.files.forEach((file, j) => {
      const id = newId();
      fileIds.set(`${i}:${j}`, id);
      if (file.ref)
        claimRef(refs, file.ref, { kind: "file", file: id }, `body.changes[${i}].files[${j}].ref`);
    });
  });

  await prefetch(ws, changes);

  const resolveHrefOf =
    (index: number) =>
    (href: string): ContentRef | null => {
      const local = href.replace(/^\.\//, "").replace(/\.md$/, "");
      return refs.get(local) ?? options.resolveHref?.(href, index) ?? null;
    };
  const resolveHref = resolveHrefOf(0);
  const out: Applied = {
    pages: [],
    files: [...(options.files ?? [])],
    documents: [],
    uploads: [],
    changes: [],
  };
  const seen = new Map<string, PageChangeType>();
  const note = (page: string, type: PageChangeType) => {
    if (!seen.has(page)) out.changes.push({ page, type });
    seen.set(page, seen.get(page) === "created" && type === "updated" ? "created" : type);
  };
  const urlFiles = options.urlFiles ?? new Map<string, StoredFile>();
  const ctx: ApplyContext = {
    ws,
    revert,
    now,
    refs,
    pageIds,
    fileIds,
    urlFiles,
    resolveHref,
    out,
    note,
  };

  for (const [index, change] of changes.entries()) {
    const step = { index, at: `body.changes[${index}]` };
    await applyStep(
      change,
      step,
      options.resolveHref ? { ...ctx, resolveHref: resolveHrefOf(index) } : ctx,
    );
  }
  out.pages = [...ws.touched.values()];
  return out;
}

function claimRef(refs: Map<string, ContentRef>, ref: string, target: ContentRef, field: string) {
  if (refs.has(ref)) throw badRequest(`${field}: the ref "${ref}" is used twice in this batch`);
  refs.set(ref, target);
}

/** Loads, in one batch, every page, parent, sibling list and subtree the batch will need. */
async function prefetch(ws: Workspace, changes: Change[]) {
  const pages: string[] = [];
  const children: (string | null)[] = [];
  const subtrees: string[] = [];
  const ancestors: string[] = [];
  for (const change of changes) {
    if ("page" in change) pages.push(change.page);
    if (change.operation === "delete_page") subtrees.push(change.page);
    if (change.operation === "insert_page" || change.operation === "update_page") {
      if (change.into) children.push(change.into);
      if (change.into === undefined && change.operation === "insert_page") children.push(null);
      if (change.into === null) children.push(null);
      if (change.into) pages.push(change.into);
      if (change.operation === "update_page" && change.into) ancestors.push(change.into);
    }
  }
  await ws.load({ pages, children, subtrees, ancestors, neighbourhood: pages });
}
