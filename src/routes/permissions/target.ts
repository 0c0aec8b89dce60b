import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveCollection } from "../../auth/collection";
import { chainOf } from "../../auth/content-role";
import { resolveSpace } from "../../auth/space";
import type { MemberRole } from "../../lib/roles";
import type { Membership } from "../../auth/organization";
import type { ChainLink } from "../../services/permissions/aggregate";
import type { GrantTarget } from "../../services/permissions/grants";

/**
 * The space or collection of a permission operation, resolved with the caller's role on it (the
 * same 404 for absent and invisible content) and the chain of default levels above it.
 */

/** A role that can be granted: a grant always carries one (null is an organization guest's). */
export function grantedRole<R>(role: R | null | undefined): R {
  if (role === null || role === undefined) {
    throw badRequest("body.role: a role is required (a grant of no role is a removal)");
  }
  return role;
}

/** Which content a permission route is about. */
export type PermissionKind = "space" | "collection";

/** A resolved permission target. */
export interface ResolvedTarget {
  target: GrantTarget;
  org: Membership["org"];
  role: MemberRole;
  orgRole: MemberRole | null;
  chain: ChainLink[];
}

/** Resolves the content of `kind` with id `id`; `write` also requires admin on it. */
export async function resolveTarget(
  c: Context<AppEnv>,
  kind: PermissionKind,
  id: string,
  write: boolean,
): Promise<ResolvedTarget> {
  const found = kind === "space" ? await spaceTarget(c, id) : await collectionTarget(c, id);
  requireScope(found.caller, write ? "space:write" : "space:read");
  if (write) requireRole(found.role, "admin", `manage who may access this ${kind}`);
  const { caller: _caller, ...target } = found;
  return target;
}

async function spaceTarget(c: Context<AppEnv>, id: string) {
  const found = await resolveSpace(c, id);
  const above = found.space.parentId ? chainOf(found.tree.rows, found.space.parentId) : [];
  const chain: ChainLink[] = [
    { resourceType: "space", resourceId: id, defaultLevel: found.space.defaultLevel },
    ...above.map(linkOf),
  ];
  return { ...common(found), target: { resourceType: "space" as const, resourceId: id }, chain };
}

async function collectionTarget(c: Context<AppEnv>, id: string) {
  const found = await resolveCollection(c, id);
  const chain = found.chain.map(linkOf);
  return {
    ...common(found),
    target: { resourceType: "collection" as const, resourceId: id },
    chain,
  };
}

function common(found: {
  caller: ResolvedTargetCaller;
  org: Membership["org"];
  role: MemberRole;
  orgRole: MemberRole | null;
}) {
  return { caller: found.caller, org: found.org, role: found.role, orgRole: found.orgRole };
}

type ResolvedTargetCaller = Awaited<ReturnType<typeof resolveSpace>>["caller"];

function linkOf(row: { id: string; defaultLevel: ChainLink["defaultLevel"] }): ChainLink {
  return { resourceType: "collection", resourceId: row.id, defaultLevel: row.defaultLevel };
}
