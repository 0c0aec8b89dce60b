import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { myPasskeyRoutes } from "./mine";
import { passkeySignInRoutes } from "./sign-in";

/** Mounts the caller's passkeys and passkey sign-in under /v1. */
export function mountPasskeys(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", myPasskeyRoutes);
  app.route("/v1", passkeySignInRoutes);
}
