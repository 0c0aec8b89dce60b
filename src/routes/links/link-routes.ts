import { createRoute, type RouteConfig, type z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { backlinksBody, linksBody } from "./handlers";
import type { LinkMount } from "./mounts";
import {
  BacklinkListSchema,
  BacklinksQuery,
  LinkListSchema,
  LinksQuery,
  SpaceContentParams,
} from "../../api/links";

/** What a list operation describes: where it is, its tag and summary, what it takes. */
interface ListOperation<R> {
  path: string;
  tag: string;
  summary: string;
  request: R;
}

/** A GET of a LIST of links or backlinks: its 200 in `schema`, and the errors it answers. */
function listRoute<R extends NonNullable<RouteConfig["request"]>, S extends z.ZodType>(
  op: ListOperation<R>,
  schema: S,
) {
  return createRoute({
    method: "get",
    path: op.path,
    tags: [op.tag],
    summary: op.summary,
    request: op.request,
    responses: { 200: jsonResponse(schema, "OK"), ...errorResponses(400, 403, 404) },
  });
}

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
    const path = `${prefix}/links`;
    const summary = `List the links of ${of}, with their status`;
    const request = { params: SpaceContentParams, query: LinksQuery };
    routes.openapi(
      listRoute({ path, tag: mount.revisionLinks.tag, summary, request }, LinkListSchema),
      async (c) => c.json(await linksBody(c, c.req.valid("param"), c.req.valid("query")), 200),
    );
  }

  const pageLinks = {
    path: `${page}/links`,
    tag,
    summary: `List the links of a page of ${of}, with their status`,
    request: { params: params.page, query: LinksQuery },
  };
  routes.openapi(listRoute(pageLinks, LinkListSchema), async (c) => {
    const { pageId, ...place } = c.req.valid("param");
    return c.json(await linksBody(c, place, c.req.valid("query"), pageId), 200);
  });

  if (mount.pageBacklinks) {
    const summary = `List the pages of ${of} that link to a page`;
    const request = { params: params.page, query: BacklinksQuery };
    routes.openapi(
      listRoute({ path: `${page}/backlinks`, tag, summary, request }, BacklinkListSchema),
      async (c) => {
        const { pageId: id, ...place } = c.req.valid("param");
        const target = { kind: "page" as const, id };
        return c.json(await backlinksBody(c, place, target, c.req.valid("query")), 200);
      },
    );
  }

  const fileBacklinks = {
    path: `${file}/backlinks`,
    tag,
    summary: `List the pages of ${of} that link to a file`,
    request: { params: params.file, query: BacklinksQuery },
  };
  routes.openapi(listRoute(fileBacklinks, BacklinkListSchema), async (c) => {
    const { fileId: id, ...place } = c.req.valid("param");
    return c.json(await backlinksBody(c, place, { kind: "file", id }, c.req.valid("query")), 200);
  });

  return routes;
}
