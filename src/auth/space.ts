import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { contentGrants, spaces } from "../db/schema";
import { notFound } from "../lib/errors";
import type { Caller } from "./authenticate";
import { callerFromResult, callerQuery } from "./caller-query";
import {
  ancestryQuery,
  callerGrantsQuery,
  callerPrincipalSql,
  chainOf,
  effectiveRole,
  membershipFrom,
  membershipQuery,
  type Membership,
} from "./content-role";
import { atLeast, type MemberRole } from "./roles";

/** A space row as stored. */
export type SpaceRow = typeof spaces.$inferSelect;

/** A space the caller can see, with the caller's effective role on it. */
export interface ResolvedSpace extends Membership {
  caller: Caller;
  space: SpaceRow;
  role: MemberRole;
}

/**
 * Loads a space with everything its effective role depends on (membership, the collection chain,
 * grants on the space and its collections) in one `db.batch`, plus any `extra` statements the
 * route wants in the same round trip (their results come back in order). Absent, deleted (unless
 * `includeDeleted`) and invisible spaces are the same 404.
 */
export async function resolveSpace<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  spaceId: string,
  options: { includeDeleted?: boolean; extra?: T } = {},
): Promise<ResolvedSpace & { extra: { [K in keyof T]: Awaited<T[K]> } }> {
  const db = c.var.db;
  const orgId = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  const parentId = sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`;
  const [callerRows, memberRows, spaceRows, chainRows, collectionGrants, spaceGrants, ...extra] =
    await db.batch([
      callerQuery(c),
      membershipQuery(c, orgId),
      db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
      ancestryQuery(c, parentId),
      callerGrantsQuery(c, parentId),
      db
        .select({ role: contentGrants.role })
        .from(contentGrants)
        .where(
          and(
            eq(contentGrants.resourceType, "space"),
            eq(contentGrants.resourceId, spaceId),
            callerPrincipalSql(c),
          ),
        ),
      ...(options.extra ?? []),
    ]);
  const caller = callerFromResult(c, callerRows);
  const member = membershipFrom(memberRows);
  const space = spaceRows[0];
  if (!member || !space || (space.deletedAt && !options.includeDeleted)) throw notFound("Space");
  const chain = space.parentId ? chainOf(chainRows, space.parentId) : [];
  const role = effectiveRole({
    ...member,
    chain: [{ defaultLevel: space.defaultLevel }, ...chain],
    grants: [...collectionGrants.map((g) => g.role), ...spaceGrants.map((g) => g.role)],
  });
  if (!role) throw notFound("Space");
  return { caller, ...member, space, role, extra: extra as never };
}

/** The Space `permissions` object, derived from the effective role alone. */
export function spacePermissions(role: MemberRole | null) {
  return {
    view: atLeast(role, "read"),
    access: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    edit: atLeast(role, "edit"),
    triggerGitSync: atLeast(role, "edit"),
    comment: atLeast(role, "comment"),
    merge: atLeast(role, "edit"),
    review: atLeast(role, "review"),
    installIntegration: atLeast(role, "admin"),
  };
}
