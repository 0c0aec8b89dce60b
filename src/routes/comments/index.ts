import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { crCommentRoutes } from "./cr-comments";
import { crReplyRoutes } from "./cr-replies";
import { spaceCommentRoutes } from "./space-comments";
import { spaceReplyRoutes } from "./space-replies";

/** Mounts the comment and reply routes of spaces and change requests under /v1. */
export function mountComments(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", spaceCommentRoutes);
  app.route("/v1", spaceReplyRoutes);
  app.route("/v1", crCommentRoutes);
  app.route("/v1", crReplyRoutes);
}
