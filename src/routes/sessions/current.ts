import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { createRouter } from "../../http/router";
import { clearedSessionCookie } from "../../http/session-cookie";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, noContent } from "../../api-document/common";
import { CurrentSessionSchema } from "../../api/sessions";
import { notFound } from "../../lib/errors";
import { presentSession } from "../../presenters/session";
import { presentUser } from "../../presenters/user";
import { liveSession, revokeSessions } from "../../services/sessions/sessions";
import type { Context } from "hono";
import type { AppEnv, Caller } from "../../env";

/** The request's own session: who is signed in, and signing out (Quire extensions). */
export const currentSessionRoutes = createRouter();

/** The session the request is made with; an API token's request has none (404). */
async function sessionCaller(c: Context<AppEnv>): Promise<Caller> {
  const caller = await authenticate(c);
  if (caller.token.kind !== "session") {
    throw notFound("This request is made with an API token, not a session");
  }
  return caller;
}

currentSessionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/session",
    tags: ["sessions"],
    summary: "Get the current session and its person",
    description:
      "The session of the `quire_session` cookie the request carries, and the person it signs in: " +
      "the app asks it to know who is signed in. A request made with an API token has no session (404).",
    responses: { 200: jsonResponse(CurrentSessionSchema, "OK"), ...errorResponses(404) },
  }),
  async (c) => {
    const caller = await sessionCaller(c);
    const row = await liveSession(c.get("db"), caller.user.id, caller.token.id);
    if (!row) throw notFound("This session has ended");
    return c.json(
      {
        object: "current-session" as const,
        session: presentSession(row, caller.token.id),
        user: presentUser(urlsOf(c), caller.user),
      },
      200,
    );
  },
);

currentSessionRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/session",
    tags: ["sessions"],
    summary: "Sign out: end the current session",
    description:
      "Revokes the request's session and clears its cookie. Like every state-changing request " +
      "made with a session, it needs the `X-Quire-CSRF` header and the app's `Origin`.",
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const caller = await sessionCaller(c);
    await revokeSessions(c.get("db"), caller.user.id, caller.token.id);
    c.get("verifiedTokens").forget(caller.token.id);
    c.header("Set-Cookie", clearedSessionCookie(c));
    return c.body(null, 204);
  },
);
