import type { ShareLinkRow } from "../../db/schema";
import { createRoute } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { apiUrl } from "../../lib/urls";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { presentShareLink } from "../../presenters/share-link";
import { canManageSites, resolveSite, SITE_ROLES, type SiteNeed } from "../../auth/site";
import {
  createShareLink,
  deleteShareLink,
  shareLinkQuery,
  shareLinksCountQuery,
  shareLinksPageQuery,
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

/** The share links of a site: list, create, update, delete. */
export const shareLinkRoutes = createRouter();

const READ: SiteNeed = {
  scope: "site:auth:read",
  minimum: SITE_ROLES.read,
  action: "list share links",
};
const WRITE: SiteNeed = {
  scope: "site:auth:write",
  minimum: SITE_ROLES.manage,
  action: "manage share links",
};

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
    const scope = `share-links:${siteId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const db = c.var.db;
    // A search matches keys only for those who may see them; the role comes from the same
    // batch, so both variants are read (a searched list is small and indexed by site).
    const variants = search
      ? [false, true].flatMap((byKey) => [
          shareLinksPageQuery(db, siteId, limit, after, { text: search, byKey }),
          shareLinksCountQuery(db, siteId, { text: search, byKey }),
        ])
      : [shareLinksPageQuery(db, siteId, limit, after)];
    const { site, role, extra } = await resolveSite(c, organizationId, siteId, READ, variants);
    const showKeys = canManageSites(role);
    const at = search && showKeys ? 2 : 0;
    const rows = extra[at] as ShareLinkRow[];
    const counted = search ? (extra[at + 1] as { n: number }[])[0]?.n : undefined;
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows,
      limit,
      count: counted ?? site.shareLinksCount,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentShareLink(c, site, r, showKeys),
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
    const { site } = await resolveSite(c, organizationId, siteId, WRITE);
    const row = await createShareLink(c.var.db, siteId, name);
    c.header(
      "Location",
      apiUrl(c, `/orgs/${organizationId}/sites/${siteId}/share-links/${row.id}`),
    );
    return c.json(presentShareLink(c, site, row, true), 201);
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
    const { site, extra } = await resolveSite(c, organizationId, siteId, WRITE, [
      shareLinkQuery(c.var.db, siteId, shareLinkId),
    ]);
    const found = extra[0][0];
    if (!found) throw notFound("Share link");
    const row = await updateShareLink(c.var.db, found, patch);
    if (!row) throw notFound("Share link");
    return c.json(presentShareLink(c, site, row, true), 200);
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
    await resolveSite(c, organizationId, siteId, WRITE);
    await deleteShareLink(c.var.db, siteId, shareLinkId);
    return c.body(null, 204);
  },
);
