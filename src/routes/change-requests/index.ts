import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { changeRequestRoutes } from "./change-requests";
import { contentRoutes } from "./content";
import { changeRequestListRoutes } from "./lists";
import { mergeRoutes } from "./merge";

/** Mounts the change-request routes (lists, one change request, merge, content) under /v1. */
export function mountChangeRequests(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", changeRequestListRoutes);
  app.route("/v1", changeRequestRoutes);
  app.route("/v1", mergeRoutes);
  app.route("/v1", contentRoutes);
}
