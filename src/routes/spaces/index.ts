import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { lifecycleRoutes } from "./lifecycle";
import { moveRoutes } from "./move";
import { orgSpaceRoutes } from "./org-spaces";
import { spaceRoutes } from "./space";

/** Mounts the spaces routes under /v1. */
export function mountSpaces(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", orgSpaceRoutes);
  app.route("/v1", spaceRoutes);
  app.route("/v1", lifecycleRoutes);
  app.route("/v1", moveRoutes);
}
