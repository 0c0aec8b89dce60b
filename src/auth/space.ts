import type { SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { notFound, unauthorized } from "../lib/errors";
import type { Caller } from "./caller";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { callerFromResult } from "./caller";
import { readAccessRow, spaceAccessQuery, type AccessRow } from "./access-rows";
import { chainOf, grantsOn } from "./content-role";
import { effectiveRole } from "./role-rule";
import type { CollectionTree } from "./role-types";
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
 * Loads a space with everything its effective role depends on (caller, membership, the
 * collection chain, grants on the space and its collections) in ONE statement
 * (`spaceAccessQuery`), sent in one `db.batch` with the statements of `with` (a service's plan;
 * results by name in `results`). Absent, deleted (unless `includeDeleted`) and invisible spaces
 * are the same 404.
 */
export async function resolveSpace<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  options: SpaceAccessOptions<S> = {},
): Promise<ResolvedSpace & { results: Results<S>; column: unknown }> {
  const found = await readSpaceAccess(c, spaceId, options);
  if (!found) throw notFound("Space");
  return found;
}

/** What a space's access check reads besides the space: see `resolveSpace`. */
export interface SpaceAccessOptions<S extends Statements> {
  includeDeleted?: boolean;
  with?: S;
  column?: SQL;
}

/**
 * `resolveSpace`'s one round trip, with null where it answers 404 (absent, deleted unless
 * `includeDeleted`, or invisible to the caller): for resolvers that fall back to another rule.
 */
export async function readSpaceAccess<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  spaceId: string,
  options: SpaceAccessOptions<S> = {},
): Promise<(ResolvedSpace & { results: Results<S>; column: unknown }) | null> {
  const { own, extra } = await runBoth(
    c.get("db"),
    { access: spaceAccessQuery(c, spaceId, options.column) },
    options.with,
  );
  const raw = own.access[0]?.row;
  const row = raw ? readAccessRow(raw) : null;
  const caller = callerFromResult(c, row ? [row.caller] : []);
  // No row: the token is gone (revoked and purged since this isolate verified it).
  if (!row) throw unauthorized("Invalid API token");
  const found = spaceAccessOf(row, options.includeDeleted);
  return found ? { caller, ...found, results: extra, column: row.column } : null;
}

/**
 * The space, the membership and the effective role an access row gives (null: the space is
 * absent, deleted unless `includeDeleted`, or invisible to its caller): `readSpaceAccess`'s rule,
 * also read by the live rooms' re-checks (src/collab) from `spaceAccessByDigest`.
 */
export function spaceAccessOf(
  row: AccessRow,
  includeDeleted = false,
): Omit<ResolvedSpace, "caller"> | null {
  const { space, org, roles } = row;
  const member = membershipFrom(
    org && row.memberUserId ? [{ org, role: row.role, disabled: row.disabled ?? false }] : [],
  );
  if (!member || !space || (space.deletedAt && !includeDeleted)) return null;
  const { tree } = roles;
  const spaceGrants = grantsOn(roles.spaceGrants, space.id);
  const role = roleOnSpace(member, space, tree, spaceGrants);
  if (!role) return null;
  return { ...member, space, role, tree, spaceGrants };
}

/**
 * The caller's effective role on a space placed under `parentId`, from the role inputs
 * `roleRowsSql` produced: the tree of collections above it (grants on them) and the caller's
 * grants on the space itself. The one consumer of a space's role inputs: the space check, the
 * organization search and the site reads all compute with it (`effectiveRole` inside).
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
