import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { contentGrants, spaces } from "../db/schema";
import { notFound } from "../lib/errors";
import type { Caller } from "./caller";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { callerFromResult, callerQuery, callerUserId } from "./caller";
import { membershipQuery } from "./organization";
import {
  chainOf,
  collectionTreeStatements,
  effectiveRole,
  principalSql,
  treeOf,
  type CollectionTree,
} from "./content-role";
import { membershipFrom, type Membership } from "./organization";
import { atLeast, type DefaultLevel, type MemberRole } from "../lib/roles";
import type { SpaceRow } from "../db/schema";

/** A space the caller can see, with the caller's effective role on it. */
export interface ResolvedSpace extends Membership {
  caller: Caller;
  space: SpaceRow;
  role: MemberRole;
  /** The chain of collections above the space, and the caller's grants on them. */
  tree: CollectionTree;
  /** The caller's grants on the space itself. */
  spaceGrants: MemberRole[];
}

/**
 * Loads a space with everything its effective role depends on (membership, the collection chain,
 * grants on the space and its collections) in one `db.batch`, together with the statements of
 * `with` (a service's plan; results by name in `results`). Absent, deleted (unless
 * `includeDeleted`) and invisible spaces are the same 404.
 */
export async function resolveSpace<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  options: { includeDeleted?: boolean; with?: S } = {},
): Promise<ResolvedSpace & { results: Results<S> }> {
  const db = c.var.db;
  const orgId = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
  const parentId = sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`;
  const { own, extra } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      member: membershipQuery(c, orgId),
      space: db.select().from(spaces).where(eq(spaces.id, spaceId)).limit(1),
      ...collectionTreeStatements(c, parentId),
      spaceGrants: spaceGrantsQuery(c, spaceId),
    },
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  const member = membershipFrom(own.member);
  const space = own.space[0];
  if (!member || !space || (space.deletedAt && !options.includeDeleted)) throw notFound("Space");
  const tree = treeOf(own);
  const spaceGrants = own.spaceGrants.map((g) => g.role);
  const role = roleOnSpace(member, space, tree, spaceGrants);
  if (!role) throw notFound("Space");
  return { caller, ...member, space, role, tree, spaceGrants, results: extra };
}

/** The caller's grants on one space (an id, or SQL selecting it). */
function spaceGrantsQuery(c: Context<AppEnv>, spaceId: string | SQL) {
  return c.var.db
    .select({ role: contentGrants.role })
    .from(contentGrants)
    .where(
      and(
        eq(contentGrants.resourceType, "space"),
        eq(contentGrants.resourceId, spaceId),
        principalSql(callerUserId(c)),
      ),
    );
}

/**
 * The caller's effective role on a space placed under `parentId`, from loaded rows: the tree of
 * collections above it (grants on them) and the caller's grants on the space itself.
 */
export function roleOnSpace(
  member: Membership,
  space: { defaultLevel: DefaultLevel; parentId: string | null },
  tree: CollectionTree,
  spaceGrants: readonly MemberRole[] = [],
): MemberRole | null {
  const chain = space.parentId ? chainOf(tree.rows, space.parentId) : [];
  const ids = new Set(chain.map((link) => link.id));
  return effectiveRole({
    ...member,
    chain: [{ defaultLevel: space.defaultLevel }, ...chain],
    grants: [
      ...tree.grants.filter((g) => ids.has(g.resourceId)).map((g) => g.role),
      ...spaceGrants,
    ],
  });
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
