import { createRoute } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentSectionGroup } from "../../presenters/site-structure";
import { commitWrites } from "../../services/sites/commit";
import {
  addSectionToGroupPlan,
  createGroupPlan,
  deleteGroupPlan,
  removeSectionFromGroupPlan,
  updateGroupPlan,
} from "../../services/sites/groups";
import { creationKey, creationKeySchema, pageByCreation } from "../../services/sites/paging";
import type { SiteTree } from "../../services/sites/tree";
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

/** The section groups of a site: list, create, update, delete, members, move (deprecated). */
export const sectionGroupRoutes = createRouter();

/** A site's section groups page in creation order. */
const SECTION_GROUPS = declareList(
  (siteId: string) => `site-section-groups:${siteId}`,
  creationKeySchema,
);

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
    const cursors = SECTION_GROUPS.at(c, params.siteId);
    const after = await cursors.after(page);
    const { tree, view } = await loadTree(c, params, READ_STRUCTURE);
    const body = await cursors.page({
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
    const loaded = await loadTree(c, params, WRITE_STRUCTURE);
    const { site } = loaded;
    const plan = createGroupPlan(c.get("db"), loaded.tree, input);
    const view = await commit(c, loaded, plan.writes);
    const path = `/orgs/${site.organizationId}/sites/${site.id}/section-groups/${plan.id}`;
    c.header("Location", view.urls.api(path));
    return c.json(presentSectionGroup(view, groupIn(view.tree, plan.id)), 201);
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
    const loaded = await loadTree(c, params, WRITE_STRUCTURE);
    const group = groupIn(loaded.tree, siteSectionGroupId);
    const plan = updateGroupPlan(c.get("db"), loaded.tree, group, input);
    const view = await commit(c, loaded, plan.writes);
    if (wantsMinimal(c, c.req.valid("header").prefer)) return c.body(null, 204);
    return c.json(presentSectionGroup(view, groupIn(view.tree, group.id)), 200);
  },
);

mountDelete(sectionGroupRoutes, {
  kind: "site-section-group",
  segment: "section-groups",
  idParam: "siteSectionGroupId",
  params: GroupParams,
  summary: "Delete a section group; its children move up a level (204 also when absent)",
  writes: {
    tree: true,
    plan: (db, tree, id) => {
      const group = tree.groups.find((g) => g.id === id);
      return group ? deleteGroupPlan(db, tree, group) : [];
    },
  },
});

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
    const loaded = await loadTree(c, params, WRITE_STRUCTURE);
    const group = groupIn(loaded.tree, siteSectionGroupId);
    const plan = addSectionToGroupPlan(c.get("db"), loaded.tree, group, sectionId);
    const view = await commit(c, loaded, plan.writes);
    return c.json(presentSectionGroup(view, groupIn(view.tree, group.id)), 200);
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
    await commitWrites(
      c.get("db"),
      removeSectionFromGroupPlan(c.get("db"), tree, group, siteSectionId),
    );
    return c.body(null, 204);
  },
);

mountMove(sectionGroupRoutes, {
  kind: "site-section-group",
  segment: "section-groups",
  idParam: "siteSectionGroupId",
  params: GroupParams,
  body: MoveGroupBody,
  schema: SiteSectionGroupSchema,
  summary: "Move a section group before or after a sibling (deprecated: use structure/sort)",
  moved: "Site section group moved",
  missing: "Site section group",
  pointerId: "id",
});
