import { createRoute } from "@hono/zod-openapi";
import { callerDigest } from "../../auth/caller";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentSection } from "../../presenters/site-structure";
import { creationKey, creationKeySchema, pageByCreation } from "../../services/sites/paging";
import {
  createSectionPlan,
  deleteSectionPlan,
  updateSectionPlan,
} from "../../services/sites/sections";
import { MAX_SITE_SPACES } from "../../services/sites/structure";
import { type SiteTree } from "../../services/sites/tree";
import { wantedSpacesFrom, wantedSpacesStatements } from "../../services/sites/space-access";
import { SiteParams } from "../../api/sites";
import {
  CreateSectionBody,
  ListSectionsQuery,
  MoveSectionBody,
  PreferHeaders,
  SectionParams,
  SiteSectionSchema,
  UpdateSectionBody,
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

/** The sections of a site: list, create, update, delete, move (deprecated). */
export const sectionRoutes = createRouter();

/** A site's sections page in creation order. */
const SECTIONS = declareList((siteId: string) => `site-sections:${siteId}`, creationKeySchema);

/** The section of the tree, or its 404. */
function sectionIn(tree: SiteTree, id: string) {
  const row = tree.sections.find((s) => s.id === id);
  if (!row) throw notFound("Site section");
  return row;
}

sectionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/sections",
    tags: ["sites"],
    summary: "List the sections of a site, in creation order",
    request: { params: SiteParams, query: ListSectionsQuery },
    responses: {
      200: jsonResponse(listOf(SiteSectionSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { page, limit, shareKey } = c.req.valid("query");
    const params = c.req.valid("param");
    const cursors = SECTIONS.at(c, params.siteId);
    const after = await cursors.after(page);
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE, { shareKey });
    const body = await cursors.page({
      rows: pageByCreation(tree.sections, limit, after),
      limit,
      count: tree.sections.length,
      key: creationKey,
      present: (r) => presentSection(view, r),
    });
    return c.json(body, 200);
  },
);

sectionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/sections",
    tags: ["sites"],
    summary: "Add a section to a site, publishing a space as its first site space",
    request: { params: SiteParams, body: jsonBody(CreateSectionBody) },
    responses: {
      201: jsonResponse(SiteSectionSchema, "Section added to the site"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, title, icon, siteSectionGroupId } = c.req.valid("json");
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
    const plan = createSectionPlan(c.get("db"), tree, {
      space,
      title,
      icon,
      groupId: siteSectionGroupId,
    });
    const view = await commit(c, loaded, plan.writes);
    const path = `/orgs/${site.organizationId}/sites/${site.id}/sections/${plan.id}`;
    c.header("Location", view.urls.api(path));
    return c.json(presentSection(view, sectionIn(view.tree, plan.id)), 201);
  },
);

sectionRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
    tags: ["sites"],
    summary:
      "Update a section: title, path, default site space, condition, icon, description, group",
    request: { params: SectionParams, body: jsonBody(UpdateSectionBody), headers: PreferHeaders },
    responses: {
      200: jsonResponse(SiteSectionSchema, "OK"),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSectionId, ...params } = c.req.valid("param");
    const input = c.req.valid("json");
    const loaded = await loadTree(c, params, WRITE_STRUCTURE);
    const section = sectionIn(loaded.tree, siteSectionId);
    const condition =
      input.condition === undefined ? undefined : input.condition?.trim() ? input.condition : null;
    const plan = updateSectionPlan(c.get("db"), loaded.tree, section, { ...input, condition });
    const view = await commit(c, loaded, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSection(view, sectionIn(view.tree, section.id)), 200);
  },
);

mountDelete(sectionRoutes, {
  kind: "site-section",
  segment: "sections",
  idParam: "siteSectionId",
  params: SectionParams,
  summary: "Delete a section and its site spaces (204 also when absent)",
  writes: { tree: false, plan: (db, siteId, id) => [...deleteSectionPlan(db, siteId, id)] },
});

mountMove(sectionRoutes, {
  kind: "site-section",
  segment: "sections",
  idParam: "siteSectionId",
  params: SectionParams,
  body: MoveSectionBody,
  schema: SiteSectionSchema,
  summary: "Move a section before or after another (deprecated: use structure/sort)",
  moved: "Site section moved",
  missing: "Site section",
  pointerId: "siteSection",
});
