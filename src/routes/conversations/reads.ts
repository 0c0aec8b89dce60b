import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import type { Statements } from "../../db/plan";
import { nowIso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import {
  presentCluster,
  presentConversation,
  presentConversationDetail,
  presentIssueItem,
} from "../../presenters/conversation";
import {
  clusterListPlan,
  conversationListPlan,
  conversationPlan,
  issueListPlan,
  issuePlan,
} from "../../services/conversations/reads";
import { OrgParams } from "../../api/organizations";
import {
  ClusterSchema,
  ConversationDetailSchema,
  ConversationParams,
  ConversationSchema,
  IssueItemSchema,
  IssueParams,
  ListClustersQuery,
  ListConversationsQuery,
  ListIssuesQuery,
} from "../../api/conversations";
import { declareList, textPairKey } from "../../http/lists";

/** The insight reads: conversations, clusters and issues of an organization. */
export const insightRoutes = createRouter();

/** Conversations page on (updatedAt, id), per source filter. */
const CONVERSATIONS = declareList(
  (orgId: string, source: string | undefined) => `conversations:${orgId}:${source ?? ""}`,
  textPairKey,
);

/** Issue clusters page on (updatedAt, id), per order. */
const CLUSTERS = declareList(
  (orgId: string, order: string) => `conversation-clusters:${orgId}:${order}`,
  textPairKey,
);

/** Conversation issues page on (updatedAt, id), per filter. */
const ISSUES = declareList(
  (orgId: string, cluster?: string, conversation?: string) =>
    `conversation-issues:${orgId}:${cluster ?? ""}:${conversation ?? ""}`,
  textPairKey,
);

/**
 * The access check of every insight read, in the plan's round trip: organization members with a
 * role (guests are 403) and a token allowed `organization:read`.
 */
async function readAccess<S extends Statements>(c: Context<AppEnv>, orgId: string, with_: S) {
  const access = await resolveOrg(c, orgId, { with: with_ });
  requireScope(access.caller, "organization:read");
  requireRole(access.role, "read", "read conversation insights");
  return access.results;
}

insightRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/conversations",
    tags: ["conversations"],
    summary: "List the ingested conversations (newest update first), maybe of one source",
    request: { params: OrgParams, query: ListConversationsQuery },
    responses: {
      200: jsonResponse(listOf(ConversationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, source } = c.req.valid("query");
    const cursors = CONVERSATIONS.at(c, organizationId, source);
    const after = await cursors.after(page);
    const list = conversationListPlan(c.get("db"), { orgId: organizationId, source, limit, after });
    const { rows, count } = list.finish(await readAccess(c, organizationId, list.statements));
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.updatedAt, r.id],
      present: (r) => presentConversation(urls, r),
    });
    return c.json(body, 200);
  },
);

insightRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/conversations/{conversationId}",
    tags: ["conversations"],
    summary: "Get a conversation's detail: the conversation, its parts and its metadata",
    request: { params: ConversationParams },
    responses: { 200: jsonResponse(ConversationDetailSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, conversationId } = c.req.valid("param");
    const one = conversationPlan(c.get("db"), organizationId, conversationId);
    const row = one.finish(await readAccess(c, organizationId, one.statements));
    if (!row) throw notFound("Conversation");
    return c.json(presentConversationDetail(urlsOf(c), row), 200);
  },
);

insightRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/conversations-clusters",
    tags: ["conversations"],
    summary: "List the clusters of issues, by last update",
    request: { params: OrgParams, query: ListClustersQuery },
    responses: { 200: jsonResponse(listOf(ClusterSchema), "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, order } = c.req.valid("query");
    const cursors = CLUSTERS.at(c, organizationId, order);
    const after = await cursors.after(page);
    const list = clusterListPlan(c.get("db"), { orgId: organizationId, order, limit, after });
    const { rows, count } = list.finish(await readAccess(c, organizationId, list.statements));
    const now = nowIso();
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.updatedAt, r.id],
      present: (r) => presentCluster(urls, r, now),
    });
    return c.json(body, 200);
  },
);

insightRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/conversations-issues",
    tags: ["conversations"],
    summary: "List issues with their conversation, maybe of one cluster or one conversation",
    request: { params: OrgParams, query: ListIssuesQuery },
    responses: {
      200: jsonResponse(listOf(IssueItemSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, cluster, conversation } = c.req.valid("query");
    const cursors = ISSUES.at(c, organizationId, cluster, conversation);
    const after = await cursors.after(page);
    const filter = { cluster, conversation };
    const list = issueListPlan(c.get("db"), { orgId: organizationId, filter, limit, after });
    const { rows, count } = list.finish(await readAccess(c, organizationId, list.statements));
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.issue.updatedAt, r.issue.id],
      present: (r) => presentIssueItem(urls, r.issue, r.conversation),
    });
    return c.json(body, 200);
  },
);

insightRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/conversations-issues/{issueId}",
    tags: ["conversations"],
    summary: "Get an issue with its conversation",
    request: { params: IssueParams },
    responses: { 200: jsonResponse(IssueItemSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, issueId } = c.req.valid("param");
    const one = issuePlan(c.get("db"), organizationId, issueId);
    const row = one.finish(await readAccess(c, organizationId, one.statements));
    if (!row) throw notFound("Issue");
    return c.json(presentIssueItem(urlsOf(c), row.issue, row.conversation), 200);
  },
);
