import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import {
  integrations,
  organizations,
  orgMembers,
  type IntegrationRow,
  type OrganizationRow,
} from "../db/schema";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { forbidden, notFound } from "../lib/errors";
import type { MemberRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { callerFromResult, callerQuery, callerUserId, type Caller } from "./caller";
import { requireScope } from "./organization";

/** An integration the caller can see, with their standing in its owning organization. */
export interface IntegrationAccess {
  caller: Caller;
  integration: IntegrationRow;
  owner: OrganizationRow;
  /** The caller's role in the owning organization; undefined when not an enabled member. */
  ownerRole: MemberRole | null | undefined;
  /** Admins of the owning organization publish, delete and see every installation. */
  isOwnerAdmin: boolean;
}

/**
 * The integration named `name` with the caller's membership in its owner, as a statement of the
 * access batch (`name` may be SQL). The owner is a statement of its own (`ownerQuery`): D1
 * returns rows keyed by column name, so two tables with shared column names are never joined
 * into one row.
 */
export function integrationQuery(c: Context<AppEnv>, name: string | SQL) {
  return c
    .get("db")
    .select({ integration: integrations, role: orgMembers.role, disabled: orgMembers.disabled })
    .from(integrations)
    .leftJoin(
      orgMembers,
      and(
        eq(orgMembers.organizationId, integrations.organizationId),
        eq(orgMembers.userId, callerUserId(c)),
      ),
    )
    .where(eq(integrations.name, name))
    .limit(1);
}

/** The organization owning the integration named `name`. */
export function ownerQuery(c: Context<AppEnv>, name: string | SQL) {
  return c
    .get("db")
    .select()
    .from(organizations)
    .where(
      eq(
        organizations.id,
        sql`(SELECT ${integrations.organizationId} FROM ${integrations} WHERE ${integrations.name} = ${name})`,
      ),
    )
    .limit(1);
}

/** Rows of `integrationQuery`. */
type IntegrationRows = Awaited<ReturnType<typeof integrationQuery>>;

/** Rows of `ownerQuery`. */
type OwnerRows = Awaited<ReturnType<typeof ownerQuery>>;

/**
 * Reads `integrationQuery` rows: null when there is none or the caller may not see it. Private
 * integrations are visible to the members of their organization only (guests included: an
 * installation's bot user is one); public and
 * unlisted ones to every authenticated caller (unlisted ones are just left out of lists).
 */
export function integrationAccessFrom(
  caller: Caller,
  rows: IntegrationRows,
  owners: OwnerRows,
): IntegrationAccess | null {
  const row = rows[0];
  const owner = owners[0];
  if (!row || !owner) return null;
  const member = row.disabled === false;
  const ownerRole = member ? (row.role ?? null) : undefined;
  if (row.integration.visibility === "private" && ownerRole === undefined) return null;
  return {
    caller,
    integration: row.integration,
    owner,
    ownerRole,
    isOwnerAdmin: ownerRole === "admin",
  };
}

/**
 * Loads an integration the caller may see (404 otherwise, identical to an unknown name) and
 * checks the token's `scope`, with the statements of `with` in the same round trip.
 */
export async function resolveIntegration<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  name: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<IntegrationAccess & { results: Results<S> }> {
  const { own, extra } = await runBoth(
    c.get("db"),
    { caller: callerQuery(c), integration: integrationQuery(c, name), owner: ownerQuery(c, name) },
    options.with,
  );
  const caller = callerFromResult(c, own.caller);
  const access = integrationAccessFrom(caller, own.integration, own.owner);
  if (!access) throw notFound("Integration");
  requireScope(caller, scope);
  return { ...access, results: extra };
}

/** 403 unless the caller administers the integration's owning organization. */
export function requireIntegrationAdmin(access: IntegrationAccess, action: string): void {
  if (!access.isOwnerAdmin) {
    throw forbidden(`Only admins of the integration's organization can ${action}`);
  }
}

/** The Integration `permissions` object. */
export function integrationPermissions(access: { isOwnerAdmin: boolean }) {
  return { admin: access.isOwnerAdmin };
}

/** What publishing needs to know: the target organization and any existing integration. */
export interface PublishAccess {
  caller: Caller;
  org: OrganizationRow;
  existing: IntegrationAccess | null;
}

/**
 * Checks a publish in one round trip: the organization (by id or hostname) must be one the
 * caller administers (404 when none matches or the caller is not a member, 403 otherwise); an
 * existing integration of that name may be republished only by its owners' admins (403 when
 * they can see it, 404 when they cannot).
 */
export async function resolvePublish(
  c: Context<AppEnv>,
  name: string,
  organization: string,
): Promise<PublishAccess> {
  const db = c.get("db");
  const { own } = await runBoth(
    db,
    {
      caller: callerQuery(c),
      integration: integrationQuery(c, name),
      owner: ownerQuery(c, name),
      target: db
        .select({ org: organizations, role: orgMembers.role, disabled: orgMembers.disabled })
        .from(organizations)
        .innerJoin(
          orgMembers,
          and(
            eq(orgMembers.organizationId, organizations.id),
            eq(orgMembers.userId, callerUserId(c)),
          ),
        )
        .where(or(eq(organizations.id, organization), eq(organizations.hostname, organization)))
        .limit(1),
    },
    undefined,
  );
  const caller = callerFromResult(c, own.caller);
  requireScope(caller, "integration:publish");
  const existingRow = own.integration[0];
  const existing = integrationAccessFrom(caller, own.integration, own.owner);
  if (existingRow && !existing) throw notFound("Integration");
  if (existing) requireIntegrationAdmin(existing, "publish it");
  const target = own.target[0];
  if (!target || target.disabled) throw notFound("Organization");
  if (target.role !== "admin") {
    throw forbidden("The admin role is required to publish integrations in this organization");
  }
  return { caller, org: target.org, existing };
}
