import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { apiTokens, users } from "../db/schema";
import { callerDigest, callerFromRow, type Caller } from "./authenticate";

/**
 * The token+user lookup as a drizzle query, so access checks put it in the same `db.batch` as the
 * resource read: authentication and authorization cost one D1 round trip together.
 */
export function callerQuery(c: Context<AppEnv>) {
  return c.var.db
    .select({
      token_id: sql<string>`${apiTokens.id}`.as("token_id"),
      token_scopes: sql<string | null>`${apiTokens.scopes}`.as("token_scopes"),
      token_expires_at: sql<string | null>`${apiTokens.expiresAt}`.as("token_expires_at"),
      token_revoked_at: sql<string | null>`${apiTokens.revokedAt}`.as("token_revoked_at"),
      token_last_used_at: sql<string | null>`${apiTokens.lastUsedAt}`.as("token_last_used_at"),
      user_id: sql<string>`${users.id}`.as("user_id"),
      user_display_name: sql<string>`${users.displayName}`.as("user_display_name"),
      user_email: sql<string>`${users.email}`.as("user_email"),
      user_email_verified: sql<number>`${users.emailVerified}`.as("user_email_verified"),
      user_photo_url: sql<string | null>`${users.photoURL}`.as("user_photo_url"),
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.digest, callerDigest(c)))
    .limit(1);
}

/** SQL for "the caller's user id", usable inside any query of the same batch. */
export function callerUserId(c: Context<AppEnv>) {
  return sql`(SELECT ${apiTokens.userId} FROM ${apiTokens} WHERE ${apiTokens.digest} = ${callerDigest(c)})`;
}

/** Turns the batch's first result into the Caller (401 when the token is bad). */
export function callerFromResult(
  c: Context<AppEnv>,
  rows: readonly Record<string, unknown>[],
): Caller {
  return c.var.caller.caller ?? callerFromRow(c, rows[0]);
}
