import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { getReply, listReplies, postReply, putReply, removeReply } from "./reply-handlers";
import {
  CommentReplySchema,
  FormatQuery,
  ListRepliesQuery,
  PostReplyBody,
  SpaceCommentParams,
  SpaceReplyParams,
  UpdateReplyBody,
} from "../../api/comments";

/** Replies to space comments (official space-comments reply operations). */
export const spaceReplyRoutes = createRouter();

spaceReplyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/comments/{commentId}/replies",
    tags: ["space-comments"],
    summary: "List all replies to a comment in a space",
    request: { params: SpaceCommentParams, query: ListRepliesQuery },
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

spaceReplyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/comments/{commentId}/replies",
    tags: ["space-comments"],
    summary: "Post a reply to an existing space comment",
    request: { params: SpaceCommentParams, query: FormatQuery, body: jsonBody(PostReplyBody) },
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

spaceReplyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["space-comments"],
    summary: "Get a single reply to a space comment by its ID",
    request: { params: SpaceReplyParams, query: FormatQuery },
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

spaceReplyRoutes.openapi(
  createRoute({
    method: "put",
    path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["space-comments"],
    summary: "Update the body of a reply to a space comment",
    request: { params: SpaceReplyParams, query: FormatQuery, body: jsonBody(UpdateReplyBody) },
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

spaceReplyRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}",
    tags: ["space-comments"],
    summary: "Delete a space comment reply",
    request: { params: SpaceReplyParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  (c) => {
    const { commentId, commentReplyId, ...path } = c.req.valid("param");
    return removeReply(c, path, { commentId, replyId: commentReplyId });
  },
);
