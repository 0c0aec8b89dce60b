import type { TeamRow } from "../db/schema";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { organizations, orgMembers, teamMembers, teams } from "../db/schema/index";
import { callerFromResult, callerUserId, type CallerRow } from "./caller";
import { requireScope, type OrgAccess } from "./organization";
import type { TeamRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";

/**
 * The organization with the caller's membership, as a query to batch beside `callerQuery(c)` and
 * the team reads (the same query `resolveOrg` runs).
 */
export function orgAccessQuery(c: Context<AppEnv>, organizationId: string) {
  const db = c.var.db;
  return db
    .select({ org: organizations, role: orgMembers.role, disabled: orgMembers.disabled })
    .from(organizations)
    .innerJoin(
      orgMembers,
      and(eq(orgMembers.organizationId, organizations.id), eq(orgMembers.userId, callerUserId(c))),
    )
    .where(eq(organizations.id, organizationId))
    .limit(1);
}

/** A team of the organization with the caller's role in it, as a query to batch. */
export function teamAccessQuery(c: Context<AppEnv>, organizationId: string, teamId: string) {
  return c.var.db
    .select({ team: teams, callerTeamRole: teamMembers.role })
    .from(teams)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, callerUserId(c))),
    )
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
}

type OrgAccessRows = Awaited<ReturnType<typeof orgAccessQuery>>;
type TeamAccessRows = Awaited<ReturnType<typeof teamAccessQuery>>;

/**
 * Turns the batch's caller and organization rows into the caller's access to the organization's
 * teams: 401 for a bad token, 404 unless an enabled member, 403 for guests (they may see the
 * organization but not its teams) and for a token without `scope`.
 */
export function teamsAccess(
  c: Context<AppEnv>,
  callerRows: readonly CallerRow[],
  orgRows: OrgAccessRows,
  scope: Scope,
): OrgAccess {
  const caller = callerFromResult(c, callerRows);
  const row = orgRows[0];
  if (!row || row.disabled) throw notFound("Organization");
  if (row.role == null) throw forbidden("Guests cannot access the teams of this organization");
  requireScope(caller, scope);
  return { caller, org: row.org, role: row.role, isGuest: false };
}

/** A team the caller can see, and whether they may manage it. */
export interface TeamAccess {
  team: TeamRow;
  callerTeamRole: TeamRole | null;
  canManage: boolean;
}

/** The team from the batch's team rows, or the 404 a nonexistent id gets. */
export function teamFrom(access: OrgAccess, rows: TeamAccessRows): TeamAccess {
  const row = rows[0];
  if (!row) throw notFound("Team");
  const callerTeamRole = row.callerTeamRole ?? null;
  return { team: row.team, callerTeamRole, canManage: canManageTeam(access, callerTeamRole) };
}

/** Organization admins manage every team; team owners manage their own. */
export function canManageTeam(access: OrgAccess, callerTeamRole: TeamRole | null): boolean {
  return access.role === "admin" || callerTeamRole === "owner";
}

/** 403 unless the caller may manage the team. */
export function requireTeamManager(team: TeamAccess): void {
  if (!team.canManage) {
    throw forbidden("Only organization admins and team owners can manage this team");
  }
}

/** 403 unless the caller is an organization admin. */
export function requireOrgAdmin(access: OrgAccess, action: string): void {
  if (access.role !== "admin") throw forbidden(`The admin role is required to ${action}`);
}
