import {
  CrCommentParams,
  CrCommentsParams,
  CrReplyParams,
  SpaceCommentParams,
  SpaceCommentsParams,
  SpaceReplyParams,
} from "../../api/comments";

/** The operations of a mount, for their summaries. */
type Operation = "list" | "post" | "get" | "put" | "delete";

/**
 * Where a set of comment routes is mounted: a space's main content or one of its change
 * requests. The place in the path params is resolved by `resolvePlace` (a change request when the
 * params have `changeRequestId`).
 */
export interface CommentMount {
  /** The place's path under /v1; the comment routes hang `/comments...` under it. */
  prefix: string;
  /** The official OpenAPI tag of the mount's operations. */
  tag: string;
  /** The path params of the place, of one comment and of one reply. */
  params: {
    place: typeof SpaceCommentsParams | typeof CrCommentsParams;
    comment: typeof SpaceCommentParams | typeof CrCommentParams;
    reply: typeof SpaceReplyParams | typeof CrReplyParams;
  };
  /** The official summaries of the comment and of the reply operations. */
  summaries: { comments: Record<Operation, string>; replies: Record<Operation, string> };
}

/** Comments on a space's main content (official space-comments operations). */
export const spaceMount: CommentMount = {
  prefix: "/spaces/{spaceId}",
  tag: "space-comments",
  params: { place: SpaceCommentsParams, comment: SpaceCommentParams, reply: SpaceReplyParams },
  summaries: {
    comments: {
      list: "List all top-level comments posted on a space",
      post: "Post a new comment on a space or a specific page",
      get: "Get a single comment from a space by its ID",
      put: "Update the body or status of a space comment",
      delete: "Delete a space comment",
    },
    replies: {
      list: "List all replies to a comment in a space",
      post: "Post a reply to an existing space comment",
      get: "Get a single reply to a space comment by its ID",
      put: "Update the body of a reply to a space comment",
      delete: "Delete a space comment reply",
    },
  },
};

/** Comments on a change request (official change-request-comments operations). */
export const changeRequestMount: CommentMount = {
  prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  tag: "change-request-comments",
  params: { place: CrCommentsParams, comment: CrCommentParams, reply: CrReplyParams },
  summaries: {
    comments: {
      list: "List all top-level comments in a change request",
      post: "Post a new comment on a change request",
      get: "Get a single comment from a change request by its ID",
      put: "Update the content or status of a change request comment",
      delete: "Delete a change request comment",
    },
    replies: {
      list: "List all replies to a change request comment",
      post: "Post a reply to a change request comment",
      get: "Get a single reply to a change request comment",
      put: "Update the content of a change request comment reply",
      delete: "Delete a change request comment reply",
    },
  },
};
