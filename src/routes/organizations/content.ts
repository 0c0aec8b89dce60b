import { createRoute } from "@hono/zod-openapi";
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
import { orgSearchPage, orgSearchPlan } from "../../services/search/org-search";
import { spaceSearchKeySchema } from "../../services/search/space-search";
import { presentSearchSpaces } from "../../presenters/search";
import { SearchQuery, type SearchSpaceItem } from "../../api/search";
import { callerUserId } from "../../auth/caller";
import type { ListPage } from "../../http/pagination";
import { urlsOf } from "../../http/urls";
import {
  AgentInstructionsSchema,
  OrgParams,
  PutAgentInstructionsBody,
  SearchSpaceResultSchema,
} from "../../api/organizations";

/** Organization-wide content: search across spaces and the instructions AI agents follow. */
export const contentRoutes = createRouter();

/** The organization search pages as a space search does; a cursor is bound to the search text. */
const ORG_SEARCH = declareList(
  (orgId: string, query: string) => `search:${orgId}:${query}`,
  spaceSearchKeySchema,
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
    const cursors = ORG_SEARCH.at(c, organizationId, query);
    const after = await cursors.after(page);
    // The ranked read runs in the access check's round trip; the member's role on the spaces
    // it found, in a second one.
    const db = c.get("db");
    const search = orgSearchPlan(db, { organizationId, query, limit, after });
    const { results, ...access } = await resolveOrg(c, organizationId, {
      with: search.statements,
    });
    requireScope(access.caller, "organization:search");
    requireRole(access.role, "read", "search the organization");
    const found = await orgSearchPage(db, search.finish(results), {
      organizationId,
      callerId: callerUserId(c),
      member: { org: access.org, orgRole: access.role, isGuest: access.isGuest },
      limit,
      after,
    });
    const more = await cursors.next(found.next);
    const body: ListPage<SearchSpaceItem> = {
      count: found.count,
      items: presentSearchSpaces(urlsOf(c), found.items, found.titles),
    };
    if (more) body.next = more;
    c.header("X-Quire-Count", found.exact ? "exact" : "at-least");
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
