import { createRoute, z } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { declareList } from "../../http/lists";
import { createRouter } from "../../http/router";
import { runPlan } from "../../db/plan";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentAgentInstructions } from "../../presenters/organization";
import {
  agentInstructionsPlan,
  emptyDocument,
  putAgentInstructions,
} from "../../services/organizations/agent-instructions";
import { orgSearchKey, searchOrganization } from "../../services/search/search";
import { readableSpacesQueries } from "../../services/search/readable-spaces";
import { presentSearchSpace } from "../../presenters/search";
import { SearchQuery } from "../../api/search";
import { callerUserId } from "../../auth/caller";
import { urlsOf } from "../../http/urls";
import {
  AgentInstructionsSchema,
  OrgParams,
  PutAgentInstructionsBody,
  SearchSpaceResultSchema,
} from "../../api/organizations";

/** Organization-wide content: search across spaces and the instructions AI agents follow. */
export const contentRoutes = createRouter();

/** The organization search pages by (score, space id); a cursor is bound to the search text. */
const ORG_SEARCH = declareList(
  (orgId: string, query: string) => `search:${orgId}:${query}`,
  z.tuple([z.number(), z.string()]),
);

contentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/search",
    tags: ["organizations"],
    summary: "Search the organization's content (members, not guests)",
    request: { params: OrgParams, query: SearchQuery },
    responses: {
      200: jsonResponse(listOf(SearchSpaceResultSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { query, page, limit } = c.req.valid("query");
    // The member's readable spaces are read in the access check's round trip.
    const { results, ...access } = await resolveOrg(c, organizationId, {
      with: readableSpacesQueries(c.get("db"), organizationId, callerUserId(c)),
    });
    requireScope(access.caller, "organization:search");
    requireRole(access.role, "read", "search the organization");
    const cursors = ORG_SEARCH.at(c, organizationId, query);
    const after = await cursors.afterAccess(page);
    const { spaces, count } = await searchOrganization(
      c.get("db"),
      { organizationId, userId: access.caller.user.id, role: access.role, query, limit, after },
      results,
    );
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows: spaces,
      limit,
      count,
      key: orgSearchKey,
      present: (space) => presentSearchSpace(urls, space),
    });
    return c.json(body, 200);
  },
);

contentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/agent-instructions",
    tags: ["organizations"],
    summary: "Get the organization's agent instructions (members, not guests)",
    request: { params: OrgParams },
    responses: { 200: jsonResponse(AgentInstructionsSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:read");
    requireRole(access.role, "read", "read the agent instructions");
    const row = await runPlan(c.get("db"), agentInstructionsPlan(c.get("db"), organizationId));
    // Never set: an empty document, dated from the organization's creation, by no one.
    const shown = row ?? {
      organizationId,
      document: emptyDocument(),
      updatedAt: access.org.createdAt,
      updatedBy: "",
    };
    return c.json(presentAgentInstructions(urlsOf(c), shown), 200);
  },
);

contentRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/agent-instructions",
    tags: ["organizations"],
    summary: "Replace the organization's agent instructions (admins)",
    request: { params: OrgParams, body: jsonBody(PutAgentInstructionsBody) },
    responses: {
      200: jsonResponse(AgentInstructionsSchema, "Updated instructions"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { instructions } = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:write");
    requireRole(access.role, "admin", "update the agent instructions");
    const row = await putAgentInstructions(c.get("db"), {
      organizationId,
      document: instructions,
      updatedBy: access.caller.user.id,
    });
    return c.json(presentAgentInstructions(urlsOf(c), row), 200);
  },
);
