import { and, count, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import {
  integrationInstallations,
  integrationInstallationTargets,
  integrations,
  organizations,
  orgMembers,
  type IntegrationInstallationRow,
  type OrganizationRow,
} from "../db/schema";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { forbidden, notFound } from "../lib/errors";
import type { Scope } from "../lib/scopes";
import { callerFromResult, callerQuery, callerUserId } from "./caller";
import {
  integrationAccessFrom,
  integrationQuery,
  ownerQuery,
  type IntegrationAccess,
} from "./integration";
import { requireScope } from "./organization";

/** An installation the caller may read, and whether they may manage it. */
export interface InstallationAccess extends IntegrationAccess {
  installation: IntegrationInstallationRow;
  /** The organization the integration is installed in. */
  org: OrganizationRow;
  /** Spaces the installation manages (all of the organization's, or the installed ones). */
  spacesCount: number;
  /** Admins of the installation's organization manage it. */
  canManage: boolean;
}

/** The installation of the named integration with the caller's membership in its organization. */
function installationQuery(c: Context<AppEnv>, name: string, installationId: string) {
  return c
    .get("db")
    .select({
      installation: integrationInstallations,
      role: orgMembers.role,
      disabled: orgMembers.disabled,
    })
    .from(integrationInstallations)
    .innerJoin(
      integrations,
      and(eq(integrations.id, integrationInstallations.integrationId), eq(integrations.name, name)),
    )
    .leftJoin(
      orgMembers,
      and(
        eq(orgMembers.organizationId, integrationInstallations.organizationId),
        eq(orgMembers.userId, callerUserId(c)),
      ),
    )
    .where(eq(integrationInstallations.id, installationId))
    .limit(1);
}

/** Options of the installation resolvers. */
interface InstallationOptions<S extends Statements> {
  with?: S;
  /** Require the right to manage it (admins of its organization). */
  manage?: boolean;
}

/**
 * Loads an installation with everything its access depends on, and the statements of `with`,
 * in one round trip. Admins of the installation's organization manage it; admins of the
 * integration's organization and the installation's own bot user read it; other members of the
 * installation's organization get 403. An integration the caller cannot see is a 404; an
 * installation they cannot see (or none) is null.
 */
export async function findInstallation<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  name: string,
  installationId: string,
  scope: Scope,
  options: InstallationOptions<S> = {},
): Promise<(InstallationAccess & { results: Results<S> }) | null> {
  const db = c.get("db");
  const { own, extra } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      integration: integrationQuery(c, name),
      owner: ownerQuery(c, name),
      installation: installationQuery(c, name, installationId),
      org: db
        .select()
        .from(organizations)
        .where(
          eq(
            organizations.id,
            sql`(SELECT ${integrationInstallations.organizationId} FROM ${integrationInstallations} WHERE ${integrationInstallations.id} = ${installationId})`,
          ),
        )
        .limit(1),
      spaces: db
        .select({ n: count() })
        .from(integrationInstallationTargets)
        .where(
          and(
            eq(integrationInstallationTargets.installationId, installationId),
            eq(integrationInstallationTargets.targetType, "space"),
          ),
        ),
    },
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  const access = integrationAccessFrom(caller, own.integration, own.owner);
  if (!access) throw notFound("Integration");
  const row = own.installation[0];
  const org = own.org[0];
  if (!row || !org) return null;
  const member = row.disabled === false;
  const canManage = member && row.role === "admin";
  const isBot = row.installation.botUserId === caller.user.id;
  const canRead = canManage || access.isOwnerAdmin || isBot;
  if (!canRead && !member) return null;
  if (!canRead || (options.manage && !canManage)) {
    throw forbidden("The admin role is required to manage this integration's installation");
  }
  requireScope(caller, scope);
  const installation = row.installation;
  const spacesCount =
    installation.spaceSelection === "all" ? org.spacesCount : (own.spaces[0]?.n ?? 0);
  return { ...access, installation, org, spacesCount, canManage, results: extra };
}

/** `findInstallation`, with the 404 of an unknown id for an installation the caller cannot see. */
export async function resolveInstallation<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  name: string,
  installationId: string,
  scope: Scope,
  options: InstallationOptions<S> = {},
): Promise<InstallationAccess & { results: Results<S> }> {
  const found = await findInstallation(c, name, installationId, scope, options);
  if (!found) throw notFound("Installation");
  return found;
}
