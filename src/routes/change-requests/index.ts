import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { changeRequestRoutes } from "./change-requests";
import { contentRoutes } from "./content";
import { liveRoutes } from "./live";
import { changeRequestListRoutes } from "./lists";
import { mergeRoutes } from "./merge";
import { requestedReviewerRoutes } from "./requested-reviewers";
import { reviewRoutes } from "./reviews";

/** Mounts the change-request routes (lists, one change request, merge, content, reviews) under /v1. */
export function mountChangeRequests(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", changeRequestListRoutes);
  app.route("/v1", changeRequestRoutes);
  app.route("/v1", mergeRoutes);
  app.route("/v1", contentRoutes);
  app.route("/v1", liveRoutes);
  app.route("/v1", reviewRoutes);
  app.route("/v1", requestedReviewerRoutes);
}
