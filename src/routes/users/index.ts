import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { emailChangeRoutes } from "./email";
import { tokenRoutes } from "./tokens";
import { userRoutes } from "./user";

/** Mounts the user, token and address-change routes under /v1. */
export function mountUsers(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", userRoutes);
  app.route("/v1", tokenRoutes);
  app.route("/v1", emailChangeRoutes);
}
