import type { CollectionRow } from "../db/schema";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Database } from "../db/client";
import { contentGrants, orgMembers } from "../db/schema/index";
import {
  callerPrincipalSql,
  chainOf,
  effectiveRole,
  type CallerGrant,
  type Membership,
} from "./content-role";
import type { DefaultLevel, MemberRole } from "../lib/roles";

// Access helpers of the space routes; they belong with src/auth/space-access.ts (see the report).

/** The caller's grants on one space (an id, or SQL selecting it). */
export function spaceGrantsQuery(c: Context<AppEnv>, spaceId: string | SQL) {
  return c.var.db
    .select({ role: contentGrants.role })
    .from(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, "space"),
        eq(contentGrants.resourceId, spaceId),
        callerPrincipalSql(c),
      ),
    );
}

/**
 * The caller's effective role on a space placed under `parentId`, from loaded rows: the chain of
 * collections above it (`ancestryQuery` rows), grants on them and grants on the space itself.
 */
export function roleOnSpace(
  member: Membership,
  space: { defaultLevel: DefaultLevel; parentId: string | null },
  chainRows: readonly CollectionRow[],
  collectionGrants: readonly CallerGrant[],
  spaceGrants: readonly { role: MemberRole }[] = [],
): MemberRole | null {
  const chain = space.parentId ? chainOf(chainRows, space.parentId) : [];
  const ids = new Set(chain.map((link) => link.id));
  return effectiveRole({
    ...member,
    chain: [{ defaultLevel: space.defaultLevel }, ...chain],
    grants: [
      ...collectionGrants.filter((g) => ids.has(g.resourceId)).map((g) => g.role),
      ...spaceGrants.map((g) => g.role),
    ],
  });
}

/** The enabled members of an organization among `userIds` (chunked under D1's bind limit). */
export function membersAmongQueries(db: Database, organizationId: string | SQL, userIds: string[]) {
  const unique = [...new Set(userIds)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += 90) chunks.push(unique.slice(i, i + 90));
  return chunks.map((chunk) =>
    db
      .select({ id: orgMembers.userId })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.organizationId, organizationId),
          eq(orgMembers.disabled, false),
          inArray(orgMembers.userId, chunk),
        ),
      ),
  );
}
