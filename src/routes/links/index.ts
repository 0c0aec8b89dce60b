import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { linkRoutes } from "./link-routes";
import { changeRequestMount, spaceMount } from "./mounts";

/** Mounts the link and backlink lists (main content and change requests) under /v1. */
export function mountLinks(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", linkRoutes(spaceMount));
  app.route("/v1", linkRoutes(changeRequestMount));
}
