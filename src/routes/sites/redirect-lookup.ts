import { createRoute } from "@hono/zod-openapi";
import { notFound } from "../../lib/errors";
import { matchSource } from "../../lib/site-redirects";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { readerDigest } from "../../auth/caller";
import { resolvePublishedSite } from "../../auth/published";
import { siteKeyOf } from "../../auth/site-reader";
import { presentSiteRedirect, redirectTarget } from "../../presenters/site-redirect";
import { visitorShows } from "../../services/sites/conditions";
import { livePagePath } from "../../services/sites/redirect-destinations";
import { redirectCandidatesQuery } from "../../services/sites/redirects";
import { siteTreeFrom, siteTreeStatements, visitorTree } from "../../services/sites/tree";
import { SiteParams } from "../../api/sites";
import {
  SiteRedirectLookupQuery,
  SiteRedirectLookupSchema,
  type SiteRedirectDestination,
} from "../../api/site-redirects";
import { viewOf } from "./load";

/** The lookup of a site's live redirect by a requested path (what a renderer asks on a 404). */
export const redirectLookupRoutes = createRouter();

redirectLookupRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/redirect",
    tags: ["sites"],
    summary: "Resolve the live redirect matching a source path, and the URL it leads to",
    description:
      "Readable by the site's members and by whoever may read the published site (as for " +
      "`GET …/published`: share key, visitor JWT, site token, or anonymously for public sites). " +
      "The exact source wins, else the longest wildcard source (`/docs/*`); a capturing " +
      "wildcard appends the rest of the path to the target. Draft redirects are not live. " +
      "404 when none matches, or when its destination is not in the site as the reader sees it.",
    request: { params: SiteParams, query: SiteRedirectLookupQuery },
    responses: {
      200: jsonResponse(SiteRedirectLookupSchema, "The redirect and its target"),
      ...errorResponses(400, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { source, visitorAuthToken } = c.req.valid("query");
    const shareKey = c.req.valid("query").shareKey ?? siteKeyOf(c);
    const db = c.get("db");
    const access = await resolvePublishedSite(
      c,
      organizationId,
      siteId,
      { shareKey, visitorToken: visitorAuthToken },
      {
        with: {
          ...siteTreeStatements(db, readerDigest(c), siteId, shareKey),
          candidates: redirectCandidatesQuery(db, siteId, source),
        },
      },
    );
    const { site, reader, results } = access;
    const candidates = results.candidates;
    const match = matchSource(
      source,
      candidates.map((r) => r.source),
    );
    const row = match && candidates.find((r) => r.source === match.source);
    if (!match || !row) throw notFound("Site redirect");
    // Targets are where the site publishes them, also while a member reads it unpublished.
    const tree = siteTreeFrom(site, reader, results);
    const shown = { ...tree, site: { ...tree.site, published: true } };
    const view = reader
      ? viewOf(c, shown, shareKey)
      : { ...viewOf(c, visitorTree(shown), shareKey), shows: visitorShows(site, access.claims) };
    const destination = row.destination as SiteRedirectDestination;
    let pagePath: string | null = null;
    if (destination.kind === "site-page") {
      const siteSpace = tree.siteSpaces.find((ss) => ss.id === destination.siteSpaceId);
      const space = siteSpace && tree.spaces.get(siteSpace.spaceId)?.space;
      if (space) pagePath = await livePagePath(db, space, destination.pageId);
    }
    const target = redirectTarget(view, row, match.rest, pagePath);
    if (target === undefined) throw notFound("Site redirect");
    return c.json({ redirect: presentSiteRedirect(row), target }, 200);
  },
);
