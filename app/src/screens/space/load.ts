import type { JSONDocument } from "@gitbook/api";
import type { FileView, RenderContext, TocEntry } from "../../../../core/render/model";
import { renderDocument } from "../../../../core/render/document";
import { emojiOf } from "../../../../core/render/emoji";
import type { Api } from "../../api/client";
import type {
  PageRead,
  RevisionFileEntry,
  RevisionTree,
  Space,
  TreePage,
} from "../../api/content-types";
import {
  loadWorkspace,
  localPath,
  spacePath,
  type WorkspaceData,
} from "../../layout/workspace-data";
import { firstPage, pageAtPath, pagesById, type PlacedPage } from "./tree";

/**
 * What the space and page screens read, through public /v1 operations with the person's session:
 * the space (`getSpaceById`) and its current revision's tree and files (`getCurrentRevision`,
 * without bodies) in one wave, then the workspace frame (four reads) and the shown page with its
 * document (`getPageInSpaceById`) in a second. The space's own read decides access: a space the
 * person cannot see is the API's 404, the same not-found as for none.
 */

/** An empty document, for a page that has none yet. */
const EMPTY: JSONDocument = { object: "document", data: {}, nodes: [] };

/** Everything a space or page screen draws. */
export interface SpaceScreenData {
  workspace: WorkspaceData;
  space: Space;
  tree: TreePage[];
  /** The shown page and where it sits; undefined for a space with no page yet. */
  placed?: PlacedPage;
  page?: {
    id: string;
    title: string;
    emoji?: string;
    description?: string;
    html: string;
    toc: TocEntry[];
    /** The page's document, for editing it in place (`liveEditable`). */
    document: JSONDocument;
  };
}

/**
 * Whether the person may edit the shown page in place through its live room on main: the space
 * is in live edit mode, they may edit its content, and the page is a document.
 */
export function liveEditable(data: SpaceScreenData): boolean {
  return (
    data.space.editMode === "live" &&
    data.space.permissions?.edit === true &&
    data.placed?.page.type === "document"
  );
}

/** A page read's document, or the empty one for a page without. */
export function documentOf(read: PageRead): JSONDocument {
  return read.document && typeof read.document === "object"
    ? (read.document as JSONDocument)
    : EMPTY;
}

/** The thrown answer for a path with no page: the route answers its not-found. */
export class NoSuchPage extends Error {}

/** A revision file as the renderer shows it (same origin: the app passes `/v1` to the API). */
function fileView(file: RevisionFileEntry): FileView {
  return {
    id: file.id,
    name: file.name,
    url: localPath(file.downloadURL),
    contentType: file.contentType,
    size: file.size,
    ...(file.dimensions ? { width: file.dimensions.width, height: file.dimensions.height } : {}),
  };
}

/**
 * The render context of a page of `space`: its links and mentions go to the app's page screens
 * (`pageHref`: main's, or a revision's pages), its files to their same-origin downloads; embeds
 * show as link cards, API blocks and reusable contents as the renderer's "unavailable" note (the
 * reader resolves those for readers).
 */
export function renderContextOf(
  space: Space,
  revision: RevisionTree,
  current: string,
  pageHref: (path: string) => string = (path) => spacePath(space.id, path),
): RenderContext {
  const byId = pagesById(revision.pages);
  const files = new Map(revision.files.map((file) => [file.id, fileView(file)]));
  return {
    page: (id) => {
      const page = byId.get(id);
      if (!page || page.type === "link" || page.path === undefined) return undefined;
      const emoji = page.emoji ? emojiOf(page.emoji) : "";
      return {
        id,
        title: page.title,
        href: pageHref(page.path),
        ...(emoji ? { emoji } : {}),
      };
    },
    file: (id) => files.get(id),
    embed: () => undefined,
    openapi: () => undefined,
    reusableContent: () => undefined,
    currentHref: current,
  };
}

/**
 * Reads the screen of space `spaceId` at `pagePath` (null: the space's first page). Throws the
 * API's refusal (404 for a space the person cannot see) or NoSuchPage for a path with no page.
 */
export async function loadSpaceScreen(
  api: Api,
  spaceId: string,
  pagePath: string | null,
): Promise<SpaceScreenData> {
  const id = encodeURIComponent(spaceId);
  const [space, revision] = await Promise.all([
    api.get<Space>(`/spaces/${id}`),
    api.get<RevisionTree>(`/spaces/${id}/content`, { bodies: false }),
  ]);
  const placed =
    pagePath === null ? firstPage(revision.pages) : pageAtPath(revision.pages, pagePath);
  if (pagePath !== null && !placed) throw new NoSuchPage(pagePath);
  const [workspace, read] = await Promise.all([
    loadWorkspace(api, space.organization),
    placed
      ? api.get<PageRead>(`/spaces/${id}/content/page/${encodeURIComponent(placed.page.id)}`)
      : Promise.resolve(undefined),
  ]);
  if (!placed || !read) return { workspace, space, tree: revision.pages };
  const current = spacePath(space.id, placed.page.path ?? "");
  const document = documentOf(read);
  const { html, toc } = renderDocument(document, renderContextOf(space, revision, current));
  const emoji = placed.page.emoji ? emojiOf(placed.page.emoji) : "";
  return {
    workspace,
    space,
    tree: revision.pages,
    placed,
    page: {
      id: placed.page.id,
      title: read.title,
      ...(emoji ? { emoji } : {}),
      ...(read.description ? { description: read.description } : {}),
      html,
      toc,
      document,
    },
  };
}
