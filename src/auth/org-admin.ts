import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { NoStatements, Results, Statements } from "../db/plan";
import type { Scope } from "../lib/scopes";
import { requireRole, requireScope, resolveOrg, type OrgAccess } from "./organization";

/**
 * Loads the caller's access to something only an organization's admins manage (its SAML and
 * OIDC providers), and any statements of `with` (a service's plan), in one round trip.
 * Outsiders get the 404 of a nonexistent organization; members below admin (and tokens without
 * `scope`) get 403 naming `action`.
 */
export async function resolveOrgAdmin<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  scope: Scope,
  action: string,
  options: { with?: S } = {},
): Promise<OrgAccess & { results: Results<S> }> {
  const access = await resolveOrg(c, organizationId, options);
  requireRole(access.role, "admin", action);
  requireScope(access.caller, scope);
  return access;
}
