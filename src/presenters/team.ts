import type { Team } from "../api/teams";
import type { TeamRow } from "../db/schema";

/**
 * A team looks the same from every endpoint: counts come from the counters kept exact by the
 * service; `permissions` come from `teamPermissions` (src/auth/team.ts).
 */
export function presentTeam(row: TeamRow, permissions: Team["permissions"]): Team {
  return {
    object: "team",
    id: row.id,
    title: row.title,
    members: row.membersCount,
    spaces: row.spacesCount,
    createdAt: row.createdAt,
    permissions,
  };
}
