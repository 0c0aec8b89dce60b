import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { collectionRoutes } from "./collection";
import { moveRoutes } from "./move";
import { orgCollectionRoutes } from "./org-collections";

/** Mounts the collections routes under /v1. */
export function mountCollections(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", orgCollectionRoutes);
  app.route("/v1", collectionRoutes);
  app.route("/v1", moveRoutes);
}
