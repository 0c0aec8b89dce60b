import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { organizations, orgMembers } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import type { Caller } from "./authenticate";
import { callerFromResult, callerQuery, callerUserId } from "./caller-query";
import { atLeast, type MemberRole } from "./roles";
import { scopeAllows, type Scope } from "./scopes";

/** An organization row as stored. */
export type OrganizationRow = typeof organizations.$inferSelect;

/** What the caller is in an organization: `role` null is a guest. */
export interface OrgAccess {
  caller: Caller;
  org: OrganizationRow;
  role: MemberRole | null;
  isGuest: boolean;
}

/**
 * Loads an organization with the caller's membership in one round trip. Non-members (and
 * disabled members) get the same 404 as a nonexistent id.
 */
export async function resolveOrg(c: Context<AppEnv>, organizationId: string): Promise<OrgAccess> {
  return (await resolveOrgWith(c, organizationId, [] as const)).access;
}

/**
 * `resolveOrg` with more statements in the same round trip (reads that can name the caller
 * through `callerUserId(c)`); their results come back in order, to use once access is known.
 */
export async function resolveOrgWith<const T extends readonly BatchItem<"sqlite">[]>(
  c: Context<AppEnv>,
  organizationId: string,
  extra: T,
): Promise<{ access: OrgAccess; extra: { [K in keyof T]: Awaited<T[K]> } }> {
  const db = c.var.db;
  const [callerRows, orgRows, ...rest] = await db.batch([
    callerQuery(c),
    db
      .select({ org: organizations, role: orgMembers.role, disabled: orgMembers.disabled })
      .from(organizations)
      .innerJoin(
        orgMembers,
        and(
          eq(orgMembers.organizationId, organizations.id),
          eq(orgMembers.userId, callerUserId(c)),
        ),
      )
      .where(eq(organizations.id, organizationId))
      .limit(1),
    ...extra,
  ]);
  const caller = callerFromResult(c, callerRows);
  const row = orgRows[0];
  if (!row || row.disabled) throw notFound("Organization");
  return {
    access: { caller, org: row.org, role: row.role ?? null, isGuest: row.role == null },
    extra: rest as unknown as { [K in keyof T]: Awaited<T[K]> },
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
