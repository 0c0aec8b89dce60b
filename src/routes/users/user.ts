import { createRoute } from "@hono/zod-openapi";
import { and, eq, or, sql } from "drizzle-orm";
import { authenticate } from "../../auth/caller";
import { callerFromResult, callerQuery, callerUserId } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse, UserSchema } from "../../openapi/common";
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
    return c.json(presentUser(c, caller.user), 200);
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
    const db = c.var.db;
    // Visible: the caller, or anyone sharing an organization with the caller.
    const [callerRows, userRows] = await db.batch([
      callerQuery(c),
      db
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            or(
              eq(users.id, callerUserId(c)),
              sql`EXISTS (SELECT 1 FROM org_members mine JOIN org_members theirs
                ON theirs.organization_id = mine.organization_id
                WHERE mine.user_id = ${callerUserId(c)} AND theirs.user_id = ${users.id})`,
            ),
          ),
        )
        .limit(1),
    ]);
    const caller = callerFromResult(c, callerRows);
    const user = userRows[0];
    if (!user) throw notFound("User");
    requireScope(caller, "user:read");
    return c.json(presentUser(c, user), 200);
  },
);
