import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { orgMembers } from "../../db/schema/index";
import { notBot } from "../integrations/bots";

/**
 * Which of `userIds` are enabled members of the organization of a space, installations' bots
 * left out (its merge rules may name only people), as a plan: one statement per chunk of ids under D1's bind limit; `finish`
 * gives the members' ids.
 */
export function spaceMembersAmongPlan(db: Database, spaceId: string, userIds: string[]) {
  const organizationId = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  const unique = [...new Set(userIds)];
  const statements: Record<string, ReturnType<typeof membersQuery>> = {};
  for (let i = 0; i < unique.length; i += 90) {
    statements[`members${i / 90}`] = membersQuery(db, organizationId, unique.slice(i, i + 90));
  }
  return plan(
    statements,
    (results) => new Set(Object.values(results).flatMap((rows) => rows.map((row) => row.id))),
  );
}

/** The enabled members of an organization among `chunk`. */
function membersQuery(db: Database, organizationId: SQL, chunk: string[]) {
  return db
    .select({ id: orgMembers.userId })
    .from(orgMembers)
    .where(
      and(
        eq(orgMembers.organizationId, organizationId),
        eq(orgMembers.disabled, false),
        inArray(orgMembers.userId, chunk),
        notBot(orgMembers.userId),
      ),
    );
}
