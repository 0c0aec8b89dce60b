import type { Team } from "../api/teams";
import type { TeamRow } from "../db/schema";

/**
 * A team looks the same from every endpoint: counts come from the counters kept exact by the
 * service, `admin` says whether the caller may manage it (organization admin or team owner).
 */
export function presentTeam(row: TeamRow, canManage: boolean): Team {
  return {
    object: "team",
    id: row.id,
    title: row.title,
    members: row.membersCount,
    spaces: row.spacesCount,
    createdAt: row.createdAt,
    permissions: { admin: canManage, view: true },
  };
}
