import type { ChangeRequestRow } from "../db/schema";

import type { Applied } from "../content/apply";
import type { Change } from "../content/change-schema";
import type { Urls } from "../http/urls";
import type { ChangeRequest, ContentUpdate } from "../api/change-requests";
import type { UserLike } from "../api/users";
import { presentUser } from "./user";

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
export function presentChangeRequest(urls: Urls, view: ChangeRequestView): ChangeRequest {
  const { row } = view;
  return {
    object: "change-request",
    id: row.id,
    number: row.number,
    status: row.status,
    subject: row.subject,
    ...(row.description !== null ? { description: row.description } : {}),
    createdBy: presentUser(urls, userOf(view.users, row.createdBy)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...(row.mergedBy !== null
      ? { mergedBy: presentUser(urls, userOf(view.users, row.mergedBy)) }
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
      app: urls.app(`/s/${row.spaceId}/~/changes/${row.number}`),
      location: urls.api(changeRequestPath(row.spaceId, row.id)),
    },
  };
}

/**
 * The official per-page outcomes of a content batch, in the order the batch first touched each
 * page: a page that no longer exists after the batch is `deleted_page`; a page the batch created
 * echoes the `ref` of its `insert_page` (inserted pages are created in the order of their
 * changes). `location` is the change request's API path.
 */
export function presentPageOutcomes(
  urls: Urls,
  location: string,
  changes: Change[],
  applied: Applied,
): ContentUpdate["changes"] {
  const finalStates = new Map(applied.pages.map((p) => [p.pageId, p]));
  const reverted = new Set(
    changes.flatMap((ch) => (ch.operation === "revert_page" ? [ch.page] : [])),
  );
  const refs = changes.flatMap((ch) => (ch.operation === "insert_page" ? [ch.ref] : []));
  let inserted = 0;
  return applied.changes.map(({ page, type }) => {
    const ref = type === "created" && !reverted.has(page) ? refs[inserted++] : undefined;
    if (finalStates.get(page)?.deleted) return { object: "deleted_page" as const, page };
    const documentId = finalStates.get(page)?.documentHash;
    const pageRef = {
      object: "page" as const,
      id: page,
      urls: { location: urls.api(`${location}/content/page/${page}`) },
      ...(documentId ? { documentId } : {}),
    };
    if (type === "created") {
      return { object: "created_page" as const, ...(ref ? { ref } : {}), page: pageRef };
    }
    return { object: "updated_page" as const, page: pageRef };
  });
}
