import { createRoute } from "@hono/zod-openapi";
import { requireIntegrationAdmin, resolveIntegration } from "../../auth/integration";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, noContent } from "../../api-document/common";
import { IntegrationParams } from "../../api/integrations";
import { DevModeBody } from "../../api/integration-events";
import { disableDevMode, enableDevMode } from "../../services/integrations/dev-mode";

/** Development mode: events delivered to a tunnel (`gitbook dev`) instead of the script. */
export const integrationDevRoutes = createRouter();

integrationDevRoutes.openapi(
  createRoute({
    method: "put",
    path: "/integrations/{integrationName}/dev",
    tags: ["integrations"],
    summary: "Send an integration's events to a development tunnel",
    request: { params: IntegrationParams, body: jsonBody(DevModeBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const { tunnelUrl, all } = c.req.valid("json");
    const access = await resolveIntegration(c, integrationName, "integration:publish");
    requireIntegrationAdmin(access, "change its development mode");
    await enableDevMode(c.get("db"), access.integration.id, tunnelUrl, all);
    return c.body(null, 204);
  },
);

integrationDevRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/integrations/{integrationName}/dev",
    tags: ["integrations"],
    summary: "Send an integration's events to its published script again",
    request: { params: IntegrationParams },
    // The official status (disableIntegrationDevelopmentMode answers 205, not 204).
    responses: { 205: { description: "Reset Content" }, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const access = await resolveIntegration(c, integrationName, "integration:publish");
    requireIntegrationAdmin(access, "change its development mode");
    await disableDevMode(c.get("db"), access.integration.id);
    return c.body(null, 205);
  },
);
