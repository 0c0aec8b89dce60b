import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { changeRequestContentRoutes } from "./change-request";
import { downloadRoutes } from "./downloads";
import { mainContentRoutes } from "./main";
import { revisionRoutes } from "./revisions";
import { templateRoutes } from "./template";

/** Mounts the content reads (main, change request, revisions) and the signed download under /v1. */
export function mountContent(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", mainContentRoutes);
  app.route("/v1", changeRequestContentRoutes);
  app.route("/v1", revisionRoutes);
  app.route("/v1", templateRoutes);
  app.route("/v1", downloadRoutes);
}
