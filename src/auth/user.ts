import { and, eq, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { users, type UserRow } from "../db/schema";
import { notFound } from "../lib/errors";
import { runBoth } from "../db/plan";
import { callerFromResult, callerQuery, callerUserId, type Caller } from "./caller";

/**
 * Loads a user the caller may see (themselves, or anyone sharing an organization with them) in
 * the authentication's round trip; anyone else is the 404 of a nonexistent id.
 */
export async function resolveUser(
  c: Context<AppEnv>,
  userId: string,
): Promise<{ caller: Caller; user: UserRow }> {
  const db = c.get("db");
  const { own } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      user: db
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
    },
    undefined,
  );
  const caller = callerFromResult(c, own.caller);
  const user = own.user[0];
  if (!user) throw notFound("User");
  return { caller, user };
}
