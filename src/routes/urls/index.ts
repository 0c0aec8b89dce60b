import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { publishedUrlRoutes } from "./published";

/** Mounts URL resolution (`POST /v1/urls/published`) under /v1. */
export function mountUrls(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", publishedUrlRoutes);
}
