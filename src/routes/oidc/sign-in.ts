import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { signInRoute } from "../../http/route-facts";
import { refuseCrossSiteSignIn } from "../../http/sign-in-guards";
import {
  clearedFlowCookie,
  flowCookie,
  flowCookieValue,
  OIDC_STATE_COOKIE,
} from "../../http/flow-cookies";
import { appUrl } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import {
  OidcCallbackBody,
  OidcStartBody,
  OidcSignedInSchema,
  OidcStartSchema,
} from "../../api/oidc";
import { finishOidcSignIn, startOidcSignIn } from "../../services/oidc/sign-in";
import { signedIn } from "../sessions/signed-in";
import type { Context } from "hono";
import type { AppEnv } from "../../env";

/** Signing in with an OIDC provider: the start and the callback (Quire extensions). */
export const oidcSignInRoutes = createRouter();

/** The app page the provider returns the browser to (register it at the provider). */
function redirectUri(c: Context<AppEnv>): string {
  return appUrl(c, "/sign-in/oidc/callback");
}

oidcSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/oidc/start",
    tags: ["sessions"],
    summary: "Start signing in with an OIDC provider",
    description:
      "Answers the provider's authorization URL (authorization code flow with PKCE, state and " +
      "nonce) and sets the `quire_oidc` cookie that binds the sign-in to this browser for 10 " +
      "minutes. The provider returns the browser to `<app>/sign-in/oidc/callback`.",
    middleware: [signInRoute()],
    security: [],
    request: { body: jsonBody(OidcStartBody) },
    responses: {
      200: jsonResponse(OidcStartSchema, "OK"),
      ...errorResponses(400, 403, 404, 409, 502),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const body = c.req.valid("json");
    const started = await startOidcSignIn(c.get("db"), c.env, {
      provider: body.provider,
      returnTo: body.returnTo ?? null,
      redirectUri: redirectUri(c),
    });
    c.header(
      "Set-Cookie",
      flowCookie(c, OIDC_STATE_COOKIE, started.browserSecret, started.maxAgeSeconds),
    );
    return c.json({ url: started.url }, 200);
  },
);

oidcSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/oidc/callback",
    tags: ["sessions"],
    summary: "Finish signing in with an OIDC provider",
    description:
      "Takes the query string the provider sent to the callback page: the state (single use, " +
      "bound to this browser's `quire_oidc` cookie), the code (exchanged with the PKCE " +
      "verifier) and the ID token (issuer, audience, nonce, expiry and signature checked). The " +
      "person is found by their VERIFIED e-mail address; the session's cookie is set.",
    middleware: [signInRoute()],
    security: [],
    request: { body: jsonBody(OidcCallbackBody) },
    responses: {
      201: jsonResponse(OidcSignedInSchema, "Signed in"),
      ...errorResponses(400, 403, 404, 409, 502),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const { query } = c.req.valid("json");
    const browserSecret = flowCookieValue(c, OIDC_STATE_COOKIE);
    c.header("Set-Cookie", clearedFlowCookie(c, OIDC_STATE_COOKIE));
    const done = await finishOidcSignIn(c.get("db"), c.env, {
      query,
      browserSecret,
      redirectUri: redirectUri(c),
    });
    const current = await signedIn(c, done.userId, "oidc");
    return c.json({ ...current, returnTo: done.returnTo }, 201);
  },
);
