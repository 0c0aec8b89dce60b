import { createRoute } from "@hono/zod-openapi";
import { callerDigest } from "../../auth/caller";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { isDefaultSiteSpace, presentSiteSpace } from "../../presenters/site-structure";
import { creationKey, creationKeySchema, pageByCreation } from "../../services/sites/paging";
import {
  addSiteSpacePlan,
  deleteSiteSpacePlan,
  MAX_SITE_SPACES,
  updateSiteSpacePlan,
} from "../../services/sites/structure";
import { defaultSectionId, type SiteTree } from "../../services/sites/tree";
import { wantedSpacesFrom, wantedSpacesStatements } from "../../services/sites/space-access";
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
import { mountDelete, mountMove } from "./items";
import {
  commit,
  loadTree,
  minimalResponse,
  READ_STRUCTURE,
  wantsMinimal,
  WRITE_STRUCTURE,
} from "./load";
import { declareList } from "../../http/lists";

/** The spaces published in a site: list, add, update, remove, move (deprecated). */
export const siteSpaceRoutes = createRouter();

/** A site's spaces page in creation order. */
const SITE_SPACES = declareList((siteId: string) => `site-spaces:${siteId}`, creationKeySchema);

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
    const cursors = SITE_SPACES.at(c, params.siteId);
    const after = await cursors.after(page);
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE, { shareKey });
    const rows = tree.siteSpaces.filter(
      (row) => onlyDefault === undefined || isDefaultSiteSpace(view, row) === onlyDefault,
    );
    const body = await cursors.page({
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
    const { spaceId, sectionId, title } = c.req.valid("json");
    const params = c.req.valid("param");
    const loaded = await loadTree(c, params, WRITE_STRUCTURE, {
      with: wantedSpacesStatements(c.get("db"), callerDigest(c), [spaceId]),
    });
    const { tree, site } = loaded;
    const space = wantedSpacesFrom(loaded.member, site.organizationId, loaded.results).get(spaceId);
    if (!space) throw notFound("Space");
    if (site.siteSpacesCount >= MAX_SITE_SPACES) {
      throw badRequest(`body.spaceId: a site holds at most ${MAX_SITE_SPACES} site spaces`);
    }
    if (sectionId !== undefined && !tree.sections.some((s) => s.id === sectionId)) {
      throw badRequest("body.sectionId: no such section in this site");
    }
    const target = sectionId ?? (tree.sections.length > 0 ? defaultSectionId(tree) : null);
    const plan = addSiteSpacePlan(c.get("db"), tree, space, target, title);
    const view = await commit(c, loaded, plan.writes);
    const path = `/orgs/${site.organizationId}/sites/${site.id}/site-spaces/${plan.id}`;
    c.header("Location", view.urls.api(path));
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSiteSpace(view, siteSpaceIn(view.tree, plan.id)), 201);
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
    const loaded = await loadTree(c, params, WRITE_STRUCTURE, {
      with: wantedSpacesStatements(c.get("db"), callerDigest(c), spaceId ? [spaceId] : []),
    });
    const { tree, site } = loaded;
    const row = siteSpaceIn(tree, siteSpaceId);
    if (spaceId !== undefined) {
      const visible = wantedSpacesFrom(loaded.member, site.organizationId, loaded.results);
      if (!visible.has(spaceId)) throw notFound("Space");
    }
    const patch = {
      path,
      spaceId,
      // An empty condition removes it, like null.
      condition: condition === undefined ? undefined : condition?.trim() ? condition : null,
    };
    const plan = updateSiteSpacePlan(c.get("db"), tree, row, patch);
    const view = await commit(c, loaded, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSiteSpace(view, siteSpaceIn(view.tree, row.id)), 200);
  },
);

mountDelete(siteSpaceRoutes, {
  kind: "site-space",
  segment: "site-spaces",
  idParam: "siteSpaceId",
  params: SiteSpaceParams,
  summary: "Remove a space from a site (204 also when absent)",
  writes: { tree: false, plan: deleteSiteSpacePlan },
});

mountMove(siteSpaceRoutes, {
  kind: "site-space",
  segment: "site-spaces",
  idParam: "siteSpaceId",
  params: SiteSpaceParams,
  body: MoveSiteSpaceBody,
  schema: SiteSpaceSchema,
  summary: "Move a site space before or after another (deprecated: use structure/sort)",
  moved: "Site space moved",
  missing: "Site space",
  pointerId: "siteSpace",
});
