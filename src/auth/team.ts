import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { teamMembers, teams, type TeamRow } from "../db/schema";
import type { NoStatements, Results, Statements } from "../db/plan";
import { callerUserId } from "./caller";
import { orgAccessFrom, requireScope, runAsMember, type OrgAccess } from "./organization";
import type { TeamRole } from "../lib/roles";
import type { Scope } from "../lib/scopes";
import { forbidden, notFound } from "../lib/errors";

/** A team of the organization with the caller's role in it, as a statement of the access batch. */
function teamAccessQuery(c: Context<AppEnv>, organizationId: string, teamId: string) {
  return c
    .get("db")
    .select({ team: teams, callerTeamRole: teamMembers.role })
    .from(teams)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, callerUserId(c))),
    )
    .where(and(eq(teams.id, teamId), eq(teams.organizationId, organizationId)))
    .limit(1);
}

/**
 * The caller's access to an organization's teams: 401 for a bad token, 404 unless an enabled
 * member, 403 for guests (they may see the organization but not its teams) and for a token
 * without `scope`.
 */
function teamsAccessFrom(access: OrgAccess, scope: Scope): OrgAccess {
  if (access.role == null) throw forbidden("Guests cannot access the teams of this organization");
  requireScope(access.caller, scope);
  return access;
}

/**
 * Loads the caller's access to an organization's teams (see `teamsAccessFrom`), and any
 * statements of `with` (a service's plan), in one round trip; `results` by name.
 */
export async function resolveTeams<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<OrgAccess & { results: Results<S> }> {
  const { own, extra } = await runAsMember(c, organizationId, {}, options.with);
  const access = teamsAccessFrom(orgAccessFrom(c, own.caller, own.member), scope);
  return { ...access, results: extra };
}

/** A team the caller can see, and whether they may manage it. */
export interface TeamAccess {
  team: TeamRow;
  callerTeamRole: TeamRole | null;
  canManage: boolean;
}

/**
 * Loads a team with the caller's access to it and to its organization's teams, and any
 * statements of `with`, in one round trip: the organization's errors first (see
 * `resolveTeams`), then the 404 of a team that does not exist in it.
 */
export async function resolveTeam<S extends Statements = NoStatements>(
  c: Context<AppEnv>,
  organizationId: string,
  teamId: string,
  scope: Scope,
  options: { with?: S } = {},
): Promise<OrgAccess & TeamAccess & { results: Results<S> }> {
  const statements = { team: teamAccessQuery(c, organizationId, teamId) };
  const { own, extra } = await runAsMember(c, organizationId, statements, options.with);
  const access = teamsAccessFrom(orgAccessFrom(c, own.caller, own.member), scope);
  const row = own.team[0];
  if (!row) throw notFound("Team");
  const callerTeamRole = row.callerTeamRole ?? null;
  const canManage = canManageTeam(access, callerTeamRole);
  return { ...access, team: row.team, callerTeamRole, canManage, results: extra };
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

/** The Team `permissions` object: everyone who sees a team views it; managers administer it. */
export function teamPermissions(canManage: boolean) {
  return { admin: canManage, view: true };
}

/** The permissions on a team membership: whoever sees the team's members sees each of them. */
export function teamMemberPermissions() {
  return { view: true };
}
