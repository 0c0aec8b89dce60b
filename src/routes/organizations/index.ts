import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";

/** Mounts the organizations routes under /v1. */
export function mountOrganizations(app: OpenAPIHono<AppEnv>) {
  void app;
}
