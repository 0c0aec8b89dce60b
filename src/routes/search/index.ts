import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { spaceSearchRoutes } from "./space-search";
import { siteSearchRoutes } from "./site-search";

/**
 * Mounts the space and site searches under /v1. The organization search route belongs to the
 * organizations area and runs `orgSearchPlan` and `orgSearchPage`
 * (src/services/search/org-search.ts).
 */
export function mountSearch(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", spaceSearchRoutes);
  app.route("/v1", siteSearchRoutes);
}
