import type { MemberRole } from "../lib/roles";
import type { Urls } from "../http/urls";
import type { Member } from "../api/members";
import type { UserLike } from "../api/users";
import { presentUser } from "./user";

/** The columns a member presentation needs: the membership, its user and the counts. */
export interface MemberLike {
  role: MemberRole | null;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt: string | null;
  teamsCount: number;
  /** Whether the member signs in with SSO (an SQL EXISTS: 0 or 1); absent reads as false. */
  sso?: number | boolean;
  user: UserLike;
}

/**
 * A member of an organization (official OrganizationMember). Spaces and sites do not exist yet,
 * so their counts are 0.
 */
export function presentMember(urls: Urls, row: MemberLike): Member {
  return {
    object: "member",
    id: row.user.id,
    role: row.role ?? null,
    user: presentUser(urls, row.user),
    disabled: row.disabled,
    joinedAt: row.joinedAt,
    ...(row.lastSeenAt ? { lastSeenAt: row.lastSeenAt } : {}),
    sso: Boolean(row.sso),
    spaces: 0,
    teams: row.teamsCount,
    sites: 0,
  };
}
