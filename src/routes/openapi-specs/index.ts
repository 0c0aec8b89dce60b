import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { publishedSpecRoutes } from "./published";
import { specRoutes } from "./specs";
import { specVersionRoutes } from "./versions";

/** Mounts the API specification routes under /v1 (the published copy needs no token). */
export function mountOpenAPISpecs(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", specRoutes);
  app.route("/v1", specVersionRoutes);
  app.route("/v1", publishedSpecRoutes);
}
