import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";

/** Mounts the collections routes under /v1. */
export function mountCollections(app: OpenAPIHono<AppEnv>) {
  void app;
}
