import { atLeast, type MemberRole } from "../lib/roles";
import type { Invite } from "../api/organizations";
import type { InviteRow } from "../db/schema";

/**
 * An invite link to an organization (official InviteLinkToOrganization). `redundant` tells the
 * viewer whether their own membership already gives what the link grants.
 */
export function presentInvite(row: InviteRow, viewerRole: MemberRole | null): Invite {
  const role = row.role ?? null;
  return {
    object: "invite",
    id: row.id,
    role,
    redundant: role === null || atLeast(viewerRole, role),
  };
}
