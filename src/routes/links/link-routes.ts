import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse } from "../../openapi/common";
import { backlinksBody, linksBody, linkTarget } from "./handlers";
import type { LinkMount } from "./mounts";
import {
  BacklinkListSchema,
  BacklinksQuery,
  LinkListSchema,
  LinksQuery,
  SpaceContentParams,
} from "../../api/links";

/**
 * The link and backlink lists of a place (a space's main content or a change request), under
 * its mount: the revision's links (main only), a page's links, a page's backlinks (change
 * requests only) and a file's backlinks.
 */
export function linkRoutes(mount: LinkMount) {
  const routes = createRouter();
  const { prefix, of, tag, params } = mount;
  const page = `${prefix}/content/page/{pageId}`;
  const file = `${prefix}/content/files/{fileId}`;

  if (mount.revisionLinks) {
    routes.openapi(
      createRoute({
        method: "get",
        path: `${prefix}/links`,
        tags: [mount.revisionLinks.tag],
        summary: `List the links of ${of}, with their status`,
        request: { params: SpaceContentParams, query: LinksQuery },
        responses: { 200: jsonResponse(LinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
      }),
      async (c) => {
        const t = await linkTarget(c, c.req.valid("param"));
        return c.json(await linksBody(c, t, c.req.valid("query")), 200);
      },
    );
  }

  routes.openapi(
    createRoute({
      method: "get",
      path: `${page}/links`,
      tags: [tag],
      summary: `List the links of a page of ${of}, with their status`,
      request: { params: params.page, query: LinksQuery },
      responses: { 200: jsonResponse(LinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { pageId, ...place } = c.req.valid("param");
      const t = await linkTarget(c, place);
      return c.json(await linksBody(c, t, c.req.valid("query"), pageId), 200);
    },
  );

  if (mount.pageBacklinks) {
    routes.openapi(
      createRoute({
        method: "get",
        path: `${page}/backlinks`,
        tags: [tag],
        summary: `List the pages of ${of} that link to a page`,
        request: { params: params.page, query: BacklinksQuery },
        responses: {
          200: jsonResponse(BacklinkListSchema, "OK"),
          ...errorResponses(400, 403, 404),
        },
      }),
      async (c) => {
        const { pageId, ...place } = c.req.valid("param");
        const t = await linkTarget(c, place);
        const target = { kind: "page" as const, id: pageId };
        return c.json(await backlinksBody(c, t, target, c.req.valid("query")), 200);
      },
    );
  }

  routes.openapi(
    createRoute({
      method: "get",
      path: `${file}/backlinks`,
      tags: [tag],
      summary: `List the pages of ${of} that link to a file`,
      request: { params: params.file, query: BacklinksQuery },
      responses: { 200: jsonResponse(BacklinkListSchema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { fileId, ...place } = c.req.valid("param");
      const t = await linkTarget(c, place);
      const target = { kind: "file" as const, id: fileId };
      return c.json(await backlinksBody(c, t, target, c.req.valid("query")), 200);
    },
  );

  return routes;
}
