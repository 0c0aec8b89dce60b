import { createRoute } from "@hono/zod-openapi";
import { requireIntegrationAdmin, resolveIntegration } from "../../auth/integration";
import { notFound } from "../../lib/errors";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { IntegrationParams } from "../../api/integrations";
import {
  IntegrationEventDetailSchema,
  IntegrationEventParams,
  IntegrationEventSchema,
} from "../../api/integration-events";
import {
  presentIntegrationEvent,
  presentIntegrationEventDetail,
} from "../../presenters/integration-event";
import {
  eventPlan,
  eventsPagePlan,
  integrationIdByName,
} from "../../services/integrations/event-reads";
import { declareList, textPairKey } from "../../http/lists";

/** An integration's events, newest first, and one event with its trace (owners' admins only). */
export const integrationEventRoutes = createRouter();

/** An integration's events page on (createdAt, id), newest first. */
const EVENTS = declareList(
  (integrationName: string) => `integration-events:${integrationName}`,
  textPairKey,
);

integrationEventRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations/{integrationName}/events",
    tags: ["integrations"],
    summary: "List the events dispatched to an integration",
    request: { params: IntegrationParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(IntegrationEventSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = EVENTS.at(c, integrationName);
    const after = await cursors.after(page);
    const list = eventsPagePlan(c.get("db"), integrationIdByName(integrationName), limit, after);
    const access = await resolveIntegration(c, integrationName, "integration:read", {
      with: list.statements,
    });
    requireIntegrationAdmin(access, "see its events");
    const { rows, count } = list.finish(access.results);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: presentIntegrationEvent,
    });
    return c.json(body, 200);
  },
);

integrationEventRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations/{integrationName}/events/{eventId}",
    tags: ["integrations"],
    summary: "Get an integration event with the script's log lines",
    request: { params: IntegrationEventParams },
    responses: {
      200: jsonResponse(IntegrationEventDetailSchema, "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { integrationName, eventId } = c.req.valid("param");
    const read = eventPlan(c.get("db"), integrationIdByName(integrationName), eventId);
    const access = await resolveIntegration(c, integrationName, "integration:read", {
      with: read.statements,
    });
    requireIntegrationAdmin(access, "see its events");
    const row = read.finish(access.results);
    if (!row) throw notFound("Integration event");
    return c.json(presentIntegrationEventDetail(row), 200);
  },
);
