import { createRouter } from "../../http/router";
import { apiUrl } from "../../http/urls";
import { ssoCallbackPage } from "../../presenters/sso-page";

/**
 * Where the ACS sends the browser after a good sign-in when the web app is this Worker's own
 * `/app` (the default `PUBLIC_APP_URL`, and what `npm run dev` sets on any port): a page that
 * shows the one-time code and its exchange. A deployment whose app lives elsewhere handles
 * `…/sso/callback` there.
 */
export const ssoCallbackRoutes = createRouter();

/** The callback's path: `/sso/callback` under the default app path `/app`. */
const CALLBACK_PATH = "/app/sso/callback";

/** A value that could be a one-time code (the exchange accepts 1 to 128 characters). */
const CODE = /^[A-Za-z0-9_-]{1,128}$/;

/** Nothing loads: no script, style, image, frame or form target. */
const POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

ssoCallbackRoutes.get(CALLBACK_PATH, (c) => {
  const given = c.req.query("code");
  const code = given !== undefined && CODE.test(given) ? given : null;
  c.header("Cache-Control", "no-store");
  c.header("Content-Security-Policy", POLICY);
  return c.html(ssoCallbackPage({ code, exchangeUrl: apiUrl(c, "/sso/token") }), code ? 200 : 400);
});
