import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { collectionPermissionRoutes, spacePermissionRoutes } from "./content-permissions";

/** Mounts the space and collection permission routes under /v1. */
export function mountPermissions(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", spacePermissionRoutes);
  app.route("/v1", collectionPermissionRoutes);
}
