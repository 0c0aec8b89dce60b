import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { currentSessionRoutes } from "./current";
import { linkSignInRoutes } from "./link";
import { mySessionsRoutes } from "./mine";
import { ssoSignInRoutes } from "./sso";

/** Mounts the sessions routes (a person's sign-in sessions, Quire extensions) under /v1. */
export function mountSessions(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", currentSessionRoutes);
  app.route("/v1", mySessionsRoutes);
  app.route("/v1", linkSignInRoutes);
  app.route("/v1", ssoSignInRoutes);
}
