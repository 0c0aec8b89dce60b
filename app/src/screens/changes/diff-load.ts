import type { RenderContext } from "../../../../core/render/model";
import { blocksOf, diffBlocks, type BlockChange } from "../../../../core/diff/blocks";
import { isRefusal, type Api } from "../../api/client";
import type {
  ChangeRequest,
  SemanticChange,
  SemanticChanges,
} from "../../api/change-request-types";
import type { PageRead, RevisionTree, Space } from "../../api/content-types";
import { loadWorkspace, type WorkspaceData } from "../../layout/workspace-data";
import { renderContextOf } from "../space/load";
import { changeRequestApiPath, spaceApiPath } from "./load";
import { diffPath } from "./paths";
import { loadThreads, type Thread } from "./review-load";

/**
 * What the diff view of a change request reads through public /v1 operations, in three waves:
 * the space and the change request; the frame, what the change request changes, its tree (for
 * the render context: files and page links) and its comment threads; then main's and the change
 * request's document of each page it adds, removes or edits, diffed block by block
 * (core/diff/blocks.ts).
 */

/** Pages diffed block by block per screen (the rest are listed, not diffed). */
const DIFFED_PAGES = 20;

/** One page of the diff: what happened to it and, for a document, its block diff. */
export interface PageDiff {
  id: string;
  title: string;
  path?: string;
  /** The semantic changes naming this page (added, edited, moved, deleted). */
  kinds: string[];
  /** Where it moved from and to, for a moved page. */
  moved?: { from?: string; to?: string };
  /** The block diff (undefined: not a document, or beyond the pages diffed). */
  blocks?: BlockChange[];
}

/** The diff view's data. */
export interface DiffView {
  frame: WorkspaceData;
  space: Space;
  changeRequest: ChangeRequest;
  pages: PageDiff[];
  /** Pages changed beyond the ones diffed, and changes beyond the ones read. */
  more: number;
  threads: Thread[];
  context: RenderContext;
}

/** A page's document in one place, or none where the page is not (404). */
async function documentAt(api: Api, root: string, pageId: string): Promise<unknown> {
  try {
    const read = await api.get<PageRead>(`${root}/page/${encodeURIComponent(pageId)}`);
    return read.document;
  } catch (error) {
    if (isRefusal(error, 404)) return undefined;
    throw error;
  }
}

/** The pages the semantic changes name, each once, in the order of their first change. */
function pagesOf(changes: readonly SemanticChange[]): PageDiff[] {
  const byId = new Map<string, PageDiff>();
  for (const change of changes) {
    const page = change.page;
    if (!page) continue;
    const entry = byId.get(page.id) ?? { id: page.id, title: page.title, kinds: [] };
    if (page.path !== undefined) entry.path = page.path;
    entry.kinds.push(change.type);
    if (change.type === "page_moved" && change.parent) {
      entry.moved = { from: change.parent.before?.title, to: change.parent.after?.title };
    }
    byId.set(page.id, entry);
  }
  return [...byId.values()];
}

/** Reads the diff view of change request `number` of `spaceId`. */
export async function loadDiff(api: Api, spaceId: string, number: string): Promise<DiffView> {
  const [space, changeRequest] = await Promise.all([
    api.get<Space>(spaceApiPath(spaceId)),
    api.get<ChangeRequest>(changeRequestApiPath(spaceId, number)),
  ]);
  const crPath = changeRequestApiPath(spaceId, String(changeRequest.number));
  const [frame, changes, tree, threads] = await Promise.all([
    loadWorkspace(api, space.organization),
    api.get<SemanticChanges>(`${crPath}/changes`, { limit: 100 }),
    api.get<RevisionTree>(`${crPath}/content`, { bodies: false }),
    loadThreads(api, crPath),
  ]);
  const pages = pagesOf(changes.changes);
  const documents = pages
    .filter((p) => p.kinds.some((k) => k !== "page_moved"))
    .slice(0, DIFFED_PAGES);
  await Promise.all(
    documents.map(async (page) => {
      const [before, after] = await Promise.all([
        page.kinds.includes("page_created")
          ? Promise.resolve(undefined)
          : documentAt(api, `${spaceApiPath(spaceId)}/content`, page.id),
        page.kinds.includes("page_deleted")
          ? Promise.resolve(undefined)
          : documentAt(api, `${crPath}/content`, page.id),
      ]);
      page.blocks = diffBlocks(blocksOf(before), blocksOf(after));
    }),
  );
  const diffed = new Set(documents.map((p) => p.id));
  const more =
    (changes.more ?? 0) +
    pages.filter((p) => !diffed.has(p.id) && p.kinds.some((k) => k !== "page_moved")).length;
  const context = renderContextOf(space, tree, diffPath(space.id, changeRequest.number));
  return { frame, space, changeRequest, pages, more, threads, context };
}
