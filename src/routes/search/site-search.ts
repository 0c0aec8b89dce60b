import { createRoute } from "@hono/zod-openapi";
import { readerDigest } from "../../auth/caller";
import { resolvePublishedSite } from "../../auth/published";
import { siteKeyOf } from "../../auth/site-reader";
import { runStatements } from "../../db/plan";
import { executionContext } from "../../http/background";
import { catchUpInBackground } from "../../services/search/indexer";
import { oldIndexesQuery } from "../../services/search/index-upgrade";
import type { ListPage } from "../../http/pagination";
import { pagedQuery } from "../../http/pagination";
import { declareList } from "../../http/lists";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentSearchSpaces } from "../../presenters/search";
import { visitorShows } from "../../services/sites/conditions";
import { siteTreeFrom, siteTreeStatements } from "../../services/sites/tree";
import { spaceSearchKeySchema, spacesSearchPlan } from "../../services/search/space-search";
import {
  keepForVisitor,
  siteSearchScope,
  siteSearchSpaces,
} from "../../services/search/site-search";
import { SiteSearchBody, type SearchSpaceItem } from "../../api/search";
import { SearchSpaceResultSchema } from "../../api/organizations";
import { SiteParams } from "../../api/sites";
import { PublishedQuery } from "../../api/sites-publishing";
import { readerOperation } from "../../http/route-facts";

/** Full-text search of a published site's content (official searchSiteContent). */
export const siteSearchRoutes = createRouter();

/** A site search's results page by rank; a cursor is bound to the site, the text and the scope. */
const SITE_SEARCH = declareList(
  (siteId: string, query: string, scope: string) => `search:site:${siteId}:${query}:${scope}`,
  spaceSearchKeySchema,
);

siteSearchRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/search",
    middleware: [readerOperation("site-token")],
    tags: ["sites"],
    summary: "Full-text search across the content a site publishes",
    description:
      "Ranked pages, with their best sections, of the site's spaces in `scope` (default: each " +
      "section's default site space), grouped by space. Readers as for the published site: " +
      "members who can read it, a site API token of this site, or its audience (`shareKey`, " +
      "`visitorAuthToken`); adaptive site spaces, sections and pages follow the visitor's claims.",
    request: {
      params: SiteParams,
      query: pagedQuery.extend(PublishedQuery.shape),
      body: jsonBody(SiteSearchBody),
    },
    responses: {
      200: jsonResponse(listOf(SearchSpaceResultSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { page, limit, visitorAuthToken } = c.req.valid("query");
    const body = c.req.valid("json");
    const shareKey = c.req.valid("query").shareKey ?? siteKeyOf(c);
    const scope = siteSearchScope(body);
    const cursors = SITE_SEARCH.at(c, siteId, body.query, JSON.stringify(scope));
    const after = await cursors.after(page);
    const db = c.get("db");
    const access = await resolvePublishedSite(
      c,
      organizationId,
      siteId,
      { shareKey, visitorToken: visitorAuthToken },
      { with: siteTreeStatements(db, readerDigest(c), siteId, shareKey) },
    );
    const { site, reader } = access;
    const tree = siteTreeFrom(site, reader, access.results);
    const shows = reader ? undefined : visitorShows(site, access.claims);
    const { spaceIds, titles } = siteSearchSpaces(tree, { member: reader !== null, shows }, scope);
    const search = spacesSearchPlan(db, {
      spaceIds,
      query: body.query,
      limit,
      after,
      keep: keepForVisitor(shows),
    });
    const results = await runStatements(db, {
      ...search.statements,
      old: oldIndexesQuery(db, spaceIds),
    });
    const found = search.finish(results);
    // Spaces whose index predates tagged words are rebuilt after the answer.
    const ctx = executionContext(c);
    if (ctx) for (const { id } of results.old) catchUpInBackground(db, id, ctx);
    const more = await cursors.next(found.next);
    const answer: ListPage<SearchSpaceItem> = {
      count: found.count,
      items: presentSearchSpaces(urlsOf(c), found.items, titles),
    };
    if (more) answer.next = more;
    c.header("X-Quire-Count", found.exact ? "exact" : "at-least");
    return c.json(answer, 200);
  },
);
