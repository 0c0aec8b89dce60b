import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse } from "../../openapi/common";
import { backlinksBody, changeRequestLinkTarget, linksBody } from "./handlers";
import {
  BacklinkListSchema,
  BacklinksQuery,
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  LinkListSchema,
  LinksQuery,
} from "../../api/links";

/** Links and backlinks of a change request's content at its working head (spec §4.6). */
export const changeRequestLinkRoutes = createRouter();

const tags = ["change-requests"];

changeRequestLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
    tags,
    summary: "List the links of a page of a change request, with their status",
    request: { params: ChangeRequestPageParams, query: LinksQuery },
    responses: { 200: jsonResponse(LinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, pageId } = c.req.valid("param");
    const t = await changeRequestLinkTarget(c, spaceId, changeRequestId);
    return c.json(await linksBody(c, t, c.req.valid("query"), pageId), 200);
  },
);

changeRequestLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
    tags,
    summary: "List the pages of a change request that link to a page",
    request: { params: ChangeRequestPageParams, query: BacklinksQuery },
    responses: { 200: jsonResponse(BacklinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, pageId } = c.req.valid("param");
    const t = await changeRequestLinkTarget(c, spaceId, changeRequestId);
    const target = { kind: "page" as const, id: pageId };
    return c.json(await backlinksBody(c, t, target, c.req.valid("query")), 200);
  },
);

changeRequestLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
    tags,
    summary: "List the pages of a change request that link to a file",
    request: { params: ChangeRequestFileParams, query: BacklinksQuery },
    responses: { 200: jsonResponse(BacklinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, fileId } = c.req.valid("param");
    const t = await changeRequestLinkTarget(c, spaceId, changeRequestId);
    const target = { kind: "file" as const, id: fileId };
    return c.json(await backlinksBody(c, t, target, c.req.valid("query")), 200);
  },
);
