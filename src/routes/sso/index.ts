import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { ssoOrgRoutes } from "./orgs";
import { samlProviderRoutes } from "./providers";
import { ssoSpRoutes } from "./sp";
import { ssoTokenRoutes } from "./token";

/**
 * Mounts the SAML providers, the SSO login infos and code exchange under /v1, and the SPs at
 * /sso. The callback page is the app Worker's (`<PUBLIC_APP_URL>/sso/callback`).
 */
export function mountSso(app: OpenAPIHono<AppEnv>) {
  app.route("/v1", samlProviderRoutes);
  app.route("/v1", ssoOrgRoutes);
  app.route("/v1", ssoTokenRoutes);
  app.route("/", ssoSpRoutes);
}
