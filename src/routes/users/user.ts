import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { resolveUser } from "../../auth/user";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { forbidden } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse, UserSchema } from "../../api-document/common";
import { presentUser } from "../../presenters/user";
import { updateProfile } from "../../services/users/users";
import { UpdateUserBody, UserParams } from "../../api/users";

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

userRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/users/{userId}",
    tags: ["users"],
    summary: "Update a user by its ID (their own display name and photo)",
    description:
      "A person changes their own profile only: another user they can see is a 403, one they " +
      "cannot a 404. `photoURL` must be an https URL without a user name or password; `null` " +
      "removes the photo (Quire).",
    request: { params: UserParams, body: jsonBody(UpdateUserBody) },
    responses: {
      200: jsonResponse(UserSchema, "The user has been updated"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { userId } = c.req.valid("param");
    // No site token reaches here (not a reader operation): the caller is a person's credential.
    const { caller, user } = await resolveUser(c, userId);
    if (!caller || user.id !== caller.user.id) {
      throw forbidden("You can change only your own profile");
    }
    requireScope(caller, "user:write");
    const updated = await updateProfile(c.get("db"), user.id, c.req.valid("json"));
    return c.json(presentUser(urlsOf(c), updated), 200);
  },
);
