import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireScope } from "../../auth/organization";
import { callerFromResult, callerQuery } from "../../auth/caller";
import { membershipQuery } from "../../auth/organization";
import { membershipFrom } from "../../auth/content-role";
import { atLeast } from "../../lib/roles";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse } from "../../openapi/common";
import { presentSite } from "../../presenters/site";
import { presentPublishedSite } from "../../presenters/site-publishing";
import {
  shareLinkByKeyQuery,
  visitorAccess,
  visitorShows,
  visitorTree,
} from "../../auth/published";
import { resolveSite, siteQuery, SITE_ROLES } from "../../auth/site";
import { siteAuthQuery } from "../../services/sites/visitor-auth";
import { setPublished } from "../../services/sites/sites";
import { siteTreeFrom, siteTreeQueries } from "../../services/sites/tree";
import { SiteParams, SiteSchema } from "../../api/sites";
import { PublishedQuery, PublishedSiteSchema } from "../../api/sites-publishing";

/** Publishing a site, and reading what it publishes. */
export const publishingRoutes = createRouter();

/** Publishes (true) or unpublishes (false) the site of the request, as its manager. */
function publishHandler(published: boolean) {
  return async (c: Context<AppEnv>, organizationId: string, siteId: string) => {
    const { site, role } = await resolveSite(c, organizationId, siteId, {
      scope: "site:publish",
      minimum: SITE_ROLES.manage,
      action: `${published ? "publish" : "unpublish"} sites`,
    });
    const row = await setPublished(c.var.db, site, published);
    return presentSite(c, row, role);
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
      "the site's visitor-auth key, with `exp`. Everything else is 404.",
    request: { params: SiteParams, query: PublishedQuery },
    responses: { 200: jsonResponse(PublishedSiteSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { shareKey, visitorAuthToken } = c.req.valid("query");
    const db = c.var.db;
    const [callerRows, memberRows, siteRows, links, auths, ...treeRows] = await db.batch([
      callerQuery(c),
      membershipQuery(c, organizationId),
      siteQuery(c, organizationId, siteId),
      shareLinkByKeyQuery(db, siteId, shareKey),
      siteAuthQuery(db, siteId),
      ...siteTreeQueries(c, siteId),
    ]);
    const caller = callerFromResult(c, callerRows);
    requireScope(caller, "site:read");
    const site = siteRows[0];
    // One 404 for every refusal, identical to a site (or organization) that does not exist.
    if (!site) throw notFound("Site");
    const member = membershipFrom(memberRows);
    const reader = member && !member.isGuest && atLeast(member.orgRole, SITE_ROLES.read);
    const tree = siteTreeFrom(site, reader ? member : null, treeRows);
    if (reader) {
      const view = { c, tree, shareKey };
      return c.json(presentPublishedSite(view, member.orgRole, false), 200);
    }
    const visitor = await visitorAccess(
      site,
      { shareKey, visitorToken: visitorAuthToken },
      links,
      auths[0],
    );
    if (!visitor.allowed) throw notFound("Site");
    const view = {
      c,
      tree: visitorTree(tree),
      shareKey,
      shows: visitorShows(site, visitor.claims),
    };
    return c.json(presentPublishedSite(view, null, true), 200);
  },
);
