import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { declareList, textPairKey } from "../../http/lists";
import { pagedQuery } from "../../http/pagination";
import { clearedSessionCookie } from "../../http/session-cookie";
import { errorResponses, jsonResponse, listOf, noContent } from "../../api-document/common";
import { SessionParams, SessionSchema } from "../../api/sessions";
import { presentSession } from "../../presenters/session";
import { listSessions, revokeSessions } from "../../services/sessions/sessions";
import type { Context } from "hono";
import type { AppEnv, Caller } from "../../env";

/** The caller's sessions: listed and revoked one by one or all at once (Quire extensions). */
export const mySessionsRoutes = createRouter();

/** A person's sessions page on (createdAt, id), newest first. */
const SESSIONS = declareList((userId: string) => `sessions:${userId}`, textPairKey);

/**
 * After revoking `ids`: the isolate forgets them as verified, and when the request's own session
 * was among them its cookie is cleared too.
 */
function afterRevoking(c: Context<AppEnv>, caller: Caller, ids: readonly string[]): void {
  for (const id of ids) c.get("verifiedTokens").forget(id);
  if (caller.token.kind === "session" && ids.includes(caller.token.id)) {
    c.header("Set-Cookie", clearedSessionCookie(c));
  }
}

mySessionsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/sessions",
    tags: ["sessions"],
    summary: "List the caller's sign-in sessions",
    description:
      "The sessions that still work (not revoked, not expired), newest first, with where and how " +
      "each started; `current` marks the request's own.",
    request: { query: pagedQuery },
    responses: { 200: jsonResponse(listOf(SessionSchema), "OK"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    const cursors = SESSIONS.at(c, caller.user.id);
    const after = await cursors.afterAccess(page);
    const { rows, count } = await listSessions(c.get("db"), caller.user.id, limit, after);
    const current = caller.token.kind === "session" ? caller.token.id : null;
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentSession(r, current),
    });
    return c.json(body, 200);
  },
);

mySessionsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/sessions/{sessionId}",
    tags: ["sessions"],
    summary: "Revoke one of the caller's sessions",
    description:
      "Signs that browser out at once. Like revoking a token, revoking an absent, ended or " +
      "another person's session answers 204 and changes nothing.",
    request: { params: SessionParams },
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const { sessionId } = c.req.valid("param");
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    afterRevoking(c, caller, await revokeSessions(c.get("db"), caller.user.id, sessionId));
    return c.body(null, 204);
  },
);

mySessionsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/sessions",
    tags: ["sessions"],
    summary: "Revoke all of the caller's sessions",
    description:
      "Signs the person out everywhere, the request's own session included (its cookie is " +
      "cleared). API tokens are not touched.",
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    afterRevoking(c, caller, await revokeSessions(c.get("db"), caller.user.id, null));
    return c.body(null, 204);
  },
);
