import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import {
  documentBody,
  type DocumentRead,
  fileBody,
  filesBody,
  pageAtTarget,
  pageBody,
  type PageRead,
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
  RevisionQuery,
  TreeQuery,
} from "../../api/content";
import type { ContentTarget } from "../../auth/content-target";
import { fixedByRevision } from "../../http/route-facts";

/** The path parameters of a mount: strings by name (`spaceId`, `fileId`, ...). */
type Params = Record<string, string>;

/** The params schemas of a mount's reads: its root, and the root with a file, page or path. */
interface MountParams {
  root: z.ZodObject;
  file: z.ZodObject;
  page: z.ZodObject;
  path: z.ZodObject;
}

/** The summaries of a mount's reads, as documented. */
interface MountSummaries {
  revision: string;
  pages: string;
  files: string;
  file: string;
  page: string;
  /** Only where the page's JSON document is served on its own (a revision). */
  document?: string;
  path: string;
}

/**
 * Where one set of content reads is mounted: its OpenAPI path root (the Revision read itself;
 * the other reads are under it), params, tags and summaries, and how the path's params resolve
 * to the content and the caller's access (`src/auth/content-target.ts`).
 */
export interface ContentMount {
  root: string;
  tags: string[];
  params: MountParams;
  summaries: MountSummaries;
  target: (c: Context<AppEnv>, params: Params) => Promise<ContentTarget>;
  /** A page by id and its target (default: the target, then the page: two round trips). */
  page?: (c: Context<AppEnv>, params: Params, pageId: string) => Promise<PageRead>;
  /** A page's document and its target (only where the document is served: a revision). */
  document?: (c: Context<AppEnv>, params: Params, pageId: string) => Promise<DocumentRead>;
  /**
   * Whether the reads under the root (not the root itself: it shows the change request merged
   * into the revision, which lives on) are fixed by the revision (`fixedByRevision`): a stored
   * revision's, not main's or a change request's, whose content moves.
   */
  fixedByRevision?: boolean;
}

const errors = errorResponses(400, 403, 404);

/**
 * The content reads of one mount (main, a change request, a revision), declared once: the
 * Revision, its pages, its files, a file, a page by id (and its document, for a revision), a page
 * by path, and the path alias that keeps slashes unencoded.
 */
export function contentReadRoutes(mount: ContentMount) {
  const router = createRouter();
  const { root, tags, params, summaries: summary } = mount;
  const paramsOf = (c: Context<AppEnv>) => c.req.valid("param" as never) as Params;
  const readPage = mount.page ?? pageAtTarget(mount.target);
  // The facts of the reads under the root.
  const middleware = mount.fixedByRevision ? [fixedByRevision("spaceId")] : [];

  router.openapi(
    createRoute({
      method: "get",
      path: root,
      tags,
      summary: summary.revision,
      request: { params: params.root, query: TreeQuery },
      responses: { 200: jsonResponse(RevisionSchema, "OK"), ...errors },
    }),
    async (c) => {
      const withBodies = c.req.valid("query").bodies !== false;
      return c.json(await revisionBody(c, await mount.target(c, paramsOf(c)), withBodies), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${root}/pages`,
      middleware,
      tags,
      summary: summary.pages,
      request: { params: params.root, query: TreeQuery },
      responses: { 200: jsonResponse(PagesSchema, "OK"), ...errors },
    }),
    async (c) => {
      const withBodies = c.req.valid("query").bodies !== false;
      return c.json(await pagesBody(c, await mount.target(c, paramsOf(c)), withBodies), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${root}/files`,
      middleware,
      tags,
      summary: summary.files,
      request: { params: params.root, query: FilesQuery },
      responses: { 200: jsonResponse(listOf(RevisionFileSchema), "OK"), ...errors },
    }),
    async (c) => {
      const t = await mount.target(c, paramsOf(c));
      return c.json(await filesBody(c, t, c.req.valid("query")), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${root}/files/{fileId}`,
      middleware,
      tags,
      summary: summary.file,
      request: { params: params.file, query: RevisionQuery },
      responses: { 200: jsonResponse(RevisionFileSchema, "OK"), ...errors },
    }),
    async (c) => {
      const p = paramsOf(c);
      return c.json(await fileBody(c, await mount.target(c, p), p.fileId!), 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: `${root}/page/{pageId}`,
      middleware,
      tags,
      summary: summary.page,
      request: { params: params.page, query: PageQuery },
      responses: { 200: jsonResponse(RevisionPageSchema, "OK"), ...errors },
    }),
    async (c) => {
      const p = paramsOf(c);
      const query = c.req.valid("query");
      return c.json(await pageBody(c, await readPage(c, p, p.pageId!), query), 200);
    },
  );

  const readDocument = mount.document;
  if (summary.document !== undefined && readDocument) {
    router.openapi(
      createRoute({
        method: "get",
        path: `${root}/page/{pageId}/document`,
        middleware,
        tags,
        summary: summary.document,
        request: { params: params.page, query: DocumentQuery },
        responses: { 200: jsonResponse(JsonDocumentSchema, "OK"), ...errors },
      }),
      async (c) => {
        const p = paramsOf(c);
        const read = await readDocument(c, p, p.pageId!);
        return c.json(await documentBody(c, read, c.req.valid("query")), 200);
      },
    );
  }

  router.openapi(
    createRoute({
      method: "get",
      path: `${root}/path/{pagePath}`,
      middleware,
      tags,
      summary: summary.path,
      request: { params: params.path, query: PathQuery },
      responses: { 200: jsonResponse(PathPageSchema, "OK"), ...errors },
    }),
    async (c) => {
      const p = paramsOf(c);
      const query = c.req.valid("query");
      return c.json(await pathBody(c, await mount.target(c, p), p.pagePath!, query), 200);
    },
  );

  const alias = `${root.replace(/\{([A-Za-z0-9_]+)\}/g, ":$1")}/path/*`;
  mountPathAlias(router, alias, params.root, (c, p) => mount.target(c, p as Params), middleware);
  return router;
}
