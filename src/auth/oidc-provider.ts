import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { NoStatements, Results, Statements } from "../db/plan";
import type { Scope } from "../lib/scopes";
import { requireRole, requireScope, resolveOrg, type OrgAccess } from "./organization";

/**
 * Loads the caller's access to an organization's OIDC providers, and any statements of `with`
 * (a service's plan), in one round trip. Outsiders get the 404 of a nonexistent organization;
 * members below admin (and tokens without `scope`) get 403: only admins manage providers.
 */
export async function resolveOidcAdmin<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<OrgAccess & { results: Results<S> }> {
  const access = await resolveOrg(c, organizationId, options);
  requireRole(access.role, "admin", "manage OIDC providers");
  requireScope(access.caller, scope);
  return access;
}
