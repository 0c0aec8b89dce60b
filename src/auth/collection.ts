import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { notFound } from "../lib/errors";
import type { NoStatements, Results, Statements } from "../db/plan";
import { atLeast, type MemberRole } from "../lib/roles";
import { callerFromResult, type Caller, type CallerRow } from "./caller";
import { accessIn, collectionTreeStatements, treeOf, type CollectionAccess } from "./content-role";
import type { CollectionTree } from "./role-types";
import { membershipFrom, runAsMember, type Membership, type MembershipRows } from "./organization";

/** A resolved collection: the caller, the collection, its organization and the roles. */
export interface ResolvedCollection extends Membership, CollectionAccess {
  caller: Caller;
  /** Everything loaded: the collection's and `around`'s chains, and the caller's grants. */
  tree: CollectionTree;
}

/** What `findCollection` and `resolveCollection` take. */
interface CollectionOptions<S extends Statements> {
  /** Other collections whose access the route needs (a move's target and pointer). */
  around?: readonly string[];
  /** A service's statements, run in the same round trip (results by name in `results`). */
  with?: S;
}

/**
 * Loads a collection, its ancestors (and `around`'s), the caller's membership and grants in one
 * round trip with the statements of `with`, and computes the effective role; `found` is null
 * when the collection is absent, in an organization the caller is not an active member of, or
 * without an effective role.
 */
export async function findCollection<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  collectionId: string,
  options: CollectionOptions<S> = {},
): Promise<{
  caller: Caller;
  found: Omit<ResolvedCollection, "caller"> | null;
  results: Results<S>;
}> {
  const orgId = sql`(SELECT organization_id FROM collections WHERE id = ${collectionId})`;
  const { own, extra } = await runAsMember(
    c,
    orgId,
    collectionTreeStatements(c, [collectionId, ...(options.around ?? [])]),
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  const member = membershipFrom(own.member);
  const tree = treeOf(own);
  const access = member && accessIn(member, tree, collectionId);
  const found = member && access ? { ...member, ...access, tree } : null;
  return { caller, found, results: extra };
}

/** `findCollection`, with the same 404 for absent and invisible collections. */
export async function resolveCollection<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  collectionId: string,
  options: CollectionOptions<S> = {},
): Promise<ResolvedCollection & { results: Results<S> }> {
  const { caller, found, results } = await findCollection(c, collectionId, options);
  if (!found) throw notFound("Collection");
  return { caller, ...found, results };
}

/**
 * The caller's membership in an organization and their access to `collectionIds` there (the
 * parent a new space or collection goes in; none: nothing more is read), with the statements of
 * `with`, in one round trip.
 * Non-members get the same 404 as a nonexistent organization.
 */
export async function resolveInOrg<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  collectionIds: readonly string[],
  options: { with?: S } = {},
): Promise<{ caller: Caller; member: Membership; tree: CollectionTree; results: Results<S> }> {
  // No collection asked about: the tree's two statements are left out of the batch.
  if (collectionIds.length === 0) {
    const { own, extra } = await runAsMember(c, organizationId, NO_TREE, options.with);
    return { ...memberOf(c, own), tree: { rows: [], grants: [] }, results: extra };
  }
  const treeStatements = collectionTreeStatements(c, collectionIds);
  const { own, extra } = await runAsMember(c, organizationId, treeStatements, options.with);
  return { ...memberOf(c, own), tree: treeOf(own), results: extra };
}

/** The caller and their membership from `runAsMember`'s rows; 404 for non-members. */
function memberOf(
  c: Context<AppEnv>,
  own: { caller: readonly CallerRow[]; member: MembershipRows },
): { caller: Caller; member: Membership } {
  const caller = callerFromResult(c, own.caller);
  const member = membershipFrom(own.member);
  if (!member) throw notFound("Organization");
  return { caller, member };
}

/** No tree statements (`resolveInOrg` asked about no collection). */
const NO_TREE: NoStatements = {};

/** The Collection `permissions` object, derived from the effective role alone. */
export function collectionPermissions(role: MemberRole | null) {
  return {
    view: atLeast(role, "read"),
    admin: atLeast(role, "admin"),
    viewInviteLinks: atLeast(role, "admin"),
    create: atLeast(role, "create"),
  };
}
