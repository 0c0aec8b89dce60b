import { createRoute } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { decodeCursor, pagedQuery, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { apiUrl } from "../../lib/urls";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { presentSectionGroup } from "../../presenters/site-structure";
import { commitAndReload } from "../../services/sites/commit";
import { moveItemPlan } from "../../services/sites/moves";
import {
  addSectionToGroupPlan,
  createGroupPlan,
  deleteGroupPlan,
  removeSectionFromGroupPlan,
  updateGroupPlan,
} from "../../services/sites/groups";
import { creationKey, pageByCreation, type SiteTree } from "../../services/sites/tree";
import { SiteParams } from "../../api/sites";
import {
  AddGroupSectionBody,
  CreateGroupBody,
  GroupParams,
  GroupSectionParams,
  MoveGroupBody,
  PreferHeaders,
  SiteSectionGroupSchema,
  UpdateGroupBody,
} from "../../api/sites-structure";
import { markDeprecated } from "./site-spaces";
import {
  loadTree,
  minimalResponse,
  READ_STRUCTURE,
  wantsMinimal,
  WRITE_STRUCTURE,
} from "./structure";

/** The section groups of a site: list, create, update, delete, members, move (deprecated). */
export const sectionGroupRoutes = createRouter();

/** The group of the tree, or its 404. */
function groupIn(tree: SiteTree, id: string) {
  const row = tree.groups.find((g) => g.id === id);
  if (!row) throw notFound("Site section group");
  return row;
}

sectionGroupRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups",
    tags: ["sites"],
    summary: "List the section groups of a site, in creation order",
    request: { params: SiteParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(SiteSectionGroupSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    const params = c.req.valid("param");
    const scope = `site-section-groups:${params.siteId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE);
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows: pageByCreation(tree.groups, limit, after),
      limit,
      count: tree.groups.length,
      key: creationKey,
      present: (r) => presentSectionGroup(view, r),
    });
    return c.json(body, 200);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups",
    tags: ["sites"],
    summary: "Add a section group to a site, optionally taking in sections",
    request: { params: SiteParams, body: jsonBody(CreateGroupBody) },
    responses: {
      201: jsonResponse(SiteSectionGroupSchema, "Section group added to the site"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const params = c.req.valid("param");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const plan = createGroupPlan(c.var.db, tree, input);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    const path = `/orgs/${site.organizationId}/sites/${site.id}/section-groups/${plan.id}`;
    c.header("Location", apiUrl(c, path));
    return c.json(presentSectionGroup({ c, tree: fresh }, groupIn(fresh, plan.id)), 201);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
    tags: ["sites"],
    summary: "Update a section group: title, icon, parent group (no cycles)",
    request: { params: GroupParams, body: jsonBody(UpdateGroupBody), headers: PreferHeaders },
    responses: {
      200: jsonResponse(SiteSectionGroupSchema, "OK"),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSectionGroupId, ...params } = c.req.valid("param");
    const input = c.req.valid("json");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const group = groupIn(tree, siteSectionGroupId);
    const plan = updateGroupPlan(c.var.db, tree, group, input);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSectionGroup({ c, tree: fresh }, groupIn(fresh, group.id)), 200);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}",
    tags: ["sites"],
    summary: "Delete a section group; its children move up a level (204 also when absent)",
    request: { params: GroupParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { siteSectionGroupId, ...params } = c.req.valid("param");
    const { tree } = await loadTree(c, params, WRITE_STRUCTURE);
    const group = tree.groups.find((g) => g.id === siteSectionGroupId);
    if (group) {
      const db = c.var.db;
      const [first, ...rest] = deleteGroupPlan(db, tree, group);
      await db.batch([first!, ...rest]);
    }
    return c.body(null, 204);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections",
    tags: ["sites"],
    summary: "Put a section of the site at the end of a section group",
    request: { params: GroupParams, body: jsonBody(AddGroupSectionBody) },
    responses: {
      200: jsonResponse(SiteSectionGroupSchema, "OK"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSectionGroupId, ...params } = c.req.valid("param");
    const { sectionId } = c.req.valid("json");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const group = groupIn(tree, siteSectionGroupId);
    const plan = addSectionToGroupPlan(c.var.db, tree, group, sectionId);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    return c.json(presentSectionGroup({ c, tree: fresh }, groupIn(fresh, group.id)), 200);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}",
    tags: ["sites"],
    summary: "Take a section out of a group, placing it after the group (204 also when absent)",
    request: { params: GroupSectionParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { siteSectionGroupId, siteSectionId, ...params } = c.req.valid("param");
    const { tree } = await loadTree(c, params, WRITE_STRUCTURE);
    const group = groupIn(tree, siteSectionGroupId);
    const [write] = removeSectionFromGroupPlan(c.var.db, tree, group, siteSectionId);
    if (write) await write;
    return c.body(null, 204);
  },
);

sectionGroupRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move",
    tags: ["sites"],
    deprecated: true,
    summary: "Move a section group before or after a sibling (deprecated: use structure/sort)",
    request: { params: GroupParams, body: jsonBody(MoveGroupBody, false) },
    responses: {
      200: jsonResponse(SiteSectionGroupSchema, "Site section group moved"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { siteSectionGroupId, ...params } = c.req.valid("param");
    const { position } = c.req.valid("json");
    const { tree, member, site } = await loadTree(c, params, WRITE_STRUCTURE);
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const target = pointer && ({ ...pointer, side, field: `body.position.${side}` } as const);
    const item = { type: "site-section-group", id: siteSectionGroupId } as const;
    const plan = moveItemPlan(c.var.db, tree, item, target);
    const fresh = await commitAndReload(c, member, site, plan.writes);
    markDeprecated(c, params.organizationId, params.siteId);
    return c.json(presentSectionGroup({ c, tree: fresh }, groupIn(fresh, siteSectionGroupId)), 200);
  },
);
