import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { emailSignInRoutes } from "./email";
import { emailInviteRoutes } from "./invites";
import { outboxRoutes } from "./outbox";
import { passwordRoutes } from "./password";
import { pendingInviteRoutes } from "./pending-invites";
import { signInSettingsRoutes } from "./settings";
import { waysRoutes } from "./ways";

/** Mounts the list of ways in, the ways in by e-mail and password, e-mail invites (sent and pending) and the dev outbox under /v1. */
export function mountSignIn(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", emailSignInRoutes);
  app.route("/v1", passwordRoutes);
  app.route("/v1", emailInviteRoutes);
  app.route("/v1", pendingInviteRoutes);
  app.route("/v1", signInSettingsRoutes);
  app.route("/v1", outboxRoutes);
  app.route("/v1", waysRoutes);
}
