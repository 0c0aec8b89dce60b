import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ssoCallbackRoutes } from "./callback";
import { ssoOrgRoutes } from "./orgs";
import { samlProviderRoutes } from "./providers";
import { ssoSpRoutes } from "./sp";
import { ssoTokenRoutes } from "./token";

/**
 * Mounts the SAML providers, the SSO login infos and code exchange under /v1, the SPs at /sso,
 * and the callback page at /app/sso/callback.
 */
export function mountSso(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", samlProviderRoutes);
  app.route("/v1", ssoOrgRoutes);
  app.route("/v1", ssoTokenRoutes);
  app.route("/", ssoSpRoutes);
  app.route("/", ssoCallbackRoutes);
}
