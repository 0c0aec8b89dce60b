import type { OrgEmailInvite, PendingInvite } from "../api/invites";
import type { EmailInviteRow } from "../db/schema";
import { nowMs } from "../lib/clock";

/** An e-mail invite as its person sees it (`GET /v1/user/invites`, the accept's answer). */
export function presentPendingInvite(row: EmailInviteRow): PendingInvite {
  return {
    object: "email-invite",
    id: row.id,
    organization: { id: row.organizationId, title: row.organizationTitle },
    role: row.role ?? null,
    sso: row.sso,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    acceptedAt: row.acceptedAt,
  };
}

/** An e-mail invite as the organization's admins see it (`GET /v1/orgs/{id}/email-invites`). */
export function presentOrgEmailInvite(row: EmailInviteRow): OrgEmailInvite {
  return {
    ...presentPendingInvite(row),
    email: row.email,
    invitedBy: row.invitedBy,
    invitedByName: row.invitedByName,
    expired: Date.parse(row.expiresAt) <= nowMs(),
  };
}
