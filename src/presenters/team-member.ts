import type { MemberRole, TeamRole } from "../lib/roles";
import type { Urls } from "../http/urls";
import type { TeamMemberItem } from "../api/teams";
import { presentMember } from "./member";

/** The columns of one team member row, as the member list query selects them. */
export interface TeamMemberRow {
  userId: string;
  displayName: string;
  email: string;
  photoURL: string | null;
  orgRole: MemberRole | null;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt: string | null;
  teamRole: TeamRole;
  teamsCount: number;
}

/**
 * A team member item: the person exactly as the organization's member list shows them, their
 * team role, and what the caller may do (any caller who can list a team sees its members).
 */
export function presentTeamMember(
  urls: Urls,
  row: TeamMemberRow,
  permissions: TeamMemberItem["permissions"],
): TeamMemberItem {
  return {
    organization: presentMember(urls, {
      role: row.orgRole ?? null,
      disabled: Boolean(row.disabled),
      joinedAt: row.joinedAt,
      lastSeenAt: row.lastSeenAt,
      teamsCount: Number(row.teamsCount),
      user: {
        id: row.userId,
        displayName: row.displayName,
        email: row.email,
        photoURL: row.photoURL,
      },
    }),
    team: { role: row.teamRole },
    permissions,
  };
}
