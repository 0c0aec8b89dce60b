import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { callerUserId } from "../../auth/caller";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { resolveSite } from "../../auth/site";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import {
  integrationsPagePlan,
  type IntegrationFilters,
  type IntegrationListKind,
} from "../../services/integrations/reads";
import {
  IntegrationSchema,
  ListIntegrationsQuery,
  SearchIntegrationsQuery,
} from "../../api/integrations";
import { OrgParams } from "../../api/organizations";
import { SpaceParams } from "../../api/spaces";
import { SiteParams } from "../../api/sites";
import { integrationOut, type IntegrationView } from "./view";
import { declareList, textKey, type ListCursors } from "../../http/lists";

/** The integrations an organization may use, and those enabled on a space or a site. */
export const integrationListRoutes = createRouter();

/** The integrations an organization may use page on the name. */
const ORG_INTEGRATIONS = declareList((orgId: string) => `org-integrations:${orgId}`, textKey);

/** A space's integrations page on the name. */
const SPACE_INTEGRATIONS = declareList(
  (spaceId: string) => `space-integrations:${spaceId}`,
  textKey,
);

/** A site's integrations page on the name. */
const SITE_INTEGRATIONS = declareList((siteId: string) => `site-integrations:${siteId}`, textKey);

/** The list plan of one of these routes, for the resolver's batch. */
function listPlan(
  c: Context<AppEnv>,
  list: IntegrationListKind,
  filters: IntegrationFilters,
  limit: number,
  after?: [string],
) {
  return integrationsPagePlan(c.get("db"), {
    list,
    callerId: callerUserId(c),
    filters,
    limit,
    after,
  });
}

/** Presents a page of integrations. */
async function page(
  c: Context<AppEnv>,
  cursors: ListCursors<[string]>,
  limit: number,
  found: { rows: IntegrationView[]; count: number },
) {
  const items = await Promise.all(found.rows.slice(0, limit).map((r) => integrationOut(c, r)));
  return cursors.page({
    rows: found.rows.map((r, i) => ({ r, item: items[i] })),
    limit,
    count: found.count,
    key: ({ r }) => [r.integration.name],
    present: ({ item }) => item!,
  });
}

integrationListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/integrations",
    tags: ["integrations"],
    summary: "List public integrations and the organization's own",
    request: { params: OrgParams, query: ListIntegrationsQuery },
    responses: {
      200: jsonResponse(listOf(IntegrationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page: cursor, limit, ...filters } = c.req.valid("query");
    const cursors = ORG_INTEGRATIONS.at(c, organizationId);
    const after = await cursors.after(cursor);
    const list = listPlan(c, { kind: "org", orgId: organizationId }, filters, limit, after);
    const access = await resolveOrg(c, organizationId, { with: list.statements });
    requireRole(access.role, "read", "list integrations");
    requireScope(access.caller, "integration:read");
    return c.json(await page(c, cursors, limit, list.finish(access.results)), 200);
  },
);

const SearchQuery = pagedQuery.extend(SearchIntegrationsQuery.shape);

integrationListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/integrations",
    tags: ["integrations"],
    summary: "List the integrations enabled on a space",
    request: { params: SpaceParams, query: SearchQuery },
    responses: {
      200: jsonResponse(listOf(IntegrationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const { page: cursor, limit, search } = c.req.valid("query");
    const cursors = SPACE_INTEGRATIONS.at(c, spaceId);
    const after = await cursors.after(cursor);
    // The list runs in the same batch as the access check.
    const list = listPlan(c, { kind: "space", spaceId }, { search }, limit, after);
    const space = await resolveSpace(c, spaceId, { with: list.statements });
    requireScope(space.caller, "space:read");
    return c.json(await page(c, cursors, limit, list.finish(space.results)), 200);
  },
);

integrationListRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/integrations",
    tags: ["integrations"],
    summary: "List the integrations enabled on a site",
    request: { params: SiteParams, query: SearchQuery },
    responses: {
      200: jsonResponse(listOf(IntegrationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { page: cursor, limit, search } = c.req.valid("query");
    const cursors = SITE_INTEGRATIONS.at(c, siteId);
    const after = await cursors.after(cursor);
    const list = listPlan(
      c,
      { kind: "site", orgId: organizationId, siteId },
      { search },
      limit,
      after,
    );
    const site = await resolveSite(
      c,
      organizationId,
      siteId,
      { scope: "site:read", minimum: "read", action: "list the site's integrations" },
      { with: list.statements },
    );
    return c.json(await page(c, cursors, limit, list.finish(site.results)), 200);
  },
);
