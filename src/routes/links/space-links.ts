import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse } from "../../openapi/common";
import { backlinksBody, linksBody, mainLinkTarget } from "./handlers";
import {
  BacklinkListSchema,
  BacklinksQuery,
  LinkListSchema,
  LinksQuery,
  SpaceContentParams,
  SpaceFileParams,
  SpacePageParams,
} from "../../api/links";

/** Links of a space's main content at its head revision, and backlinks of its files (spec §4.2, §4.3). */
export const spaceLinkRoutes = createRouter();

spaceLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/links",
    tags: ["spaces"],
    summary: "List the links of a space's current revision, with their status",
    request: { params: SpaceContentParams, query: LinksQuery },
    responses: { 200: jsonResponse(LinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const t = await mainLinkTarget(c, c.req.valid("param").spaceId);
    return c.json(await linksBody(c, t, c.req.valid("query")), 200);
  },
);

spaceLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/page/{pageId}/links",
    tags: ["space-content"],
    summary: "List the links of a page of a space's current revision, with their status",
    request: { params: SpacePageParams, query: LinksQuery },
    responses: { 200: jsonResponse(LinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, pageId } = c.req.valid("param");
    const t = await mainLinkTarget(c, spaceId);
    return c.json(await linksBody(c, t, c.req.valid("query"), pageId), 200);
  },
);

spaceLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/files/{fileId}/backlinks",
    tags: ["space-content"],
    summary: "List the pages of a space's current revision that link to a file",
    request: { params: SpaceFileParams, query: BacklinksQuery },
    responses: { 200: jsonResponse(BacklinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, fileId } = c.req.valid("param");
    const t = await mainLinkTarget(c, spaceId);
    const target = { kind: "file" as const, id: fileId };
    return c.json(await backlinksBody(c, t, target, c.req.valid("query")), 200);
  },
);
