import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { getReply, listReplies, postReply, putReply, removeReply } from "./reply-handlers";
import {
  CommentReplySchema,
  FormatQuery,
  ListRepliesQuery,
  PostReplyBody,
  CrCommentParams,
  CrReplyParams,
  UpdateReplyBody,
} from "../../api/comments";

/** Replies to change-request comments (official change-request-comments reply operations). */
export const crReplyRoutes = createRouter();

crReplyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
    tags: ["change-request-comments"],
    summary: "List all replies to a change request comment",
    request: { params: CrCommentParams, query: ListRepliesQuery },
    responses: {
      200: jsonResponse(listOf(CommentReplySchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    return listReplies(c, path, commentId, c.req.valid("query"));
  },
);

crReplyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies",
    tags: ["change-request-comments"],
    summary: "Post a reply to a change request comment",
    request: { params: CrCommentParams, query: FormatQuery, body: jsonBody(PostReplyBody) },
    responses: {
      200: jsonResponse(CommentReplySchema, "The reply was posted."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, ...path } = c.req.valid("param");
    const format = c.req.valid("query").format;
    return postReply(c, path, commentId, c.req.valid("json"), format);
  },
);

crReplyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["change-request-comments"],
    summary: "Get a single reply to a change request comment",
    request: { params: CrReplyParams, query: FormatQuery },
    responses: {
      200: jsonResponse(CommentReplySchema, "The returned comment reply."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, commentReplyId, ...path } = c.req.valid("param");
    const ids = { commentId, replyId: commentReplyId };
    return getReply(c, path, ids, c.req.valid("query").format);
  },
);

crReplyRoutes.openapi(
  createRoute({
    method: "put",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["change-request-comments"],
    summary: "Update the content of a change request comment reply",
    request: { params: CrReplyParams, query: FormatQuery, body: jsonBody(UpdateReplyBody) },
    responses: {
      200: jsonResponse(CommentReplySchema, "The reply was updated."),
      ...errorResponses(400, 403, 404),
    },
  }),
  (c) => {
    const { commentId, commentReplyId, ...path } = c.req.valid("param");
    const ids = { commentId, replyId: commentReplyId };
    return putReply(c, path, ids, c.req.valid("json"), c.req.valid("query").format);
  },
);

crReplyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["change-request-comments"],
    summary: "Delete a change request comment reply",
    request: { params: CrReplyParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  (c) => {
    const { commentId, commentReplyId, ...path } = c.req.valid("param");
    return removeReply(c, path, { commentId, replyId: commentReplyId });
  },
);
