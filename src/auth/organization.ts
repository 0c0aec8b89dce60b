import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { orgEmailDomains, organizations, orgMembers, users } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import { runBoth, type NoStatements, type Results, type Statements } from "../db/plan";
import { callerFromResult, callerQuery, callerUserId, type Caller, type CallerRow } from "./caller";
import { orgAccessQuery, readOrgAccessRow } from "./access-rows";
import { atLeast, type MemberRole } from "../lib/roles";
import { scopeAllows, type Scope } from "../lib/scopes";
import type { OrganizationRow } from "../db/schema";
import type { Organization } from "../api/organizations";

/** What the caller is in an organization: `role` null is a guest. */
export interface OrgAccess {
  caller: Caller;
  org: OrganizationRow;
  role: MemberRole | null;
  isGuest: boolean;
}

/**
 * The organization with the caller's membership in it (no row: not a member), as a statement
 * for the access batch.
 */
export function membershipQuery(c: Context<AppEnv>, organizationId: string | SQL) {
  return c
    .get("db")
    .select({ org: organizations, role: orgMembers.role, disabled: orgMembers.disabled })
    .from(organizations)
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.organizationId, organizations.id), eq(orgMembers.userId, callerUserId(c))),
    )
    .where(eq(organizations.id, organizationId))
    .limit(1);
}

/** Rows of `membershipQuery`. */
export type MembershipRows = Awaited<ReturnType<typeof membershipQuery>>;

/** The caller's standing in an organization. */
export interface Membership {
  org: OrganizationRow;
  orgRole: MemberRole | null;
  isGuest: boolean;
}

/** Reads `membershipQuery` rows: null for a non-member or a disabled member. */
export function membershipFrom(
  rows: readonly { org: OrganizationRow; role: MemberRole | null; disabled: boolean }[],
): Membership | null {
  const row = rows[0];
  if (!row || row.disabled) return null;
  return { org: row.org, orgRole: row.role ?? null, isGuest: row.role == null };
}

/** The caller's access to an organization from the batch's rows; 404 for non-members. */
export function orgAccessFrom(
  c: Context<AppEnv>,
  callerRows: readonly CallerRow[],
  memberRows: MembershipRows,
): OrgAccess {
  const caller = callerFromResult(c, callerRows);
  const member = membershipFrom(memberRows);
  if (!member) throw notFound("Organization");
  return { caller, org: member.org, role: member.orgRole, isGuest: member.isGuest };
}

/**
 * Runs the caller lookup and their membership in an organization with a resolver's own
 * statements (`more`) and a service's (`extra`, results apart) in one round trip.
 */
export async function runAsMember<M extends Statements, E extends Statements>(
  c: Context<AppEnv>,
  organizationId: string | SQL,
  more: M,
  extra: E | undefined,
) {
  const { own, extra: results } = await runBoth(
    c.get("db"),
    { access: orgAccessQuery(c, organizationId), ...more },
    extra,
  );
  const raw = own.access[0]?.row;
  const row = raw ? readOrgAccessRow(raw) : null;
  const member: MembershipRows =
    row?.org && row.memberUserId
      ? [{ org: row.org, role: row.role, disabled: row.disabled ?? false }]
      : [];
  return { own: { ...own, caller: row ? [row.caller] : [], member }, extra: results };
}

/**
 * Loads an organization with the caller's membership, and any statements of `with` (a service's
 * plan statements, which may name the caller through `callerUserId(c)`), in one round trip.
 * Non-members (and disabled members) get the same 404 as a nonexistent id; `results` are read
 * only once access is known.
 */
export async function resolveOrg<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  options: { with?: S } = {},
): Promise<OrgAccess & { results: Results<S> }> {
  const { own, extra } = await runAsMember(c, organizationId, {}, options.with);
  return { ...orgAccessFrom(c, own.caller, own.member), results: extra };
}

/** An organization seen by someone who may not belong to it yet, e.g. to join it. */
export interface OrgToJoin {
  caller: Caller;
  org: OrganizationRow;
  role: MemberRole | null;
  /** The caller's membership: null when not a member, true when it is disabled. */
  disabled: boolean | null;
  /**
   * The caller's address is verified and on one of the organization's VERIFIED domains (the
   * only way a non-member may join by domain: src/services/organizations/domains/).
   */
  onVerifiedDomain: boolean;
}

/**
 * Loads an organization with the caller's membership if any, in one round trip: joining by
 * e-mail domain must see organizations the caller does not belong to. 404 only for a
 * nonexistent id.
 */
export async function resolveOrgToJoin(
  c: Context<AppEnv>,
  organizationId: string,
): Promise<OrgToJoin> {
  const { own } = await runBoth(
    c.get("db"),
    {
      caller: callerQuery(c),
      org: c
        .get("db")
        .select({
          org: organizations,
          role: orgMembers.role,
          disabled: orgMembers.disabled,
          onVerifiedDomain: sql<number>`EXISTS (SELECT 1 FROM ${users} u
            JOIN ${orgEmailDomains} d ON d.organization_id = ${organizations.id}
              AND d.domain = lower(substr(u.email, instr(u.email, '@') + 1)) AND d.status = 'verified'
            WHERE u.id = ${callerUserId(c)} AND u.email_verified = 1)`,
        })
        .from(organizations)
        .leftJoin(
          orgMembers,
          and(
            eq(orgMembers.organizationId, organizations.id),
            eq(orgMembers.userId, callerUserId(c)),
          ),
        )
        .where(eq(organizations.id, organizationId))
        .limit(1),
    },
    undefined,
  );
  const caller = callerFromResult(c, own.caller);
  const row = own.org[0];
  if (!row) throw notFound("Organization");
  return {
    caller,
    org: row.org,
    role: row.role ?? null,
    disabled: row.disabled ?? null,
    onVerifiedDomain: Boolean(row.onVerifiedDomain),
  };
}

/** 403 unless the caller's role is at least `minimum`. */
export function requireRole(role: MemberRole | null, minimum: MemberRole, action?: string): void {
  if (!atLeast(role, minimum)) {
    throw forbidden(
      action
        ? `The ${minimum} role is required to ${action}`
        : `This action requires the ${minimum} role`,
    );
  }
}

/** 403 when the token was limited to scopes that do not include `scope`. */
export function requireScope(caller: Caller, scope: Scope): void {
  if (!scopeAllows(caller.token.scopes, scope)) {
    throw forbidden(`This API token lacks the ${scope} scope`);
  }
}

/**
 * Derives the Organization `permissions` object from the caller's membership, so every endpoint
 * that shows an organization tells the same story as the checks the routes make.
 * `member` false is a non-member (e.g. someone who may join by e-mail domain): nothing is allowed.
 */
export function organizationPermissions(
  role: MemberRole | null,
  member = true,
): Organization["permissions"] {
  const nonGuest = member && role !== null;
  const creator = member && atLeast(role, "create");
  const admin = member && atLeast(role, "admin");
  return {
    view: member,
    access: member,
    admin,
    ownTeam: creator,
    createContent: creator,
    createOpenAPISpec: creator,
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: nonGuest,
    listInstallations: admin,
    installIntegration: admin,
  };
}
