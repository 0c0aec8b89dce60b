import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { assetRoutes } from "./assets";
import { installationRoutes } from "./installations";
import { integrationRoutes } from "./integrations";
import { integrationListRoutes } from "./lists";
import { targetRoutes } from "./targets";
import { targetListRoutes } from "./target-lists";
import { integrationEventRoutes } from "./events";
import { integrationDevRoutes } from "./dev";
import { publicEndpointRoutes } from "./public-endpoint";

/** Mounts the integrations routes under /v1, and their signed asset route at the root. */
export function mountIntegrations(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", integrationRoutes);
  app.route("/v1", installationRoutes);
  app.route("/v1", targetRoutes);
  app.route("/v1", targetListRoutes);
  app.route("/v1", integrationListRoutes);
  app.route("/", assetRoutes);
  app.route("/v1", integrationEventRoutes);
  app.route("/v1", integrationDevRoutes);
  app.route("/v1", publicEndpointRoutes);
}
