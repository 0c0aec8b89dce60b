import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { glossaryRoutes } from "./glossary";
import { translationRunRoutes } from "./run";
import { translationRoutes } from "./translations";

/** Mounts the translations and glossary routes under /v1. */
export function mountTranslations(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", translationRoutes);
  app.route("/v1", translationRunRoutes);
  app.route("/v1", glossaryRoutes);
}
