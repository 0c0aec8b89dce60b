import type { Api } from "../../api/client";
import type {
  ChangeRequest,
  ChangeRequestStatus,
  SemanticChanges,
} from "../../api/change-request-types";
import type { Space } from "../../api/content-types";
import type { ListPage, User } from "../../api/types";
import { effectiveRules, loadReviews, missingApprovals, type ReviewData } from "./review-load";
import { loadWorkspace, type WorkspaceData } from "../../layout/workspace-data";

/**
 * What the change-request screens read, through public /v1 operations only: the space (its
 * organization decides the workspace frame; a space the person cannot see is the API's 404, the
 * same page as for nothing), then the frame and the change requests in one parallel wave.
 */

/** The statuses the list filters by, in the order its tabs show them. */
export const LIST_STATUSES: readonly ChangeRequestStatus[] = [
  "open",
  "draft",
  "merged",
  "archived",
];

/** Change requests shown per list page. */
const LIST_LIMIT = 50;

/** The list screen's data. */
export interface ChangeRequestList {
  frame: WorkspaceData;
  space: Space;
  status: ChangeRequestStatus;
  items: ChangeRequest[];
  next?: string;
}

/** The one-change-request screen's data. */
export interface ChangeRequestView {
  frame: WorkspaceData;
  space: Space;
  changeRequest: ChangeRequest;
  changes: SemanticChanges;
  review: ReviewData;
  /** The approvals the effective merge rules still require. */
  missing: User[];
}

/** The API path of a space. */
export function spaceApiPath(spaceId: string): string {
  return `/spaces/${encodeURIComponent(spaceId)}`;
}

/** The API path of a change request by its number (the API takes an id or a number). */
export function changeRequestApiPath(spaceId: string, number: string): string {
  return `${spaceApiPath(spaceId)}/change-requests/${encodeURIComponent(number)}`;
}

/** A status of the query, or "open". */
export function statusOf(value: string | undefined): ChangeRequestStatus {
  return LIST_STATUSES.find((s) => s === value) ?? "open";
}

/** Reads the list of a space's change requests with `status` (three API calls, two waves). */
export async function loadList(
  api: Api,
  spaceId: string,
  status: ChangeRequestStatus,
  page?: string,
): Promise<ChangeRequestList> {
  const space = await api.get<Space>(spaceApiPath(spaceId));
  const [frame, list] = await Promise.all([
    loadWorkspace(api, space.organization),
    api.get<ListPage<ChangeRequest>>(`${spaceApiPath(spaceId)}/change-requests`, {
      status,
      limit: LIST_LIMIT,
      ...(page ? { page } : {}),
    }),
  ]);
  return {
    frame,
    space,
    status,
    items: list.items,
    ...(list.next ? { next: list.next.page } : {}),
  };
}

/** Reads one change request by number, what it changes and its reviews (three waves). */
export async function loadOne(
  api: Api,
  spaceId: string,
  number: string,
  search = "",
): Promise<ChangeRequestView> {
  const [space, changeRequest] = await Promise.all([
    api.get<Space>(spaceApiPath(spaceId)),
    api.get<ChangeRequest>(changeRequestApiPath(spaceId, number)),
  ]);
  const crPath = changeRequestApiPath(spaceId, String(changeRequest.number));
  const [frame, changes, review] = await Promise.all([
    loadWorkspace(api, space.organization),
    api.get<SemanticChanges>(`${crPath}/changes`, { limit: 100 }),
    loadReviews(api, space, crPath, search),
  ]);
  const missing = missingApprovals(
    effectiveRules(space, frame.org),
    changeRequest.createdBy.id,
    review,
  );
  return { frame, space, changeRequest, changes, review, missing };
}
