import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { exportRoutes } from "./exports";

/** Whole spaces in and out: exports as Git Sync repositories, GitBook's import runs. */
export function mountSpacesIo(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", exportRoutes);
}
