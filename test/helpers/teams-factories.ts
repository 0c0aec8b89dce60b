import { eq } from "drizzle-orm";
import type { TeamRole } from "../../src/lib/roles";
import { organizations, teams } from "../../src/db/schema";
import { applyMembershipPlan, createTeam } from "../../src/services/teams/teams";
import { testDb, unique } from "./factories";

/** A team in an organization, through the service, with optional members and their roles. */
export async function makeTeam(
  organizationId: string,
  options: { title?: string; members?: { userId: string; role?: TeamRole }[] } = {},
) {
  const db = testDb();
  const team = await createTeam(db, {
    orgId: organizationId,
    title: options.title ?? unique("Team "),
    memberIds: [],
  });
  const members = options.members ?? [];
  if (members.length > 0) {
    await applyMembershipPlan(db, team.id, {
      add: [],
      roles: new Map(members.map((m) => [m.userId, m.role ?? "member"])),
      remove: [],
    });
  }
  return team;
}

/** The stored team row, for asserting counters. */
export async function readTeam(teamId: string) {
  const [row] = await testDb().select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** The organization's stored team counter. */
export async function teamsCounter(organizationId: string) {
  const [row] = await testDb()
    .select({ n: organizations.teamsCount })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.n;
}
