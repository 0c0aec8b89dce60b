import type { TocEntry } from "../../../../core/render/model";
import { renderDocument } from "../../../../core/render/document";
import { emojiOf } from "../../../../core/render/emoji";
import type { Api } from "../../api/client";
import type { SemanticChanges } from "../../api/change-request-types";
import type { PageRead, RevisionTree, Space } from "../../api/content-types";
import type { RevisionEntry, RevisionRead } from "../../api/revision-types";
import type { ListPage } from "../../api/types";
import { loadWorkspace, type WorkspaceData } from "../../layout/workspace-data";
import { documentOf, NoSuchPage, renderContextOf } from "../space/load";
import { pageAtPath, pagesById, type PlacedPage } from "../space/tree";
import { pageInRevisionPath } from "./paths";

/**
 * What the history and revision screens read, through public /v1 operations with the person's
 * session: the space (its own read decides access: the API's 404 for a space the person cannot
 * see, the same not-found as for nothing) beside the history or the revision and its changes in
 * one wave, then the workspace frame and the shown page in a second.
 */

/** Revisions per history page. */
const HISTORY_LIMIT = 30;

/** Changes a revision screen lists (the API counts the rest in `more`). */
const CHANGES_LIMIT = 100;

/** The history screen's data: a space's, or one page's. */
export interface HistoryView {
  frame: WorkspaceData;
  space: Space;
  /** The page whose history this is (its title from main, when main still has it). */
  page?: { id: string; title?: string; path?: string };
  items: RevisionEntry[];
  count: number;
  next?: string;
}

/** A revision screen's data: the revision, what it changed, and the page shown, if any. */
export interface RevisionView {
  frame: WorkspaceData;
  space: Space;
  revision: RevisionRead;
  changes: SemanticChanges;
  placed?: PlacedPage;
  page?: { title: string; emoji?: string; description?: string; html: string; toc: TocEntry[] };
}

/** The API path of a space. */
function spaceApi(spaceId: string): string {
  return `/spaces/${encodeURIComponent(spaceId)}`;
}

/** The API path of a revision of a space. */
export function revisionApi(spaceId: string, revisionId: string): string {
  return `${spaceApi(spaceId)}/revisions/${encodeURIComponent(revisionId)}`;
}

/** Reads a space's history, or a page's (`pageId`), at the list page `after`. */
export async function loadHistory(
  api: Api,
  spaceId: string,
  pageId: string | undefined,
  after: string | undefined,
): Promise<HistoryView> {
  const list = pageId
    ? `${spaceApi(spaceId)}/content/page/${encodeURIComponent(pageId)}/revisions`
    : `${spaceApi(spaceId)}/revisions`;
  const [space, history, main] = await Promise.all([
    api.get<Space>(spaceApi(spaceId)),
    api.get<ListPage<RevisionEntry>>(list, { limit: HISTORY_LIMIT, page: after }),
    pageId
      ? api.get<RevisionTree>(`${spaceApi(spaceId)}/content`, { bodies: false })
      : Promise.resolve(undefined),
  ]);
  const frame = await loadWorkspace(api, space.organization);
  const now = pageId && main ? pagesById(main.pages).get(pageId) : undefined;
  return {
    frame,
    space,
    ...(pageId
      ? { page: { id: pageId, ...(now ? { title: now.title, path: now.path } : {}) } }
      : {}),
    items: history.items,
    count: history.count,
    ...(history.next ? { next: history.next.page } : {}),
  };
}

/**
 * Reads revision `revisionId` of a space with its changes, and the page at `pagePath` of it
 * (null: none, the revision's overview). Throws the API's refusal, or NoSuchPage for a path the
 * revision has no page at.
 */
export async function loadRevision(
  api: Api,
  spaceId: string,
  revisionId: string,
  pagePath: string | null,
): Promise<RevisionView> {
  const at = revisionApi(spaceId, revisionId);
  const [space, revision, changes] = await Promise.all([
    api.get<Space>(spaceApi(spaceId)),
    api.get<RevisionRead>(at, { bodies: false }),
    api.get<SemanticChanges>(`${at}/changes`, { limit: CHANGES_LIMIT }),
  ]);
  const placed = pagePath === null ? undefined : pageAtPath(revision.pages, pagePath);
  if (pagePath !== null && !placed) throw new NoSuchPage(pagePath);
  const [frame, read] = await Promise.all([
    loadWorkspace(api, space.organization),
    placed
      ? api.get<PageRead>(`${at}/page/${encodeURIComponent(placed.page.id)}`)
      : Promise.resolve(undefined),
  ]);
  const base = { frame, space, revision, changes };
  if (!placed || !read) return base;
  const href = (path: string) => pageInRevisionPath(space.id, revision.id, path);
  const context = renderContextOf(space, revision, href(placed.page.path ?? ""), href);
  const { html, toc } = renderDocument(documentOf(read), context);
  const emoji = placed.page.emoji ? emojiOf(placed.page.emoji) : "";
  return {
    ...base,
    placed,
    page: {
      title: read.title,
      ...(emoji ? { emoji } : {}),
      ...(read.description ? { description: read.description } : {}),
      html,
      toc,
    },
  };
}

/** The revert confirmation's data: the revision, and the page to restore (none: the space). */
export interface RevertView {
  frame: WorkspaceData;
  space: Space;
  revision: RevisionRead;
  page?: { id: string; title: string };
}

/**
 * Reads what a revert's confirmation names: the space, the revision, and the page `pageId` as
 * the revision has it (or main, for a page the revision did not have: restoring deletes it).
 */
export async function loadRevert(
  api: Api,
  spaceId: string,
  revisionId: string,
  pageId: string | undefined,
): Promise<RevertView> {
  const [space, revision, main] = await Promise.all([
    api.get<Space>(spaceApi(spaceId)),
    api.get<RevisionRead>(revisionApi(spaceId, revisionId), { bodies: false }),
    pageId
      ? api.get<RevisionTree>(`${spaceApi(spaceId)}/content`, { bodies: false })
      : Promise.resolve(undefined),
  ]);
  const frame = await loadWorkspace(api, space.organization);
  if (!pageId) return { frame, space, revision };
  const found = pagesById(revision.pages).get(pageId) ?? pagesById(main?.pages ?? []).get(pageId);
  if (!found) throw new NoSuchPage(pageId);
  return { frame, space, revision, page: { id: pageId, title: found.title || "Untitled" } };
}
