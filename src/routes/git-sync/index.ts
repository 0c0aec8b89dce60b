import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { gitSyncConfigRoutes } from "./config";
import { gitSyncOperationRoutes } from "./operations";

/** Git Sync (issue 39): GitBook's import, export and info operations, and Quire's configuration. */
export function mountGitSync(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", gitSyncOperationRoutes);
  app.route("/v1", gitSyncConfigRoutes);
}
