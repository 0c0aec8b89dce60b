import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { createRouter } from "../../http/router";
import { publicRoute } from "../../http/route-facts";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { guardSignIn } from "../../http/sign-in-guards";
import {
  passwordStateOf,
  removePassword,
  sessionFactsOf,
  setPassword,
  signInWithPassword,
} from "../../services/sign-in/passwords";
import {
  PasswordSignInBody,
  PasswordStateSchema,
  SetPasswordBody,
  SignedInSchema,
} from "../../api/sign-in";
import { forbidden } from "../../lib/errors";
import { requireScope } from "../../auth/organization";
import { answerSignedIn } from "./signed-in";
import { ssoStartOf } from "./sso-start";

/** Passwords: signing in with one, setting and removing one's own. */
export const passwordRoutes = createRouter();

passwordRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/password",
    tags: ["sessions"],
    summary:
      "Quire: sign in with an e-mail address and a password (5 wrong ones lock the address for 15 minutes)",
    security: [],
    middleware: [publicRoute()],
    request: { body: jsonBody(PasswordSignInBody) },
    responses: {
      200: jsonResponse(SignedInSchema, "Signed in (the session cookie is set)"),
      ...errorResponses(400, 403, 429),
    },
  }),
  async (c) => {
    await guardSignIn(c);
    const { email, password } = c.req.valid("json");
    const { userId } = await signInWithPassword(c.get("db"), {
      email,
      password,
      ssoStart: ssoStartOf(c),
    });
    return answerSignedIn(c, { userId, created: false }, "password");
  },
);

/** The session behind the caller, or the refusal: passwords are managed from a session only. */
async function sessionCaller(c: Parameters<typeof authenticate>[0]) {
  const caller = await authenticate(c);
  const session = await sessionFactsOf(c.get("db"), caller.token.id);
  if (!session) {
    throw forbidden("A password is set or removed from a signed-in session, not with an API token");
  }
  return { caller, session };
}

passwordRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/password",
    tags: ["sessions"],
    summary: "Quire: whether the caller has a password, and when it was set",
    responses: { 200: jsonResponse(PasswordStateSchema, "OK"), ...errorResponses(403) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    return c.json(await passwordStateOf(c.get("db"), caller.user.id), 200);
  },
);

passwordRoutes.openapi(
  createRoute({
    method: "put",
    path: "/user/password",
    tags: ["sessions"],
    summary:
      "Quire: set or change the signed-in person's password (min 10 characters, not a common one; the current one to change it, unless signed in by e-mail in the last 15 minutes)",
    request: { body: jsonBody(SetPasswordBody) },
    responses: { ...noContent, ...errorResponses(400, 403) },
  }),
  async (c) => {
    const { caller, session } = await sessionCaller(c);
    const { password, currentPassword } = c.req.valid("json");
    await setPassword(c.get("db"), {
      user: caller.user,
      password,
      currentPassword,
      recentlyVerified: session.recentlyVerified,
    });
    return c.body(null, 204);
  },
);

passwordRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/password",
    tags: ["sessions"],
    summary: "Quire: remove the signed-in person's password (204 also when there was none)",
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const { caller } = await sessionCaller(c);
    await removePassword(c.get("db"), caller.user.id);
    return c.body(null, 204);
  },
);
