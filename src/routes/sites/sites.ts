import { createRoute } from "@hono/zod-openapi";
import { callerDigest } from "../../auth/caller";
import { resolveSite, resolveSitesOrg, SITE_ROLES } from "../../auth/site";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentSite } from "../../presenters/site";
import { createSite, deleteSite, siteListPlan, updateSite } from "../../services/sites/sites";
import { siteTreeFrom, siteTreeStatements } from "../../services/sites/tree";
import { addressClaimsOf, addressesHeldQuery } from "../../services/sites/addresses";
import { deploymentAddresses } from "../../lib/site-urls";
import { wantedSpacesFrom, wantedSpacesStatements } from "../../services/sites/space-access";
import {
  CreateSiteBody,
  ListSitesQuery,
  OrgSitesParams,
  SiteParams,
  SiteSchema,
  UpdateSiteBody,
} from "../../api/sites";
import { declareList, textPairKey } from "../../http/lists";

/** The sites of an organization: list, create, read, update, delete. */
export const siteRoutes = createRouter();

/** An organization's sites page on (createdAt, id). */
const SITES = declareList((orgId: string) => `sites:${orgId}`, textPairKey);

/** Title of a site created without one (the official body makes `title` optional). */
const DEFAULT_SITE_TITLE = "Untitled site";

siteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites",
    tags: ["sites"],
    summary: "List all documentation sites in an organization",
    request: { params: OrgSitesParams, query: ListSitesQuery },
    responses: { 200: jsonResponse(listOf(SiteSchema), "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, title, space, published, type } = c.req.valid("query");
    const cursors = SITES.at(c, organizationId);
    const after = await cursors.after(page);
    const filter = { title: title || undefined, space, published, types: type };
    const reads = siteListPlan(c.get("db"), { orgId: organizationId, filter, limit, after });
    const access = await resolveSitesOrg(
      c,
      organizationId,
      { scope: "site:read", minimum: SITE_ROLES.read, action: "list sites" },
      { with: reads.statements },
    );
    const { rows, count } = reads.finish(access.results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentSite(urls, r, access.permissionsOf(r.id)),
    });
    return c.json(body, 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites",
    tags: ["sites"],
    summary: "Create a documentation site, optionally publishing spaces in it",
    request: { params: OrgSitesParams, body: jsonBody(CreateSiteBody, false) },
    responses: { 201: jsonResponse(SiteSchema, "Site created"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const input = c.req.valid("json");
    const wanted = [...new Set(input.spaces ?? [])];
    const access = await resolveSitesOrg(
      c,
      organizationId,
      { scope: "site:write", minimum: SITE_ROLES.manage, action: "create sites" },
      { with: wantedSpacesStatements(c.get("db"), callerDigest(c), wanted) },
    );
    // Every space must be one the caller can see in this organization: else the 404 of a space.
    const visible = wantedSpacesFrom(access.member, organizationId, access.results);
    const chosen = wanted.map((id) => {
      const found = visible.get(id);
      if (!found) throw notFound("Space");
      return found;
    });
    const site = await createSite(c.get("db"), {
      organizationId,
      createdBy: access.caller.user.id,
      type: input.type ?? "basic",
      title: input.title ?? DEFAULT_SITE_TITLE,
      visibility: input.visibility ?? "public",
      spaces: chosen,
    });
    const body = presentSite(urlsOf(c), site, access.permissions);
    c.header("Location", body.urls.location);
    return c.json(body, 201);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}",
    tags: ["sites"],
    summary: "Get a documentation site by its ID",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(SiteSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { site, permissions } = await resolveSite(c, organizationId, siteId, {
      scope: "site:read",
      minimum: SITE_ROLES.read,
      action: "read sites",
    });
    return c.json(presentSite(urlsOf(c), site, permissions), 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}",
    tags: ["sites"],
    summary: "Update the properties of a documentation site",
    request: { params: SiteParams, body: jsonBody(UpdateSiteBody) },
    responses: { 200: jsonResponse(SiteSchema, "OK"), ...errorResponses(400, 403, 404, 409) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const input = c.req.valid("json");
    const db = c.get("db");
    const access = await resolveSite(
      c,
      organizationId,
      siteId,
      { scope: "site:write", minimum: SITE_ROLES.manage, action: "update sites" },
      {
        with: {
          ...siteTreeStatements(db, callerDigest(c), siteId),
          held: addressesHeldQuery(db, siteId, addressClaimsOf(input)),
        },
      },
    );
    const { results } = access;
    const tree = siteTreeFrom(access.site, access.member, results);
    const site = await updateSite(db, tree, input, {
      held: results.held,
      deployment: deploymentAddresses(c.env),
    });
    return c.json(presentSite(urlsOf(c), site, access.permissions), 200);
  },
);

siteRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}",
    tags: ["sites"],
    summary: "Delete a site with its structure and share links (204 also when absent)",
    request: { params: SiteParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    await resolveSitesOrg(c, organizationId, {
      scope: "site:write",
      minimum: SITE_ROLES.admin,
      action: "delete sites",
    });
    await deleteSite(c.get("db"), organizationId, siteId);
    return c.body(null, 204);
  },
);
