import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { memberRoutes } from "./members";

/** Mounts the organization member routes under /v1 (called by the organizations area). */
export function mountMembers(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", memberRoutes);
}
