import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { commentRoutes } from "./comment-routes";
import { changeRequestMount, spaceMount } from "./mounts";
import { replyRoutes } from "./reply-routes";

/** Mounts the comment and reply routes of spaces and change requests under /v1. */
export function mountComments(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", commentRoutes(spaceMount));
  app.route("/v1", replyRoutes(spaceMount));
  app.route("/v1", commentRoutes(changeRequestMount));
  app.route("/v1", replyRoutes(changeRequestMount));
}
