import { z } from "@hono/zod-openapi";

/** At most this many events per tracking request (the official body has no bound). */
const MAX_EVENTS_PER_REQUEST = 50;

/** An id of the event's location (site space, page, …): bounded, no `*` (the overflow marker). */
const LocationId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "must be an id (letters, digits, - and _)")
  .nullable();

const Text = z.string().max(2048);

/** Official SiteInsightsEventBase: the visitor's session and where the event happened. */
const EventBase = z.object({
  session: z.object({
    visitorId: z.string().max(128),
    sessionId: z.string().max(128),
    cookies: z.record(z.string().max(256), z.string().max(4096)),
    ip: z.string().max(64).optional(),
    userAgent: Text,
    language: z.string().max(64).nullable(),
    referrer: z.union([z.null(), z.literal(""), z.url().max(2048)]),
    visitorAuthToken: z.string().max(8192).nullable().optional(),
    visitorAuthClaims: z.record(z.string(), z.unknown()).optional(),
  }),
  location: z.object({
    url: z.url().max(2048),
    displayContext: z.enum(["site", "server", "embed", "mcp"]).optional(),
    siteSection: LocationId,
    siteSpace: LocationId,
    siteShareKey: z.string().max(128).nullable(),
    space: LocationId,
    revision: LocationId,
    page: LocationId,
  }),
  timestamp: z.iso.datetime({ offset: true }).optional(),
});

const Rating = z.enum(["bad", "ok", "good"]);
const Pointer = z.object({ path: Text, method: z.string().max(16) });
const Ad = z.object({ domain: Text, zoneId: Text, placement: z.literal("aside") });

/** One type of event: the base and the type's own fields. */
const event = <T extends string, S extends z.ZodRawShape>(type: T, own: S) =>
  EventBase.extend({ type: z.literal(type), ...own });

/** Official SiteInsightsEvent: every event type, with its own required fields. */
const SiteInsightsEvent = z.discriminatedUnion("type", [
  event("page_view", {}),
  event("page_markdown_request", { markdownSource: z.literal("page-action").optional() }),
  event("search_open", {}),
  event("search_type_query", { query: Text }),
  event("search_open_result", {
    query: Text,
    result: z.union([
      z.object({ spaceId: z.string().max(64), pageId: z.string().max(64) }),
      z.object({ recordId: z.string().max(256) }),
    ]),
  }),
  event("page_post_feedback", { feedback: z.object({ rating: Rating }) }),
  event("page_post_feedback_comment", {
    feedback: z.object({ rating: Rating, comment: z.string().min(1).max(512) }),
  }),
  event("agent_feedback", {}),
  event("ask_question", { query: Text, goal: Text.optional() }),
  event("ask_view", {}),
  event("ask_rate_response", {
    query: Text,
    rating: z.union([z.literal(1), z.literal(-1)]),
    responseId: z.string().max(256),
  }),
  event("link_click", {
    link: z.object({
      target: z.looseObject({ kind: z.string().max(32) }),
      position: z.enum(["announcement", "header", "footer", "sidebar", "content"]),
    }),
  }),
  event("api_client_open", { operation: Pointer }),
  event("api_client_request", { operation: Pointer }),
  event("trademark_click", { placement: z.enum(["sidebar", "ad", "footer", "pdf", "embed"]) }),
  event("ad_click", { ad: Ad }),
  event("ad_display", { ad: Ad }),
  event("llms_request", { llmsVariant: z.enum(["standard", "full"]) }),
  event("mcp_request", {}),
  event("rss_request", {}),
]);

/** The SiteInsightsEvent wire type. */
export type SiteInsightsEventInput = z.infer<typeof SiteInsightsEvent>;

/** Body of trackEventsInSiteById. */
export const TrackSiteEventsBody = z
  .object({ events: z.array(SiteInsightsEvent).max(MAX_EVENTS_PER_REQUEST) })
  .strict();

/** A column of the official query, by name (only some can be answered: see the service). */
const Column = z.looseObject({
  column: z.string().max(64),
  interval: z.enum(["hour", "day", "week", "month"]).optional(),
});

/** Official SiteInsightsQueryEventsAggregation. */
export const AggregateSiteEventsBody = z.object({
  select: z.array(Column).max(20).optional(),
  where: z
    .array(
      z.looseObject({
        column: z.string().max(64),
        values: z.array(z.unknown()).max(100),
        operator: z
          .enum(["in", "notIn", "greaterThan", "greaterThanOrEqual", "lessThan", "lessThanOrEqual"])
          .optional(),
      }),
    )
    .max(20)
    .optional(),
  groupBy: z.array(Column).max(5).optional(),
  order: z.object({ by: Column, direction: z.enum(["asc", "desc"]) }).optional(),
  range: z.union([
    z.enum(["lastYear", "last3Months", "last30Days", "last7Days", "last24Hours"]),
    z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
  ]),
  limit: z.number().int().min(1).max(1000).default(1000),
});

/** The AggregateSiteEventsBody wire type. */
export type AggregateSiteEvents = z.infer<typeof AggregateSiteEventsBody>;

/** Official SiteInsightsQueryEventsAggregationResult: one values array per column. */
export const AggregateSiteEventsResult = z.object({
  columns: z.array(z.object({ column: z.string(), values: z.array(z.unknown()) })),
});

/** The AggregateSiteEventsResult wire type. */
export type AggregateSiteEventsAnswer = z.infer<typeof AggregateSiteEventsResult>;
