import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { tokenRoutes } from "./tokens";
import { userRoutes } from "./user";

/** Mounts the user and token routes under /v1. */
export function mountUsers(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", userRoutes);
  app.route("/v1", tokenRoutes);
}
