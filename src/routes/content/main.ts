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
  FilesQuery,
  PageQuery,
  PathQuery,
  RevisionQuery,
  SpaceContentParams,
  SpaceFileParams,
  SpacePageParams,
  SpacePathParams,
} from "../../api/content";
import { mainTarget } from "../../auth/content-target";

/** Reads of a space's main content at its head revision (spec §4.3). */
export const mainContentRoutes = createRouter();

const tags = ["space-content"];

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content",
    tags,
    summary: "Get the current revision of a space: its pages and files",
    request: { params: SpaceContentParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const t = await mainTarget(c, c.req.valid("param").spaceId);
    return c.json(await revisionBody(c, t), 200);
  },
);

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/pages",
    tags,
    summary: "List the pages of a space's current revision, as a tree",
    request: { params: SpaceContentParams, query: RevisionQuery },
    responses: { 200: jsonResponse(PagesSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const t = await mainTarget(c, c.req.valid("param").spaceId);
    return c.json(await pagesBody(c, t), 200);
  },
);

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/files",
    tags,
    summary: "List the files of a space's current revision",
    request: { params: SpaceContentParams, query: FilesQuery },
    responses: {
      200: jsonResponse(listOf(RevisionFileSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const t = await mainTarget(c, c.req.valid("param").spaceId);
    return c.json(await filesBody(c, t, c.req.valid("query")), 200);
  },
);

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/files/{fileId}",
    tags,
    summary: "Get a file of a space's current revision",
    request: { params: SpaceFileParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionFileSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, fileId } = c.req.valid("param");
    const t = await mainTarget(c, spaceId);
    return c.json(await fileBody(c, t, fileId), 200);
  },
);

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/page/{pageId}",
    tags,
    summary: "Get a page of a space's current revision, with its body",
    request: { params: SpacePageParams, query: PageQuery },
    responses: { 200: jsonResponse(RevisionPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, pageId } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await mainTarget(c, spaceId);
    return c.json(await pageBody(c, t, pageId, query), 200);
  },
);

mainContentRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/path/{pagePath}",
    tags,
    summary: "Get a page of a space's current revision by its path",
    request: { params: SpacePathParams, query: PathQuery },
    responses: { 200: jsonResponse(PathPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, pagePath } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await mainTarget(c, spaceId);
    return c.json(await pathBody(c, t, pagePath, query), 200);
  },
);

mountPathAlias(mainContentRoutes, "/spaces/:spaceId/content/path/*", SpaceContentParams, (c, p) =>
  mainTarget(c, p.spaceId),
);
