import { spacePath } from "../../layout/workspace-data";

/**
 * The app paths of a space's change requests, as the API's `urls.app` names them
 * (`/s/{spaceId}/~/changes/{number}`), and of a page inside one (the editor's screen).
 */

/** The list of a space's change requests (`status` other than open as a query). */
export function changesPath(spaceId: string, status?: string): string {
  return `${spacePath(spaceId)}/~/changes${status ? `?status=${encodeURIComponent(status)}` : ""}`;
}

/** One change request, by number. */
export function changeRequestPath(spaceId: string, number: number | string): string {
  return `${spacePath(spaceId)}/~/changes/${encodeURIComponent(String(number))}`;
}

/** A page inside a change request, by its path. */
export function pageInChangeRequestPath(spaceId: string, number: number, pagePath: string): string {
  const rest = pagePath.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  return `${changeRequestPath(spaceId, number)}/${rest}`;
}

/** The diff view of a change request (a `~` segment: no page path starts with one). */
export function diffPath(spaceId: string, number: number | string): string {
  return `${changeRequestPath(spaceId, number)}/~/diff`;
}

/** The page tree of a change request, edited (add, rename, move, duplicate, delete). */
export function pagesPath(spaceId: string, number: number | string): string {
  return `${changeRequestPath(spaceId, number)}/~/pages`;
}

/** The conflicts screen of a change request: what update from main meets, to resolve. */
export function conflictsPath(spaceId: string, number: number | string): string {
  return `${changeRequestPath(spaceId, number)}/~/conflicts`;
}
