import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { contentGrants, spaces } from "../db/schema";
import { notFound } from "../lib/errors";
import type { Caller } from "./caller";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { callerFromResult, callerQuery } from "./caller";
import { membershipQuery } from "./organization";
import {
  ancestryQuery,
  callerGrantsQuery,
  callerPrincipalSql,
  chainOf,
  effectiveRole,
  membershipFrom,
  type Membership,
} from "./content-role";
import { atLeast, type MemberRole } from "../lib/roles";
import type { SpaceRow } from "../db/schema";

/** A space the caller can see, with the caller's effective role on it. */
export interface ResolvedSpace extends Membership {
  caller: Caller;
  space: SpaceRow;
  role: MemberRole;
}

/**
 * Loads a space with everything its effective role depends on (membership, the collection chain,
 * grants on the space and its collections) in one `db.batch`, together with the statements of
 * `with` (a service's plan; results by name in `results`). Absent, deleted (unless
 * `includeDeleted`) and invisible spaces are the same 404.
 */
export async function resolveSpace<
  S extends Statements = NoStatements,
  const T extends readonly BatchItem<"sqlite">[] = [],
>(
  c: Context<AppEnv>,
  spaceId: string,
  options: { includeDeleted?: boolean; with?: S; /** @deprecated use `with` */ extra?: T } = {},
): Promise<ResolvedSpace & { results: Results<S>; extra: { [K in keyof T]: Awaited<T[K]> } }> {
  const db = c.var.db;
  const orgId = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  const parentId = sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`;
  const positional = Object.fromEntries(
    (options.extra ?? []).map((item, i) => [`#${i}`, item]),
  ) as Statements;
  const { own, extra } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      member: membershipQuery(c, orgId),
      space: db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
      chain: ancestryQuery(c, parentId),
      collectionGrants: callerGrantsQuery(c, parentId),
      spaceGrants: db
        .select({ role: contentGrants.role })
        .from(contentGrants)
        .where(
          and(
            eq(contentGrants.resourceType, "space"),
            eq(contentGrants.resourceId, spaceId),
            callerPrincipalSql(c),
          ),
        ),
    },
    { ...positional, ...options.with },
  );
  const caller = callerFromResult(c, own.caller);
  const member = membershipFrom(own.member);
  const space = own.space[0];
  if (!member || !space || (space.deletedAt && !options.includeDeleted)) throw notFound("Space");
  const chain = space.parentId ? chainOf(own.chain, space.parentId) : [];
  const role = effectiveRole({
    ...member,
    chain: [{ defaultLevel: space.defaultLevel }, ...chain],
    grants: [...own.collectionGrants.map((g) => g.role), ...own.spaceGrants.map((g) => g.role)],
  });
  if (!role) throw notFound("Space");
  const results = extra as Results<S> & Record<string, unknown>;
  const rest = (options.extra ?? []).map((_, i) => results[`#${i}`]);
  return { caller, ...member, space, role, results, extra: rest as never };
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
