import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { exportRoutes } from "./exports";
import { importRoutes } from "./imports";
import { uploadRoutes } from "./uploads";

/** Whole spaces in and out: exports as Git Sync repositories, GitBook's import runs. */
export function mountSpacesIo(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", exportRoutes);
  app.route("/v1", importRoutes);
  app.route("/v1", uploadRoutes);
}
