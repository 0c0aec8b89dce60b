import { authorizationMatrix } from "../helpers/authz";

// The reads of the settings (members, not guests) are checked in passwords.test.ts, the invites
// (admins only) in invites.test.ts: a full matrix each would cost the suite a few worlds more.

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
