import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg, resolveOrgWith } from "../../auth/organization";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../openapi/common";
import { presentAgentInstructions } from "../../presenters/organization";
import {
  emptyDocument,
  getAgentInstructions,
  putAgentInstructions,
} from "../../services/organizations/agent-instructions";
import { readableSpacesQueries, searchOrganization } from "../../services/search/search";
import { callerUserId } from "../../auth/caller";
import { appUrl } from "../../lib/urls";
import {
  AgentInstructionsSchema,
  OrgParams,
  PutAgentInstructionsBody,
  SearchQuery,
  SearchSpaceResultSchema,
} from "../../api/organizations";

/** Organization-wide content: search across spaces and the instructions AI agents follow. */
export const contentRoutes = createRouter();

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
    const resolved = await resolveOrgWith(
      c,
      organizationId,
      readableSpacesQueries(c.var.db, organizationId, callerUserId(c)),
    );
    const access = resolved.access;
    requireScope(access.caller, "organization:search");
    requireRole(access.role, "read", "search the organization");
    const scope = `search:${organizationId}:${query}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const { rows, count } = await searchOrganization(
      c.var.db,
      {
        organizationId,
        userId: access.caller.user.id,
        role: access.role,
        query,
        limit,
        after,
        appUrl: (path) => appUrl(c, path),
      },
      resolved.extra,
    );
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows,
      limit,
      count,
      key: (r) => [r.score, r.id],
      present: (r) => r,
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
    const row = await getAgentInstructions(c.var.db, organizationId);
    // Never set: an empty document, dated from the organization's creation, by no one.
    const shown = row ?? {
      organizationId,
      document: emptyDocument(),
      updatedAt: access.org.createdAt,
      updatedBy: "",
    };
    return c.json(presentAgentInstructions(c, shown), 200);
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
    const row = await putAgentInstructions(c.var.db, {
      organizationId,
      document: instructions,
      updatedBy: access.caller.user.id,
    });
    return c.json(presentAgentInstructions(c, row), 200);
  },
);
