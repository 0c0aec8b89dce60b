import { authorizationMatrix } from "../helpers/authz";
import { testDb } from "../helpers/factories";
import { emailInvites } from "../../src/db/schema";

// The reads of the settings (members, not guests) are checked in email-passwords.test.ts. The person's
// own invites (`/v1/user/invites`, no organization role) get their caller kinds in
// invites.test.ts.

/** An organization id that never existed. */
const MISSING = "missing-org-id-00000";

authorizationMatrix("PATCH /v1/orgs/{organizationId}/sign-in-settings", {
  request: (w) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/sign-in-settings`,
    body: { passwordsAllowed: false },
  }),
  missing: () => ({
    method: "PATCH",
    path: `/orgs/${MISSING}/sign-in-settings`,
    body: { passwordsAllowed: false },
  }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/invites", {
  request: (w) => ({
    method: "POST",
    path: `/orgs/${w.org.id}/invites`,
    body: { emails: ["matrix-invitee@example.test"] },
  }),
  missing: () => ({
    method: "POST",
    path: `/orgs/${MISSING}/invites`,
    body: { emails: ["matrix-invitee@example.test"] },
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 200,
});

/** A pending e-mail invite of the world's organization, written as the invite operation does. */
async function pendingInvite(organizationId: string): Promise<{ inviteId: string }> {
  const inviteId = `matrix-invite-${crypto.randomUUID()}`;
  await testDb()
    .insert(emailInvites)
    .values({
      id: inviteId,
      organizationId,
      email: `${inviteId}@example.test`,
      role: "read",
      tokenDigest: inviteId,
      invitedBy: "matrix",
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  return { inviteId };
}

authorizationMatrix("GET /v1/orgs/{organizationId}/email-invites", {
  setup: (w) => pendingInvite(w.org.id),
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/email-invites` }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}/email-invites` }),
  minimumRole: "admin",
  scope: "organization:members:read",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/email-invites/{inviteId}", {
  setup: (w) => pendingInvite(w.org.id),
  request: (w, s) => ({ method: "DELETE", path: `/orgs/${w.org.id}/email-invites/${s.inviteId}` }),
  missing: (_w, s) => ({ method: "DELETE", path: `/orgs/${MISSING}/email-invites/${s.inviteId}` }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 204,
});
