import type { JsonDocument } from "../../../../core/document/types";
import type { Api } from "../../api/client";

/**
 * What the edit screen reads through the API (public /v1 operations only), in one parallel
 * wave after the person: the change request by its number (`GET …/change-requests/{number}`:
 * the API takes a number where an id goes) and the page by its path in that change request
 * (`GET …/change-requests/{number}/content/path/{pagePath}`, which answers the page with its
 * document), and the space for the person's `permissions` on it (whether the editor and the
 * live room let them write). A person who cannot see the space gets the API's 404 (the app's
 * not-found).
 */

/** The parts of a change request (`ChangeRequest`) the screen shows. */
interface ChangeRequest {
  id: string;
  space: string;
  number: number;
  subject?: string;
  status: string;
  urls: { app: string };
}

/** The parts of a page read by path (`RevisionPage` with its document) the screen uses. */
export interface PageWithDocument {
  id: string;
  title: string;
  type: string;
  path: string;
  slug?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  document?: JsonDocument;
}

/** The parts of the space (`Space`) the screen uses: the person's permissions on it. */
interface SpacePermissions {
  permissions?: Record<string, boolean>;
}

/** The edit screen's data. */
export interface EditData {
  changeRequest: ChangeRequest;
  page: PageWithDocument;
  /** Whether the person may edit the space's content (`permissions.edit`). */
  canEdit: boolean;
}

/** One segment of a URL's path, decoded; a malformed escape stays as written. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page path of the app's URL (as the browser sent it), as the API reads it. */
function apiPagePath(urlPagePath: string): string {
  return urlPagePath
    .split("/")
    .filter(Boolean)
    .map((segment) => encodeURIComponent(decoded(segment)))
    .join("/");
}

/** Reads the change request and its page (ApiRefusal when either is not there for the person). */
export async function loadEditData(
  api: Api,
  spaceId: string,
  number: string,
  urlPagePath: string,
): Promise<EditData> {
  const base = `/spaces/${encodeURIComponent(spaceId)}/change-requests/${encodeURIComponent(number)}`;
  const [changeRequest, page, space] = await Promise.all([
    api.get<ChangeRequest>(base),
    api.get<PageWithDocument>(`${base}/content/path/${apiPagePath(urlPagePath)}`),
    api.get<SpacePermissions>(`/spaces/${encodeURIComponent(spaceId)}`),
  ]);
  return { changeRequest, page, canEdit: space.permissions?.edit === true };
}
