import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireScope, resolveOrg } from "../../auth/organization";
import { orgChangeRequestVisibility } from "../../auth/change-request";
import { resolveSpace } from "../../auth/space";
import { declareList, textPairKey, type ListCursors } from "../../http/lists";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { presentChangeRequest } from "../../presenters/change-request";
import {
  listKey,
  listOrgChangeRequests,
  spaceListPlan,
  type ChangeRequestFilters,
  type ChangeRequestOrder,
  type ChangeRequestPage,
} from "../../services/change-requests/lists";
import {
  ChangeRequestSchema,
  ListOrgChangeRequestsQuery,
  ListSpaceChangeRequestsQuery,
  OrgChangeRequestsParams,
  SpaceChangeRequestsParams,
} from "../../api/change-requests";

/** The change-request lists of a space and of an organization. */
export const changeRequestListRoutes = createRouter();

/** The filters of a list query (a site topic, site or style guide run matches nothing yet). */
function filtersOf(
  q: {
    creator?: string;
    contributor?: string;
    requestedReviewer?: string;
    conversationsIssuesCluster?: string;
    topic?: string;
    site?: string;
    styleguideRun?: string;
    space?: string;
  },
  statuses: ChangeRequestFilters["statuses"],
): ChangeRequestFilters {
  return {
    statuses,
    creator: q.creator,
    contributor: q.contributor,
    requestedReviewer: q.requestedReviewer,
    issuesCluster: q.conversationsIssuesCluster,
    space: q.space,
    unmatchable: q.topic !== undefined || q.site !== undefined || q.styleguideRun !== undefined,
  };
}

/** A space's change requests page on (createdAt or updatedAt, id), newest first, per order. */
const SPACE_CHANGE_REQUESTS = declareList(
  (spaceId: string, order: ChangeRequestOrder) => `change-requests:${spaceId}:${order}`,
  textPairKey,
);

/** An organization's change requests page like a space's, per order. */
const ORG_CHANGE_REQUESTS = declareList(
  (orgId: string, order: ChangeRequestOrder) => `org-change-requests:${orgId}:${order}`,
  textPairKey,
);

/** The LIST of a page, with cursors scoped to the list and its order. */
function listBody(
  c: Context<AppEnv>,
  cursors: ListCursors<[string, string]>,
  order: ChangeRequestOrder,
  limit: number,
  page: ChangeRequestPage,
) {
  const urls = urlsOf(c);
  return cursors.page({
    rows: page.rows,
    limit,
    count: page.count,
    key: (item) => listKey(order, item),
    present: (item) => presentChangeRequest(urls, item),
  });
}

changeRequestListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests",
    tags: ["change-requests"],
    summary: "List the change requests of a space",
    request: { params: SpaceChangeRequestsParams, query: ListSpaceChangeRequestsQuery },
    responses: {
      200: jsonResponse(listOf(ChangeRequestSchema), "List of the space's change requests"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const q = c.req.valid("query");
    const cursors = SPACE_CHANGE_REQUESTS.at(c, spaceId, q.orderBy);
    const after = await cursors.after(q.page);
    const filters = filtersOf(q, [q.status]);
    const options = { order: q.orderBy, limit: q.limit, after };
    const list = spaceListPlan(c.get("db"), spaceId, filters, options);
    const found = await resolveSpace(c, spaceId, { with: list.statements });
    requireScope(found.caller, "space:read");
    const page = list.finish(found.results);
    return c.json(await listBody(c, cursors, q.orderBy, q.limit, page), 200);
  },
);

changeRequestListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/change-requests",
    tags: ["change-requests"],
    summary: "List the change requests of an organization's spaces the caller can see",
    request: { params: OrgChangeRequestsParams, query: ListOrgChangeRequestsQuery },
    responses: {
      200: jsonResponse(listOf(ChangeRequestSchema), "List of the organization's change requests"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const q = c.req.valid("query");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "space:read");
    const member = { org: access.org, orgRole: access.role, isGuest: access.isGuest };
    const cursors = ORG_CHANGE_REQUESTS.at(c, organizationId, q.orderBy);
    const after = await cursors.afterAccess(q.page);
    const filters = filtersOf(q, q.status ?? ["open"]);
    const visibility = { member, ...orgChangeRequestVisibility(c) };
    const page = await listOrgChangeRequests(c.get("db"), visibility, filters, {
      order: q.orderBy,
      limit: q.limit,
      after,
    });
    return c.json(await listBody(c, cursors, q.orderBy, q.limit, page), 200);
  },
);
