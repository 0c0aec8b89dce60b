import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { changeRequestConversationRoutes } from "./change-requests";
import { ingestRoutes } from "./ingest";
import { insightRoutes } from "./reads";

/** Mounts conversation insights (ingestion, reads) and change-request ties under /v1. */
export function mountConversations(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", ingestRoutes);
  app.route("/v1", insightRoutes);
  app.route("/v1", changeRequestConversationRoutes);
}
