import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { collectionPermissionRoutes, spacePermissionRoutes } from "./content-permissions";
import { sitePermissionRoutes } from "./site-permissions";

/** Mounts the space, collection and site permission routes under /v1. */
export function mountPermissions(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", spacePermissionRoutes);
  app.route("/v1", collectionPermissionRoutes);
  app.route("/v1", sitePermissionRoutes);
}
