import { createRoute } from "@hono/zod-openapi";
import { badRequest, notFound } from "../../lib/errors";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { apiUrl } from "../../lib/urls";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { presentSection } from "../../presenters/site-structure";
import { resolveSite } from "../../auth/site";
import { commitAndReload } from "../../services/sites/commit";
import { moveItemPlan } from "../../services/sites/moves";
import {
  createSectionPlan,
  deleteSectionPlan,
  updateSectionPlan,
} from "../../services/sites/sections";
import { MAX_SITE_SPACES } from "../../services/sites/structure";
import {
  idsSql,
  creationKey,
  pageByCreation,
  spaceAccessQueries,
  spacesWithRoles,
  type SiteTree,
} from "../../services/sites/tree";
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
import { markDeprecated } from "./site-spaces";
import {
  loadTree,
  minimalResponse,
  READ_STRUCTURE,
  wantsMinimal,
  WRITE_STRUCTURE,
} from "./structure";

/** The sections of a site: list, create, update, delete, move (deprecated). */
export const sectionRoutes = createRouter();

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
    const scope = `site-sections:${params.siteId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE, { shareKey });
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
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
    const { tree, member, site, more } = await loadTree(c, params, WRITE_STRUCTURE, {
      more: spaceAccessQueries(c, idsSql([spaceId])),
    });
    const found = spacesWithRoles(member, site.organizationId, more).get(spaceId);
    if (!found?.role) throw notFound("Space");
    if (site.siteSpacesCount >= MAX_SITE_SPACES) {
      throw badRequest(`body.spaceId: a site holds at most ${MAX_SITE_SPACES} site spaces`);
    }
    const plan = createSectionPlan(c.var.db, tree, {
      space: found.space,
      title,
      icon,
      groupId: siteSectionGroupId,
    });
    const fresh = await commitAndReload(c, member, site, plan.writes);
    c.header(
      "Location",
      apiUrl(c, `/orgs/${site.organizationId}/sites/${site.id}/sections/${plan.id}`),
    );
    return c.json(presentSection({ c, tree: fresh }, sectionIn(fresh, plan.id)), 201);
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
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const section = sectionIn(tree, siteSectionId);
    const condition =
      input.condition === undefined ? undefined : input.condition?.trim() ? input.condition : null;
    const plan = updateSectionPlan(c.var.db, tree, section, { ...input, condition });
    const fresh = await commitAndReload(c, member, site, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSection({ c, tree: fresh }, sectionIn(fresh, section.id)), 200);
  },
);

sectionRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}",
    tags: ["sites"],
    summary: "Delete a section and its site spaces (204 also when absent)",
    request: { params: SectionParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId, siteSectionId } = c.req.valid("param");
    await resolveSite(c, organizationId, siteId, WRITE_STRUCTURE);
    const db = c.var.db;
    await db.batch([...deleteSectionPlan(db, siteId, siteSectionId)]);
    return c.body(null, 204);
  },
);

sectionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move",
    tags: ["sites"],
    deprecated: true,
    summary: "Move a section before or after another (deprecated: use structure/sort)",
    request: { params: SectionParams, body: jsonBody(MoveSectionBody, false) },
    responses: {
      200: jsonResponse(SiteSectionSchema, "Site section moved"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSectionId, ...params } = c.req.valid("param");
    const { position } = c.req.valid("json");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const target =
      pointer &&
      ({
        type: pointer.type,
        id: pointer.siteSection,
        side,
        field: `body.position.${side}.siteSection`,
      } as const);
    const plan = moveItemPlan(c.var.db, tree, { type: "site-section", id: siteSectionId }, target);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    markDeprecated(c, params.organizationId, params.siteId);
    return c.json(presentSection({ c, tree: fresh }, sectionIn(fresh, siteSectionId)), 200);
  },
);
