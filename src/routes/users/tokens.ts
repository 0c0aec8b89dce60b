import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { badRequest, forbidden } from "../../lib/errors";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentToken } from "../../presenters/token";
import { issueToken, listTokens, revokeToken } from "../../services/users/tokens";
import {
  CreatedApiTokenSchema,
  CreateTokenBody,
  ApiTokenSchema,
  TokenParams,
} from "../../api/users";
import { nowMs } from "../../lib/clock";
import { scopeAllows } from "../../lib/scopes";
import { declareList, textPairKey } from "../../http/lists";

/** The caller's own API tokens (a documented extension of the official API). */
export const tokenRoutes = createRouter();

/** A user's tokens page on (createdAt, id), newest first. */
const TOKENS = declareList((userId: string) => `tokens:${userId}`, textPairKey);

/**
 * The expiry of a token made by a token: never later than its parent's. Without one asked for,
 * the new token inherits the parent's (null when the parent never expires).
 */
function childExpiry(asked: string | undefined, parent: string | null): string | null {
  const wanted = asked ? new Date(asked).toISOString() : null;
  if (wanted && Date.parse(wanted) <= nowMs()) {
    throw badRequest("body.expiresAt: must be in the future");
  }
  if (parent === null) return wanted;
  if (wanted === null) return new Date(parent).toISOString();
  if (Date.parse(wanted) > Date.parse(parent)) {
    throw badRequest(
      `body.expiresAt: must not be later than the expiry of the token making the request (${new Date(parent).toISOString()})`,
    );
  }
  return wanted;
}

tokenRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/tokens",
    tags: ["users"],
    summary: "List the caller's API tokens",
    request: { query: pagedQuery },
    responses: { 200: jsonResponse(listOf(ApiTokenSchema), "OK"), ...errorResponses(400) },
  }),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    const cursors = TOKENS.at(c, caller.user.id);
    const after = await cursors.afterAccess(page);
    const { rows, count } = await listTokens(c.get("db"), caller.user.id, limit, after);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: presentToken,
    });
    return c.json(body, 200);
  },
);

tokenRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/tokens",
    tags: ["users"],
    summary: "Create an API token for the caller; the secret is shown once",
    request: { body: jsonBody(CreateTokenBody) },
    responses: { 201: jsonResponse(CreatedApiTokenSchema, "Created"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    // A session is the person at a browser, not a parent token: what it makes outlives it.
    const parent = caller.token.kind === "session" ? null : caller.token.expiresAt;
    const expiresAt = childExpiry(input.expiresAt, parent);
    // A scoped token may only mint tokens within its own scopes.
    const held = caller.token.scopes;
    if (held !== null) {
      const wanted = input.scopes;
      if (!wanted || wanted.some((s) => !scopeAllows(held, s))) {
        throw forbidden("A scoped token can only create tokens limited to its own scopes");
      }
    }
    const { row, secret } = await issueToken(c.get("db"), {
      userId: caller.user.id,
      label: input.label,
      scopes: input.scopes ?? null,
      expiresAt,
    });
    return c.json({ ...presentToken(row), token: secret }, 201);
  },
);

tokenRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/tokens/{tokenId}",
    tags: ["users"],
    summary: "Revoke one of the caller's API tokens",
    request: { params: TokenParams },
    responses: { ...noContent, ...errorResponses() },
  }),
  async (c) => {
    const { tokenId } = c.req.valid("param");
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    await revokeToken(c.get("db"), caller.user.id, tokenId);
    c.get("verifiedTokens").forget(tokenId);
    return c.body(null, 204);
  },
);
