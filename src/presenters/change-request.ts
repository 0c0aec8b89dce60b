import type { ChangeRequestRow } from "../db/schema";
import type { Context } from "hono";
import type { AppEnv } from "../env";

import { apiUrl, appUrl } from "../lib/urls";
import type { ChangeRequest } from "../api/change-requests";
import { presentUser, type UserLike } from "./user";

/** What a change request is presented from: its row, the users it names and main's head. */
export interface ChangeRequestView {
  row: ChangeRequestRow;
  /** The users the row names (creator, merger), by id; absent ones are shown by id only. */
  users: ReadonlyMap<string, UserLike>;
  /** The space's main sequence now: `outdated` compares the change request's base with it. */
  mainSeq: number;
}

/** A user the row names but the database no longer holds still presents as a User. */
function userOf(users: ReadonlyMap<string, UserLike>, id: string): UserLike {
  return users.get(id) ?? { id, displayName: "Unknown user", email: "", photoURL: null };
}

/** The API location of a change request (by id, the stable form). */
export function changeRequestPath(spaceId: string, changeRequestId: string): string {
  return `/spaces/${spaceId}/change-requests/${changeRequestId}`;
}

/**
 * A change request looks the same from every endpoint. `outdated` is true exactly when main
 * moved past the base the change request last merged from (never once merged); optional fields
 * are omitted when unset; `comments` is the counter of open comments.
 */
export function presentChangeRequest(c: Context<AppEnv>, view: ChangeRequestView): ChangeRequest {
  const { row } = view;
  return {
    object: "change-request",
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description !== null ? { description: row.description } : {}),
    createdBy: presentUser(c, userOf(view.users, row.createdBy)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.mergedBy !== null
      ? { mergedBy: presentUser(c, userOf(view.users, row.mergedBy)) }
      : {}),
    ...(row.mergedAt !== null ? { mergedAt: row.mergedAt } : {}),
    space: row.spaceId,
    revision: row.revisionId,
    revisionInitial: row.revisionInitial,
    ...(row.revisionMergedAncestor !== null
      ? { revisionMergedAncestor: row.revisionMergedAncestor }
      : {}),
    ...(row.revisionMerged !== null ? { revisionMerged: row.revisionMerged } : {}),
    comments: row.commentsOpen,
    outdated: row.status !== "merged" && row.baseSeq < view.mainSeq,
    ...(row.conversationsIssuesCluster !== null
      ? { conversationsIssuesCluster: row.conversationsIssuesCluster }
      : {}),
    urls: {
      app: appUrl(c, `/s/${row.spaceId}/~/changes/${row.number}`),
      location: apiUrl(c, changeRequestPath(row.spaceId, row.id)),
    },
  };
}
