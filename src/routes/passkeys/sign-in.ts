import { createRoute } from "@hono/zod-openapi";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { createRouter } from "../../http/router";
import { signInRoute } from "../../http/route-facts";
import { refuseCrossSiteSignIn } from "../../http/sign-in-guards";
import {
  clearedFlowCookie,
  flowCookie,
  flowCookieValue,
  PASSKEY_COOKIE,
} from "../../http/flow-cookies";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { PasskeySignInBody, WebAuthnOptionsSchema } from "../../api/passkeys";
import { CurrentSessionSchema } from "../../api/sessions";
import { relyingPartyOf } from "../../services/passkeys/relying-party";
import { signInOptions, signInWithPasskey } from "../../services/passkeys/sign-in";
import { signedIn } from "../sessions/signed-in";

/** Signing in with a passkey, usernameless (Quire extensions). */
export const passkeySignInRoutes = createRouter();

passkeySignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/passkey/options",
    tags: ["sessions"],
    summary: "Start signing in with a passkey",
    description:
      "WebAuthn sign-in options for `navigator.credentials.get` with no allowed credentials " +
      "(the browser offers the person's passkeys for this app host). The challenge is single " +
      "use, for 5 minutes, bound to this browser by the `quire_passkey` cookie.",
    middleware: [signInRoute()],
    security: [],
    responses: { 200: jsonResponse(WebAuthnOptionsSchema, "OK"), ...errorResponses(403) },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const started = await signInOptions(c.get("db"), relyingPartyOf(c.env));
    c.header(
      "Set-Cookie",
      flowCookie(c, PASSKEY_COOKIE, started.browserSecret, started.maxAgeSeconds),
    );
    return c.json(started.options, 200);
  },
);

passkeySignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/passkey",
    tags: ["sessions"],
    summary: "Sign in with a passkey",
    description:
      "Verifies the browser's answer (the challenge this browser was given, the app's origin " +
      "and host, the stored public key and counter) and starts the passkey's person's session.",
    middleware: [signInRoute()],
    security: [],
    request: { body: jsonBody(PasskeySignInBody) },
    responses: {
      201: jsonResponse(CurrentSessionSchema, "Signed in"),
      ...errorResponses(400, 403),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const { response } = c.req.valid("json");
    const userId = await signInWithPasskey(
      c.get("db"),
      relyingPartyOf(c.env),
      flowCookieValue(c, PASSKEY_COOKIE),
      response as unknown as AuthenticationResponseJSON,
    );
    c.header("Set-Cookie", clearedFlowCookie(c, PASSKEY_COOKIE), { append: true });
    return c.json(await signedIn(c, userId, "passkey"), 201);
  },
);
