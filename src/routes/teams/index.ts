import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { teamMemberRoutes } from "./members";
import { teamRoutes } from "./teams";

/** Mounts the teams and team members routes under /v1. */
export function mountTeams(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", teamRoutes);
  app.route("/v1", teamMemberRoutes);
}
