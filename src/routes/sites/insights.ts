import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { resolvePublishedSite } from "../../auth/published";
import { resolveSite } from "../../auth/site";
import { siteKeyOf } from "../../auth/site-reader";
import { countersOf, trackCounters } from "../../services/sites/insights";
import { aggregateSiteEvents } from "../../services/sites/insights-query";
import { SiteParams } from "../../api/sites";
import { PublishedQuery } from "../../api/sites-publishing";
import {
  AggregateSiteEventsBody,
  AggregateSiteEventsResult,
  TrackSiteEventsBody,
} from "../../api/site-insights";
import { READ_STRUCTURE } from "./load";
import { readerOperation } from "../../http/route-facts";

/** Site insights: readers track events (kept as bounded counters), members aggregate them. */
export const insightsRoutes = createRouter();

/** No token, or any bearer token (a site API token): the OpenAPI security of the visitors' writes. */
const OPEN_TO_VISITORS: Record<string, string[]>[] = [{}, { bearer: [] }];

insightsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/insights/events",
    middleware: [readerOperation("anonymous")],
    // Open to the site's visitors: no token, or a site API token (src/middleware/auth.ts).
    security: OPEN_TO_VISITORS,
    tags: ["sites"],
    summary: "Track events of a published site (page views, feedback, searches…)",
    description:
      "Whoever may read the published site (as for `GET …/published`) may track its events, at " +
      "most 50 per request. Events are not kept: each increments a daily counter of its type, " +
      "site space, page and, for page feedback, rating (at most 5,000 counters a site a day; " +
      "beyond, new ones count under the overflow counter whose site space and page are `*`).",
    request: { params: SiteParams, query: PublishedQuery, body: jsonBody(TrackSiteEventsBody) },
    responses: { ...noContent, ...errorResponses(400, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { visitorAuthToken } = c.req.valid("query");
    const shareKey = c.req.valid("query").shareKey ?? siteKeyOf(c);
    const { events } = c.req.valid("json");
    const counters = countersOf(events);
    // Only the site is used: members, visitors and site tokens track alike.
    const { site } = await resolvePublishedSite(c, organizationId, siteId, {
      shareKey,
      visitorToken: visitorAuthToken,
    });
    await trackCounters(c.get("db"), site.id, counters);
    return c.body(null, 204);
  },
);

insightsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/insights/events/aggregate",
    tags: ["sites"],
    summary: "Aggregate a site's tracked events over a range of days",
    description:
      "Answers from the daily counters: group by `datetime` (day, week, month), `eventType`, " +
      "`siteSpace`, `page`; select those and `eventsCount`, `pageFeedbackRating`; filter " +
      "`eventType`, `siteSpace` (in, notIn) and `datetime`. Other columns are not kept: 400 " +
      "naming them. Members with the read role.",
    request: { params: SiteParams, body: jsonBody(AggregateSiteEventsBody) },
    responses: {
      200: jsonResponse(AggregateSiteEventsResult, "Aggregated events"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const query = c.req.valid("json");
    await resolveSite(c, organizationId, siteId, READ_STRUCTURE);
    return c.json(await aggregateSiteEvents(c.get("db"), siteId, query), 200);
  },
);
