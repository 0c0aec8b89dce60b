import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { apiUrl } from "../../lib/urls";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { isDefaultSiteSpace, presentSiteSpace } from "../../presenters/site-structure";
import { resolveSite } from "../../auth/site";
import { commitAndReload } from "../../services/sites/commit";
import { moveItemPlan } from "../../services/sites/moves";
import {
  addSiteSpacePlan,
  deleteSiteSpace,
  MAX_SITE_SPACES,
  updateSiteSpacePlan,
} from "../../services/sites/structure";
import {
  defaultSectionId,
  idsSql,
  creationKey,
  pageByCreation,
  spaceAccessQueries,
  spacesWithRoles,
  type SiteTree,
} from "../../services/sites/tree";
import type { Membership } from "../../auth/content-role";
import { SiteParams } from "../../api/sites";
import {
  AddSiteSpaceBody,
  ListSiteSpacesQuery,
  MoveSiteSpaceBody,
  PreferHeaders,
  SiteSpaceParams,
  SiteSpaceSchema,
  UpdateSiteSpaceBody,
} from "../../api/sites-structure";
import {
  loadTree,
  minimalResponse,
  READ_STRUCTURE,
  wantsMinimal,
  WRITE_STRUCTURE,
} from "./structure";

/** The spaces published in a site: list, add, update, remove, move (deprecated). */
export const siteSpaceRoutes = createRouter();

/** The space the caller can see in the site's organization, or the 404 of a space. */
function visibleSpace(
  member: Membership,
  tree: SiteTree,
  results: Parameters<typeof spacesWithRoles>[2],
  spaceId: string,
) {
  const found = spacesWithRoles(member, tree.site.organizationId, results).get(spaceId);
  if (!found?.role) throw notFound("Space");
  return found.space;
}

/** The site space of the tree, or its 404. */
function siteSpaceIn(tree: SiteTree, id: string) {
  const row = tree.siteSpaces.find((r) => r.id === id);
  if (!row) throw notFound("Site space");
  return row;
}

siteSpaceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/site-spaces",
    tags: ["sites"],
    summary: "List the site spaces of a site, in creation order",
    request: { params: SiteParams, query: ListSiteSpacesQuery },
    responses: {
      200: jsonResponse(listOf(SiteSpaceSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { page, limit, shareKey, default: onlyDefault } = c.req.valid("query");
    const params = c.req.valid("param");
    const scope = `site-spaces:${params.siteId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE, { shareKey });
    const rows = tree.siteSpaces.filter(
      (row) => onlyDefault === undefined || isDefaultSiteSpace(view, row) === onlyDefault,
    );
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows: pageByCreation(rows, limit, after),
      limit,
      count: rows.length,
      key: creationKey,
      present: (r) => presentSiteSpace(view, r),
    });
    return c.json(body, 200);
  },
);

siteSpaceRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/site-spaces",
    tags: ["sites"],
    summary: "Add a space to a site (in a section, the default section, or the root)",
    request: { params: SiteParams, body: jsonBody(AddSiteSpaceBody), headers: PreferHeaders },
    responses: {
      201: jsonResponse(SiteSpaceSchema, "Space added to the site"),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, sectionId } = c.req.valid("json");
    const params = c.req.valid("param");
    const { tree, member, site, more } = await loadTree(c, params, WRITE_STRUCTURE, {
      more: spaceAccessQueries(c, idsSql([spaceId])),
    });
    const space = visibleSpace(member, tree, more, spaceId);
    if (site.siteSpacesCount >= MAX_SITE_SPACES) {
      throw badRequest(`body.spaceId: a site holds at most ${MAX_SITE_SPACES} site spaces`);
    }
    if (sectionId !== undefined && !tree.sections.some((s) => s.id === sectionId)) {
      throw badRequest("body.sectionId: no such section in this site");
    }
    const target = sectionId ?? (tree.sections.length > 0 ? defaultSectionId(tree) : null);
    const plan = addSiteSpacePlan(c.var.db, tree, space, target);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    c.header(
      "Location",
      apiUrl(c, `/orgs/${site.organizationId}/sites/${site.id}/site-spaces/${plan.id}`),
    );
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSiteSpace({ c, tree: fresh }, siteSpaceIn(fresh, plan.id)), 201);
  },
);

siteSpaceRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
    tags: ["sites"],
    summary: "Update a site space: path, condition, space",
    request: {
      params: SiteSpaceParams,
      body: jsonBody(UpdateSiteSpaceBody),
      headers: PreferHeaders,
    },
    responses: {
      200: jsonResponse(SiteSpaceSchema, "OK"),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSpaceId, ...params } = c.req.valid("param");
    const { path, condition, spaceId } = c.req.valid("json");
    const { tree, member, site, more } = await loadTree(c, params, WRITE_STRUCTURE, {
      more: spaceAccessQueries(c, idsSql(spaceId ? [spaceId] : [])),
    });
    const row = siteSpaceIn(tree, siteSpaceId);
    if (spaceId !== undefined) visibleSpace(member, tree, more, spaceId);
    const patch = {
      path,
      spaceId,
      // An empty condition removes it, like null.
      condition: condition === undefined ? undefined : condition?.trim() ? condition : null,
    };
    const plan = updateSiteSpacePlan(c.var.db, tree, row, patch);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSiteSpace({ c, tree: fresh }, siteSpaceIn(fresh, row.id)), 200);
  },
);

siteSpaceRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}",
    tags: ["sites"],
    summary: "Remove a space from a site (204 also when absent)",
    request: { params: SiteSpaceParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId, siteSpaceId } = c.req.valid("param");
    await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE);
    await deleteSiteSpace(c.var.db, siteId, siteSpaceId);
    return c.body(null, 204);
  },
);

/** Marks a deprecated operation's response, naming its successor. */
export function markDeprecated(c: Context<AppEnv>, organizationId: string, siteId: string) {
  c.header("Deprecation", "true");
  const successor = apiUrl(c, `/orgs/${organizationId}/sites/${siteId}/structure/sort`);
  c.header("Link", `<${successor}>; rel="successor-version"`);
}

siteSpaceRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move",
    tags: ["sites"],
    deprecated: true,
    summary: "Move a site space before or after another (deprecated: use structure/sort)",
    request: { params: SiteSpaceParams, body: jsonBody(MoveSiteSpaceBody, false) },
    responses: {
      200: jsonResponse(SiteSpaceSchema, "Site space moved"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSpaceId, ...params } = c.req.valid("param");
    const { position } = c.req.valid("json");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const target =
      pointer &&
      ({
        type: pointer.type,
        id: pointer.siteSpace,
        side,
        field: `body.position.${side}.siteSpace`,
      } as const);
    const plan = moveItemPlan(c.var.db, tree, { type: "site-space", id: siteSpaceId }, target);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    markDeprecated(c, params.organizationId, params.siteId);
    return c.json(presentSiteSpace({ c, tree: fresh }, siteSpaceIn(fresh, siteSpaceId)), 200);
  },
);
