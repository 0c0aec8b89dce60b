import { and, eq, or, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { users, type UserRow } from "../db/schema";
import { notFound } from "../lib/errors";
import { runBoth } from "../db/plan";
import { resolveGrantedSite, siteGrantOf } from "./site-reader";
import { callerFromResult, callerQuery, callerUserId, type Caller } from "./caller";

/**
 * Loads a user the caller may see (themselves, or anyone sharing an organization with them) in
 * the authentication's round trip; anyone else is the 404 of a nonexistent id. A site API
 * token sees the members of the site's organization.
 */
export async function resolveUser(
  c: Context<AppEnv>,
  userId: string,
): Promise<{ caller: Caller | null; user: UserRow }> {
  const db = c.get("db");
  const grant = siteGrantOf(c);
  if (grant) {
    // A site's readers see the members of its organization (authors, mentions), no one else.
    const member = sql`EXISTS (SELECT 1 FROM org_members m WHERE m.user_id = ${users.id}
      AND m.organization_id = ${grant.organization})`;
    const user = db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), member))
      .limit(1);
    const { results } = await resolveGrantedSite(c, grant, grant.organization, grant.site, {
      with: { user },
    });
    const row = results.user[0];
    if (!row) throw notFound("User");
    return { caller: null, user: row };
  }
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
