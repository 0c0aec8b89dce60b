import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";

/** Mounts the teams routes under /v1. */
export function mountTeams(app: OpenAPIHono<AppEnv>) {
  void app;
}
