import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { presentStructure } from "../../presenters/site-structure";
import { moveItemPlan, type MoveTarget } from "../../services/sites/moves";
import { SiteParams } from "../../api/sites";
import {
  PreferHeaders,
  ShareKeyQuery,
  SiteSectionGroupSchema,
  SiteSectionSchema,
  SiteSpaceSchema,
  SiteStructureSchema,
  SortStructureBody,
} from "../../api/sites-structure";
import {
  commit,
  loadTree,
  minimalResponse,
  presentItem,
  READ_STRUCTURE,
  wantsMinimal,
  WRITE_STRUCTURE,
} from "./load";

/** The structure of a site: read it, reorder it. */
export const structureRoutes = createRouter();

structureRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/structure",
    tags: ["sites"],
    summary: "Get the navigation structure of a site: sections and groups, or site spaces",
    request: { params: SiteParams, query: ShareKeyQuery },
    responses: { 200: jsonResponse(SiteStructureSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { shareKey } = c.req.valid("query");
    const { view } = await loadTree(c, c.req.valid("param"), READ_STRUCTURE, { shareKey });
    return c.json(presentStructure(view), 200);
  },
);

structureRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/structure/sort",
    tags: ["sites"],
    summary: "Move a site space, section or section group before or after a sibling",
    request: {
      params: SiteParams,
      body: jsonBody(SortStructureBody),
      headers: PreferHeaders,
    },
    responses: {
      200: jsonResponse(
        z.union([SiteSpaceSchema, SiteSectionSchema, SiteSectionGroupSchema]),
        "Item moved",
      ),
      ...minimalResponse,
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { item, position } = c.req.valid("json");
    const { prefer } = c.req.valid("header");
    const loaded = await loadTree(c, c.req.valid("param"), WRITE_STRUCTURE);
    const side = position.before ? "before" : "after";
    const pointer = (position.before ?? position.after)!;
    const target: MoveTarget = { ...pointer, side, field: `position.${side}` };
    const plan = moveItemPlan(c.get("db"), loaded.tree, item, target);
    const view = await commit(c, loaded, plan.writes);
    if (wantsMinimal(c, prefer)) return c.body(null, 204);
    return c.json(presentItem(view, item.type, item.id), 200);
  },
);
