import type { ChangeRequestRow, PageRow, RevisionRow, SpaceRow } from "../../db/schema";
import type { Database } from "../../db/client";
import type { RevertSource } from "../../content/apply-steps";
import type { Change } from "../../content/change-schema";
import { mainPointer, revisionPointer } from "../../content/pointers";
import { treeQuery } from "../../content/read";
import { sameContent, stateOf, type PageState } from "../../content/state";
import { buildTree, type TreeNode } from "../../content/tree";
import { chunked } from "../../db/chunked";
import { conflict, UnknownReference } from "../../lib/errors";
import { applyContentBatch, createChangeRequest } from "./writes";

/**
 * Reverting to a revision the way GitBook proposes one: a change request opened on main with
 * the revision's content (the whole space, or one page), so the merge rules and reviews apply
 * before main changes. The revision's tree and main's are read in one round trip; the changes
 * are `revert_page`s (the content operation GitBook has for it), restored parents first, then
 * the pages the revision did not have deleted, applied in batches of the content batch's size.
 * Files are not reverted: a file stays in the space once uploaded (the content operations only
 * add files), so an old page's files are still there.
 */

/** Changes per content batch: the public batch's own bound keeps every read within D1's limits. */
const BATCH = 40;

/** Most pages one revert changes (larger reverts are refused: revert pages one by one). */
const MAX_PAGES = 2_000;

/** What to revert: a revision, the whole space or one page of it, and the change request's subject. */
export interface RevertInput {
  revision: RevisionRow;
  page?: string;
  /** Empty: a subject naming the revision (and the page). */
  subject: string;
}

/** The default subject of a revert (within the subject's 100 characters). */
function subjectOf(input: RevertInput, title: string | undefined): string {
  if (input.subject) return input.subject;
  const day = input.revision.createdAt.slice(0, 10);
  if (title === undefined) return `Revert to the revision of ${day}`;
  const short = title.length > 60 ? `${title.slice(0, 59)}…` : title;
  return `Restore "${short}" as of ${day}`;
}

/** Every live node of a tree, parents before children (reading order). */
function topDown(roots: TreeNode[]): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** The states of main's reachable pages, by id. */
function statesOf(rows: PageRow[]): Map<string, PageState> {
  return new Map(topDown(buildTree(rows).roots).map((n) => [n.row.pageId, stateOf(n.row)]));
}

/** The changes that give main the revision's whole content: restores top-down, then deletions. */
function spaceChanges(target: TreeNode[], main: Map<string, PageState>, revision: string) {
  const restores: Change[] = [];
  const kept = new Set<string>();
  for (const node of target) {
    kept.add(node.row.pageId);
    const now = main.get(node.row.pageId);
    if (now && sameContent(now, stateOf(node.row))) continue;
    restores.push({ operation: "revert_page", page: node.row.pageId, revision });
  }
  const deletions: Change[] = [...main.keys()]
    .filter((id) => !kept.has(id))
    .map((page) => ({ operation: "revert_page", page, revision }));
  return [...restores, ...deletions];
}

/**
 * The changes that restore one page as the revision had it, with those of its ancestors main
 * no longer has (restored first, so the page has its place); a page the revision did not have is
 * deleted with its subpages.
 */
function pageChanges(
  pageId: string,
  target: Map<string, TreeNode>,
  main: Map<string, PageState>,
  revision: string,
): Change[] {
  const node = target.get(pageId);
  const now = main.get(pageId);
  if (!node && !now)
    throw new UnknownReference("page", "no such page in this revision or in the space's content");
  if (!node) return [{ operation: "delete_page", page: pageId }];
  if (now && sameContent(now, stateOf(node.row)))
    throw conflict("This page is already as it was in that revision: there is nothing to restore");
  const missing = node.ancestors.filter((a) => !main.has(a.pageId));
  return [...missing.map((a) => a.pageId), pageId].map((page) => ({
    operation: "revert_page",
    page,
    revision,
  }));
}

/**
 * Opens a change request (status open, by `userId`) that reverts main to `input.revision`, or
 * one page of it, and answers it. 409 when there is nothing to revert or the space is locked;
 * 400 for a page neither has.
 */
export async function revertToRevision(
  db: Database,
  bucket: R2Bucket,
  space: SpaceRow,
  userId: string,
  input: RevertInput,
): Promise<ChangeRequestRow> {
  if (space.editMode === "locked")
    throw conflict("This space is locked (editMode: locked): its content cannot be changed");
  const [targetRows, mainRows] = await db.batch([
    treeQuery(db, revisionPointer(space, input.revision)),
    treeQuery(db, mainPointer(space)),
  ]);
  const target = buildTree(targetRows);
  const main = statesOf(mainRows);
  const id = input.revision.id;
  const changes = input.page
    ? pageChanges(input.page, target.byId, main, id)
    : spaceChanges(topDown(target.roots), main, id);
  if (changes.length === 0)
    throw conflict("The space's content is already this revision's: there is nothing to revert");
  if (changes.length > MAX_PAGES)
    throw conflict(
      `Reverting changes ${changes.length} pages, more than ${MAX_PAGES}: revert pages one by one`,
    );
  const title = input.page
    ? (target.byId.get(input.page)?.row.title ?? main.get(input.page)?.title ?? "")
    : undefined;
  const subject = subjectOf(input, title);
  // The revision's states are read already: each revert_page takes its page from them.
  const source: RevertSource = (pageId) => {
    const node = target.byId.get(pageId);
    return Promise.resolve(node ? stateOf(node.row) : null);
  };
  let cr = await createChangeRequest(db, space, { userId, subject, status: "open" });
  for (const batch of chunked(changes, BATCH)) {
    cr = (await applyContentBatch(db, bucket, space, cr, userId, batch, { revert: source }))
      .changeRequest;
  }
  return cr;
}
