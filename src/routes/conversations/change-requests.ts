import { createRoute } from "@hono/zod-openapi";
import { resolveChangeRequest } from "../../auth/change-request";
import { requireRole, requireScope } from "../../auth/organization";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentAgentConversation } from "../../presenters/conversation";
import {
  changeRequestConversationsPlan,
  conversationExistsPlan,
  linkConversation,
  unlinkConversation,
} from "../../services/conversations/links";
import { pagedQuery } from "../../http/pagination";
import { ChangeRequestParams } from "../../api/change-requests";
import {
  AgentConversationSchema,
  ChangeRequestConversationParams,
  UpdateChangeRequestConversationBody,
} from "../../api/conversations";
import { declareList, textPairKey } from "../../http/lists";

/**
 * The conversations tied to a change request (official agent-conversation paths): the list, tie
 * (PATCH, with its title) and untie (DELETE). Tying sets the change request's
 * `conversationsIssuesCluster` to the cluster of the conversation's first issue when unset.
 */
export const changeRequestConversationRoutes = createRouter();

/** A change request's conversations page on (updatedAt, conversation id). */
const CR_CONVERSATIONS = declareList(
  (spaceId: string, changeRequestId: string) => `cr-conversations:${spaceId}:${changeRequestId}`,
  textPairKey,
);

changeRequestConversationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/conversations",
    tags: ["change-requests"],
    summary: "List the conversations tied to a change request",
    request: { params: ChangeRequestParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(AgentConversationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = CR_CONVERSATIONS.at(c, spaceId, changeRequestId);
    const after = await cursors.after(page);
    const list = changeRequestConversationsPlan(c.get("db"), {
      spaceId,
      changeRequest: changeRequestId,
      limit,
      after,
    });
    const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
      with: list.statements,
    });
    requireScope(found.caller, "space:read");
    const rows = list.finish(found.results);
    const body = await cursors.page({
      rows,
      limit,
      count: found.changeRequest.conversationsCount,
      key: (r) => [r.updatedAt, r.conversationId],
      present: presentAgentConversation,
    });
    return c.json(body, 200);
  },
);

changeRequestConversationRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    tags: ["change-requests"],
    summary: "Tie an ingested conversation to a change request, with a title",
    request: {
      params: ChangeRequestConversationParams,
      body: jsonBody(UpdateChangeRequestConversationBody),
    },
    responses: {
      200: jsonResponse(AgentConversationSchema, "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId, conversationId } = c.req.valid("param");
    const { title } = c.req.valid("json");
    const exists = conversationExistsPlan(c.get("db"), spaceId, conversationId);
    const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
      with: exists.statements,
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "tie conversations to this change request");
    const conversation = exists.finish(found.results);
    // Conversations are the organization's: a guest with a grant on the space cannot see them.
    if (!conversation || found.isGuest) throw notFound("Conversation");
    const row = await linkConversation(c.get("db"), {
      changeRequestId: found.changeRequest.id,
      organizationId: conversation.organizationId,
      conversationId,
      title,
    });
    return c.json(presentAgentConversation(row), 200);
  },
);

changeRequestConversationRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
    tags: ["change-requests"],
    summary: "Untie a conversation from a change request (204 also when it was not tied)",
    request: { params: ChangeRequestConversationParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, conversationId } = c.req.valid("param");
    const found = await resolveChangeRequest(c, spaceId, changeRequestId);
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "untie conversations from this change request");
    await unlinkConversation(c.get("db"), found.changeRequest.id, conversationId);
    return c.body(null, 204);
  },
);
