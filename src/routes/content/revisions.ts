import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse, listOf } from "../../openapi/common";
import {
  documentBody,
  fileBody,
  filesBody,
  pageBody,
  pagesBody,
  pathBody,
  revisionBody,
} from "./handlers";
import { mountPathAlias } from "./path-alias";
import {
  JsonDocumentSchema,
  PagesSchema,
  PathPageSchema,
  RevisionFileSchema,
  RevisionPageSchema,
  RevisionSchema,
} from "../../api/content-responses";
import {
  DocumentQuery,
  FilesQuery,
  PageQuery,
  PathQuery,
  RevisionFileParams,
  RevisionPageParams,
  RevisionParams,
  RevisionPathParams,
  RevisionQuery,
} from "../../api/content";
import { revisionTarget } from "../../auth/content-target";

/** Reads of any stored revision of a space, so its history can be read. */
export const revisionRoutes = createRouter();

const tags = ["spaces"];

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}",
    tags,
    summary: "Get a revision of a space: its pages and files",
    request: { params: RevisionParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, revisionId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await revisionBody(c, t), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/pages",
    tags,
    summary: "List the pages of a revision, as a tree",
    request: { params: RevisionParams, query: RevisionQuery },
    responses: { 200: jsonResponse(PagesSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, revisionId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await pagesBody(c, t), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/files",
    tags,
    summary: "List the files of a revision",
    request: { params: RevisionParams, query: FilesQuery },
    responses: {
      200: jsonResponse(listOf(RevisionFileSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId, revisionId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await filesBody(c, t, c.req.valid("query")), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}",
    tags,
    summary: "Get a file of a revision",
    request: { params: RevisionFileParams, query: RevisionQuery },
    responses: { 200: jsonResponse(RevisionFileSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, revisionId, fileId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await fileBody(c, t, fileId), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}",
    tags,
    summary: "Get a page of a revision, with its body",
    request: { params: RevisionPageParams, query: PageQuery },
    responses: { 200: jsonResponse(RevisionPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, revisionId, pageId } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await pageBody(c, t, pageId, query), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document",
    tags,
    summary: "Get the JSON document of a page in a revision",
    request: { params: RevisionPageParams, query: DocumentQuery },
    responses: { 200: jsonResponse(JsonDocumentSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    c.req.valid("query");
    const { spaceId, revisionId, pageId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await documentBody(c, t, pageId), 200);
  },
);

revisionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}",
    tags,
    summary: "Get a page of a revision by its path",
    request: { params: RevisionPathParams, query: PathQuery },
    responses: { 200: jsonResponse(PathPageSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId, revisionId, pagePath } = c.req.valid("param");
    const query = c.req.valid("query");
    const t = await revisionTarget(c, spaceId, revisionId);
    return c.json(await pathBody(c, t, pagePath, query), 200);
  },
);

mountPathAlias(
  revisionRoutes,
  "/spaces/:spaceId/revisions/:revisionId/path/*",
  RevisionParams,
  (c, p) => revisionTarget(c, p.spaceId, p.revisionId),
);
