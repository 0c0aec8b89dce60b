import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse, listOf } from "../../openapi/common";
import { fileBody, filesBody, pageBody, pagesBody, pathBody, revisionBody } from "./handlers";
import { mountPathAlias } from "./path-alias";
import {
  PagesSchema,
  PathPageSchema,
  RevisionFileSchema,
  RevisionPageSchema,
  RevisionSchema,
} from "../../api/content-responses";
import {
  ChangeRequestContentParams,
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  ChangeRequestPathParams,
  FilesQuery,
  PageQuery,
  PathQuery,
  RevisionQuery,
} from "../../api/content";
import { changeRequestTarget } from "../../auth/content-target";

/** Reads of a change request's content at its working head (spec §4.6). */
export const changeRequestContentRoutes = createRouter();

const tags = ["change-requests"];

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    tags,
    summary: "Get the revision of a change request: its pages and files",
    request: { params: ChangeRequestContentParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, changeRequestId } = c.req.valid("param");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await revisionBody(c, t), 200);
  },
);

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages",
    tags,
    summary: "List the pages of a change request, as a tree",
    request: { params: ChangeRequestContentParams, query: RevisionQuery },
    responses: { 200: jsonResponse(PagesSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, changeRequestId } = c.req.valid("param");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await pagesBody(c, t), 200);
  },
);

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files",
    tags,
    summary: "List the files of a change request",
    request: { params: ChangeRequestContentParams, query: FilesQuery },
    responses: {
      200: jsonResponse(listOf(RevisionFileSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await filesBody(c, t, c.req.valid("query")), 200);
  },
);

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}",
    tags,
    summary: "Get a file of a change request",
    request: { params: ChangeRequestFileParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionFileSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, changeRequestId, fileId } = c.req.valid("param");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await fileBody(c, t, fileId), 200);
  },
);

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}",
    tags,
    summary: "Get a page of a change request, with its body",
    request: { params: ChangeRequestPageParams, query: PageQuery },
    responses: { 200: jsonResponse(RevisionPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, pageId } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await pageBody(c, t, pageId, query), 200);
  },
);

changeRequestContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/path/{pagePath}",
    tags,
    summary: "Get a page of a change request by its path",
    request: { params: ChangeRequestPathParams, query: PathQuery },
    responses: { 200: jsonResponse(PathPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, changeRequestId, pagePath } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    return c.json(await pathBody(c, t, pagePath, query), 200);
  },
);

mountPathAlias(
  changeRequestContentRoutes,
  "/spaces/:spaceId/change-requests/:changeRequestId/content/path/*",
  ChangeRequestContentParams,
  (c, p) => changeRequestTarget(c, p.spaceId, p.changeRequestId),
);
