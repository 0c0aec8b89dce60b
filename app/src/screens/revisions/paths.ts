import { spacePath } from "../../layout/workspace-data";

/**
 * The app paths of a space's history and revisions: a revision as the API's `urls.app` names it
 * (`/s/{spaceId}/~/revisions/{revisionId}`), a page inside one (`…/{page path}`, the `urls.app`
 * of its pages), the space's history and a page's (`/s/{spaceId}/~/revisions?page={pageId}`),
 * and a revert's confirmation.
 */

/** The history of a space, or of one of its pages (by id), at a page of the list (`after`). */
export function historyPath(spaceId: string, pageId?: string, after?: string): string {
  const query = new URLSearchParams();
  if (pageId) query.set("page", pageId);
  if (after) query.set("after", after);
  const rest = query.toString();
  return `${spacePath(spaceId)}/~/revisions${rest ? `?${rest}` : ""}`;
}

/** One revision. */
export function revisionPath(spaceId: string, revisionId: string): string {
  return `${spacePath(spaceId)}/~/revisions/${encodeURIComponent(revisionId)}`;
}

/** A page of a revision, by its path. */
export function pageInRevisionPath(spaceId: string, revisionId: string, pagePath: string): string {
  const rest = pagePath.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  return `${revisionPath(spaceId, revisionId)}/${rest}`;
}

/** The revert of a revision (its confirmation on GET, the revert on POST); `pageId`: one page. */
export function revertPath(spaceId: string, revisionId: string, pageId?: string): string {
  const base = `${revisionPath(spaceId, revisionId)}/~revert`;
  return pageId ? `${base}?page=${encodeURIComponent(pageId)}` : base;
}
