import type { z } from "@hono/zod-openapi";
import { errorResponses, jsonResponse, noContent } from "../../api-document/common";
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

/** The comment operations or the reply operations of a mount. */
type Kind = "comments" | "replies";

/** The official tags of the comment operations: a space's, and a change request's. */
type Tag = "space-comments" | "change-request-comments";

/** The official summaries of each tag's comment and reply operations. */
const SUMMARIES: Record<Tag, Record<Kind, Record<Operation, string>>> = {
  "space-comments": {
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
  "change-request-comments": {
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

/**
 * Where a set of comment routes is mounted: a space's main content or one of its change
 * requests. The place in the path params is resolved by `resolvePlace` (a change request when the
 * params have `changeRequestId`).
 */
export interface CommentMount {
  /** The place's path under /v1; the comment routes hang `/comments...` under it. */
  prefix: string;
  /** The official OpenAPI tag of the mount's operations. */
  tag: Tag;
  /** The path params of the place, of one comment and of one reply. */
  params: {
    place: typeof SpaceCommentsParams | typeof CrCommentsParams;
    comment: typeof SpaceCommentParams | typeof CrCommentParams;
    reply: typeof SpaceReplyParams | typeof CrReplyParams;
  };
}

/** Comments on a space's main content (official space-comments operations). */
export const spaceMount: CommentMount = {
  prefix: "/spaces/{spaceId}",
  tag: "space-comments",
  params: { place: SpaceCommentsParams, comment: SpaceCommentParams, reply: SpaceReplyParams },
};

/** Comments on a change request (official change-request-comments operations). */
export const changeRequestMount: CommentMount = {
  prefix: "/spaces/{spaceId}/change-requests/{changeRequestId}",
  tag: "change-request-comments",
  params: { place: CrCommentsParams, comment: CrCommentParams, reply: CrReplyParams },
};

/** Each operation's method. */
const METHODS = { list: "get", post: "post", get: "get", put: "put", delete: "delete" } as const;

/** The paths of the comments and of the replies under a place: the list, and one. */
const PATHS = {
  comments: { list: "/comments", one: "/comments/{commentId}" },
  replies: {
    list: "/comments/{commentId}/replies",
    one: "/comments/{commentId}/replies/{commentReplyId}",
  },
} as const;

/**
 * An operation as its route declares it under a mount: its method, its path, and the official
 * tag and summary.
 */
export function operation(mount: CommentMount, kind: Kind, op: Operation) {
  const paths = PATHS[kind];
  return {
    method: METHODS[op],
    path: mount.prefix + (op === "list" || op === "post" ? paths.list : paths.one),
    tags: [mount.tag],
    summary: SUMMARIES[mount.tag][kind][op],
  };
}

/** The responses of a JSON operation: its 200 and the errors every comment operation answers. */
export function jsonAnswers<S extends z.ZodType>(schema: S, description: string) {
  return { 200: jsonResponse(schema, description), ...errorResponses(400, 403, 404) };
}

/** The responses of a delete: 204, and the errors it answers. */
export const deleteAnswers = { ...noContent, ...errorResponses(403, 404) };
