import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { changeRequestLinkRoutes } from "./change-request-links";
import { spaceLinkRoutes } from "./space-links";

/** Mounts the link and backlink lists (main content and change requests) under /v1. */
export function mountLinks(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", spaceLinkRoutes);
  app.route("/v1", changeRequestLinkRoutes);
}
