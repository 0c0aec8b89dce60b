import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { signInRoute } from "../../http/route-facts";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import {
  clearSignInNonce,
  presentedNonce,
  refuseCrossSiteSignIn,
  signInNonce,
} from "../../http/sign-in-guards";
import { MailNotConfigured } from "../../mail";
import { mailTransport } from "../../mail/config";
import { requestEmailSignIn } from "../../services/sign-in/email-requests";
import { redeemCode, redeemLink } from "../../services/sign-in/redeem";
import { EmailCodeBody, EmailLinkBody, EmailSentSchema, EmailSignInBody } from "../../api/sign-in";
import { signedIn } from "../sessions/signed-in";
import { CurrentSessionSchema } from "../../api/sessions";
import { ssoStartOf } from "./sso-start";

/** Signing in by e-mail: ask for a message, then redeem its link (this browser) or its code. */
export const emailSignInRoutes = createRouter();

emailSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/email",
    tags: ["sessions"],
    summary:
      "Quire: send a sign-in link and a 6-digit code to an address (202 for any address; sets the quire_sign_in nonce cookie)",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(EmailSignInBody) },
    responses: {
      202: jsonResponse(EmailSentSchema, "Sent if the address can receive it"),
      ...errorResponses(400, 403, 409, 429),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const transport = mailTransport(c.env);
    if (transport.kind === "none") throw new MailNotConfigured(transport.reason);
    const { email, returnTo } = c.req.valid("json");
    const nonce = signInNonce(c);
    await requestEmailSignIn(c.get("db"), c.env, {
      email,
      nonce,
      returnTo,
      ssoStart: ssoStartOf(c),
    });
    return c.json({ sent: true as const }, 202);
  },
);

emailSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/email/link",
    tags: ["sessions"],
    summary:
      "Quire: sign in with the link of an e-mail (only in the browser that asked: its nonce cookie; else 409 asking for the code)",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(EmailLinkBody) },
    responses: {
      201: jsonResponse(CurrentSessionSchema, "Signed in (the session cookie is set)"),
      ...errorResponses(400, 403, 409, 410, 429),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const { token } = c.req.valid("json");
    const person = await redeemLink(c.get("db"), c.env, {
      token,
      nonce: presentedNonce(c),
      ssoStart: ssoStartOf(c),
    });
    clearSignInNonce(c);
    return c.json(await signedIn(c, person.userId, "email"), 201);
  },
);

emailSignInRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/email/code",
    tags: ["sessions"],
    summary:
      "Quire: sign in with the address and the 6-digit code of its latest e-mail (any browser; 5 wrong codes lock the request)",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(EmailCodeBody) },
    responses: {
      201: jsonResponse(CurrentSessionSchema, "Signed in (the session cookie is set)"),
      ...errorResponses(400, 403, 410, 429),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const { email, code } = c.req.valid("json");
    const person = await redeemCode(c.get("db"), c.env, {
      email,
      code,
      ssoStart: ssoStartOf(c),
    });
    clearSignInNonce(c);
    return c.json(await signedIn(c, person.userId, "email"), 201);
  },
);
