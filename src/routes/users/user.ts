import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { resolveUser } from "../../auth/user";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, UserSchema } from "../../api-document/common";
import { presentUser } from "../../presenters/user";
import { UserParams } from "../../api/users";

/** The caller and the users they share an organization with. */
export const userRoutes = createRouter();

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user",
    tags: ["users"],
    summary: "Get profile of authenticated user",
    responses: { 200: jsonResponse(UserSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    return c.json(presentUser(urlsOf(c), caller.user), 200);
  },
);

userRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/{userId}",
    tags: ["users"],
    summary: "Get a user by its ID",
    request: { params: UserParams },
    responses: { 200: jsonResponse(UserSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { userId } = c.req.valid("param");
    // Visible: the caller, or anyone sharing an organization with the caller.
    const { caller, user } = await resolveUser(c, userId);
    // A site token's grant is read-only by construction: scopes are a Quire token's.
    if (caller) requireScope(caller, "user:read");
    return c.json(presentUser(urlsOf(c), user), 200);
  },
);
