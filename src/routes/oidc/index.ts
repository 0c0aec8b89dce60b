import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { oidcProviderRoutes } from "./providers";
import { oidcSignInRoutes } from "./sign-in";

/** Mounts OIDC sign-in (start, callback) and the organizations' OIDC providers under /v1. */
export function mountOidc(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", oidcSignInRoutes);
  app.route("/v1", oidcProviderRoutes);
}
