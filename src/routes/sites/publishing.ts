import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { readerDigest } from "../../auth/caller";
import { siteKeyOf } from "../../auth/site-reader";
import { resolvePublishedSite } from "../../auth/published";
import { resolveSite, SITE_ROLES } from "../../auth/site";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { presentSite } from "../../presenters/site";
import { presentPublishedSite } from "../../presenters/site-publishing";
import { visitorShows } from "../../services/sites/conditions";
import { setPublished } from "../../services/sites/sites";
import { siteTreeFrom, siteTreeStatements, visitorTree } from "../../services/sites/tree";
import { SiteParams, SiteSchema } from "../../api/sites";
import { PublishedQuery, PublishedSiteSchema } from "../../api/sites-publishing";
import { viewOf } from "./load";

/** Publishing a site, and reading what it publishes. */
export const publishingRoutes = createRouter();

/** Publishes (true) or unpublishes (false) the site of the request, as its manager. */
function publishHandler(published: boolean) {
  return async (c: Context<AppEnv>, organizationId: string, siteId: string) => {
    const { site, permissions } = await resolveSite(c, organizationId, siteId, {
      scope: "site:publish",
      minimum: SITE_ROLES.manage,
      action: `${published ? "publish" : "unpublish"} sites`,
    });
    const row = await setPublished(c.get("db"), site, published);
    return presentSite(urlsOf(c), row, permissions);
  };
}

const publish = publishHandler(true);
const unpublish = publishHandler(false);

publishingRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/publish",
    tags: ["sites"],
    summary: "Publish a site: it becomes reachable by the audience of its visibility",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(SiteSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    return c.json(await publish(c, organizationId, siteId), 200);
  },
);

publishingRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/unpublish",
    tags: ["sites"],
    summary: "Unpublish a site: only members can read it",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(SiteSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    return c.json(await unpublish(c, organizationId, siteId), 200);
  },
);

publishingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/published",
    tags: ["sites"],
    summary: "Get the published profile of a site: the site and its structure",
    description:
      "Members with at least the read role always may. Anyone else needs the site published and: " +
      "for public and unlisted sites, any valid API token; for share-link sites, `shareKey` of an " +
      "active share link; for visitor-auth sites, `visitorAuthToken`, a JWT signed (HS256) with " +
      "the site's visitor-auth key, with `exp`. A site API token (from `POST /v1/urls/published`) " +
      "reads its own site. Everything else is 404.",
    request: { params: SiteParams, query: PublishedQuery },
    responses: { 200: jsonResponse(PublishedSiteSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { visitorAuthToken } = c.req.valid("query");
    const shareKey = c.req.valid("query").shareKey ?? siteKeyOf(c);
    const credentials = { shareKey, visitorToken: visitorAuthToken };
    const access = await resolvePublishedSite(c, organizationId, siteId, credentials, {
      with: siteTreeStatements(c.get("db"), readerDigest(c), siteId, shareKey),
    });
    const { site, reader, permissions } = access;
    const tree = siteTreeFrom(site, reader, access.results);
    const view = reader
      ? viewOf(c, tree, shareKey)
      : { ...viewOf(c, visitorTree(tree), shareKey), shows: visitorShows(site, access.claims) };
    return c.json(presentPublishedSite(view, permissions), 200);
  },
);
