import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { spUrls } from "../../lib/sso-urls";
import type { RestrictingOrg } from "../../services/sign-in/org-policy";

/**
 * Where a member of an organization that enforces SSO starts it: its SAML provider's start URL
 * on this API's origin when it has one, else the app's sign-in page (its other SSO ways).
 */
export function ssoStartOf(c: Context<AppEnv>) {
  return (org: RestrictingOrg): string =>
    org.samlProviderId
      ? spUrls(new URL(c.req.url).origin, org.samlProviderId).startURL
      : `${c.env.PUBLIC_APP_URL.replace(/\/+$/, "")}/sign-in`;
}
