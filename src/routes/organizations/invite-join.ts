import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { callerFromResult, callerQuery, callerUserId, type Caller } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import type { Scope } from "../../lib/scopes";
import { runBoth } from "../../db/plan";
import { ApiError, forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { addMember } from "../../services/organizations/organizations";
import { inviteToJoinStatement } from "../../services/members/invites";
import { ssoWayInOf } from "../../services/sign-in/org-policy";
import { InviteLinkOfferSchema, InviteParams } from "../../api/organizations";
import { ssoStartOf } from "../sign-in/sso-start";
import { disabledMembershipReason } from "../../services/sso/existing-account";

/**
 * Joining an organization through one of its invite links (`createOrganizationInvite`): whoever
 * holds the link and is signed in (a session, or their own API token) joins with its role.
 */
export const inviteJoinRoutes = createRouter();

/** Where the app's join screen of an invite link is (docs/compatibility.md, "Invite links"). */
const LINK_NOTE =
  "The link to share is `<PUBLIC_APP_URL>/join/{organizationId}/{inviteId}`: the app's screen that shows the organization and a Join button.";

/** An invite link as the join reads it: its role, its organization, the caller's membership. */
type InviteToJoin = Awaited<ReturnType<typeof inviteToJoinStatement>>[number];

/**
 * The caller and the invite link with its organization and their membership, in one round trip.
 * An unknown or deleted link, or one of another organization, is a 404 the same as a missing
 * organization; then the scope; then a disabled member (403) and disabled invite links (403).
 */
async function resolveInviteLink(
  c: Context<AppEnv>,
  organizationId: string,
  inviteId: string,
  scope: Scope,
): Promise<{ caller: Caller; invite: InviteToJoin }> {
  const { own } = await runBoth(
    c.get("db"),
    {
      caller: callerQuery(c),
      invite: inviteToJoinStatement(c.get("db"), organizationId, inviteId, callerUserId(c)),
    },
    undefined,
  );
  const caller = callerFromResult(c, own.caller);
  const invite = own.invite[0];
  if (!invite) throw notFound("Invite");
  requireScope(caller, scope);
  if (invite.disabled === true) throw forbidden(disabledMembershipReason(invite.org.title));
  if (!invite.org.inviteLinks) {
    throw forbidden(
      `Invite links are turned off in ${invite.org.title}: ask its admins to invite you`,
    );
  }
  return { caller, invite };
}

inviteJoinRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/invites/{inviteId}",
    tags: ["organizations"],
    summary: "Join an organization with an invite link (a signed-in person)",
    description: `The caller joins with the link's role (null: a guest). A member keeps their role (200, nothing changed). An unknown or deleted link: 404. An organization that enforces SSO: 403 naming where its SSO starts (its SSO sign-in provisions members). ${LINK_NOTE}`,
    request: { params: InviteParams },
    responses: {
      200: jsonResponse(z.object({}), "OK"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { organizationId, inviteId } = c.req.valid("param");
    const { caller, invite } = await resolveInviteLink(
      c,
      organizationId,
      inviteId,
      "organization:members:write",
    );
    if (invite.disabled === false) return c.json({}, 200); // already a member: role kept
    if (invite.org.sso) {
      const sso = await ssoWayInOf(c.get("db"), invite.org.id, invite.org.title);
      throw new ApiError(
        403,
        `${sso.title} enforces single sign-on (SSO): join it by signing in with its SSO, not with an invite link: ${ssoStartOf(c)(sso)}`,
      );
    }
    await addMember(c.get("db"), { organizationId, userId: caller.user.id, role: invite.role });
    return c.json({}, 200);
  },
);

inviteJoinRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/invites/{inviteId}",
    tags: ["organizations"],
    summary: "What an invite link offers the signed-in person holding it (Quire extension)",
    description: `The organization's name, the link's role and whether the caller is already a member; for the app's join screen. Refused as the join is (404, 403). ${LINK_NOTE}`,
    request: { params: InviteParams },
    responses: {
      200: jsonResponse(InviteLinkOfferSchema, "What the invite link offers."),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { organizationId, inviteId } = c.req.valid("param");
    const { invite } = await resolveInviteLink(c, organizationId, inviteId, "organization:read");
    return c.json(
      {
        object: "invite" as const,
        id: inviteId,
        role: invite.role ?? null,
        organization: { id: invite.org.id, title: invite.org.title, sso: invite.org.sso },
        member: invite.disabled === false,
      },
      200,
    );
  },
);
