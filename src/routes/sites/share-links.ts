import { createRoute } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentShareLink } from "../../presenters/share-link";
import { resolveSite } from "../../auth/site";
import {
  resolveShareLink,
  SHARE_LINKS_READ,
  SHARE_LINKS_WRITE,
  shareLinkPermissions,
} from "../../auth/share-link";
import {
  createShareLink,
  deleteShareLink,
  shareLinkListPlan,
  updateShareLink,
} from "../../services/sites/share-links";
import { SiteParams } from "../../api/sites";
import {
  CreateShareLinkBody,
  ListShareLinksQuery,
  ShareLinkParams,
  ShareLinkSchema,
  UpdateShareLinkBody,
} from "../../api/sites-publishing";
import { declareList, textPairKey } from "../../http/lists";

/** The share links of a site: list, create, update, delete. */
export const shareLinkRoutes = createRouter();

/** A site's share links page on (createdAt, id). */
const SHARE_LINKS = declareList((siteId: string) => `share-links:${siteId}`, textPairKey);

shareLinkRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/share-links",
    tags: ["sites"],
    summary: "List the share links of a site (keys only for those who may manage the site)",
    request: { params: SiteParams, query: ListShareLinksQuery },
    responses: {
      200: jsonResponse(listOf(ShareLinkSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { page, limit, search } = c.req.valid("query");
    const cursors = SHARE_LINKS.at(c, siteId);
    const after = await cursors.after(page);
    const reads = shareLinkListPlan(c.get("db"), siteId, { limit, after }, search);
    const { site, role, results } = await resolveSite(c, organizationId, siteId, SHARE_LINKS_READ, {
      with: reads.statements,
    });
    const showKeys = shareLinkPermissions(role).showKey;
    const { rows, count } = reads.finish(results)(showKeys);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: count ?? site.shareLinksCount,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentShareLink(urls, site, r, showKeys),
    });
    return c.json(body, 200);
  },
);

shareLinkRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/share-links",
    tags: ["sites"],
    summary: "Create an active share link with a new secret key",
    request: { params: SiteParams, body: jsonBody(CreateShareLinkBody) },
    responses: {
      201: jsonResponse(ShareLinkSchema, "The share link has been created"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { name } = c.req.valid("json");
    const { site, role } = await resolveSite(c, organizationId, siteId, SHARE_LINKS_WRITE);
    const row = await createShareLink(c.get("db"), siteId, name);
    const urls = urlsOf(c);
    c.header("Location", urls.api(`/orgs/${organizationId}/sites/${siteId}/share-links/${row.id}`));
    return c.json(presentShareLink(urls, site, row, shareLinkPermissions(role).showKey), 201);
  },
);

shareLinkRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
    tags: ["sites"],
    summary: "Rename, activate or deactivate a share link",
    request: { params: ShareLinkParams, body: jsonBody(UpdateShareLinkBody) },
    responses: { 200: jsonResponse(ShareLinkSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId, shareLinkId } = c.req.valid("param");
    const patch = c.req.valid("json");
    const { site, role, shareLink } = await resolveShareLink(
      c,
      organizationId,
      siteId,
      shareLinkId,
    );
    const row = await updateShareLink(c.get("db"), shareLink, patch);
    if (!row) throw notFound("Share link");
    const showKey = shareLinkPermissions(role).showKey;
    return c.json(presentShareLink(urlsOf(c), site, row, showKey), 200);
  },
);

shareLinkRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}",
    tags: ["sites"],
    summary: "Delete a share link; its key stops working (204 also when absent)",
    request: { params: ShareLinkParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId, shareLinkId } = c.req.valid("param");
    await resolveSite(c, organizationId, siteId, SHARE_LINKS_WRITE);
    await deleteShareLink(c.get("db"), siteId, shareLinkId);
    return c.body(null, 204);
  },
);
