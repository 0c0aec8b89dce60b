import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { createRouter } from "../../http/router";
import { publicRoute, signInRoute } from "../../http/route-facts";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { refuseCrossSiteSignIn } from "../../http/sign-in-guards";
import { MailNotConfigured } from "../../mail";
import { mailTransport } from "../../mail/config";
import { acceptEmailInvite, inviteByEmail, inviteInfo } from "../../services/sign-in/email-invites";
import { OrgParams } from "../../api/organizations";
import {
  AcceptInviteBody,
  EmailInviteQuery,
  EmailInviteSchema,
  InvitedUsersSchema,
  InviteUsersBody,
} from "../../api/sign-in";
import { signedIn } from "../sessions/signed-in";
import { ssoStartOf } from "./sso-start";
import { CurrentSessionSchema } from "../../api/sessions";

/** E-mail invites: sending them (official `inviteUsersToOrganization`) and accepting one. */
export const emailInviteRoutes = createRouter();

emailInviteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/invites",
    tags: ["organization-invites"],
    summary:
      "Invite users in an organization by e-mail (admins): each address gets a pending invite to accept (nobody is added at once, so `users` is empty)",
    request: { params: OrgParams, body: jsonBody(InviteUsersBody) },
    responses: {
      200: jsonResponse(InvitedUsersSchema, "OK"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "invite members");
    const transport = mailTransport(c.env);
    if (transport.kind === "none") throw new MailNotConfigured(transport.reason);
    const body = c.req.valid("json");
    const fallback = body.role === undefined ? (access.org.defaultRole ?? "read") : body.role;
    const entries = body.emails.map((e) =>
      typeof e === "string" ? { email: e, role: fallback } : { email: e.email, role: e.role },
    );
    const result = await inviteByEmail(c.get("db"), c.env, {
      org: { id: organizationId, title: access.org.title },
      inviter: { id: access.caller.user.id, displayName: access.caller.user.displayName },
      entries,
      sso: body.sso ?? false,
    });
    return c.json({ ...result, failedSSOEmails: [] }, 200);
  },
);

emailInviteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/sessions/invite",
    tags: ["sessions"],
    summary:
      "Quire: what an e-mail invite link offers (organization, address, role); reading it spends nothing",
    security: [],
    middleware: [publicRoute()],
    request: { query: EmailInviteQuery },
    responses: {
      200: jsonResponse(EmailInviteSchema, "The pending invite"),
      ...errorResponses(400, 410),
    },
  }),
  async (c) => {
    const { inviteId, token } = c.req.valid("query");
    return c.json(await inviteInfo(c.get("db"), inviteId, token), 200);
  },
);

emailInviteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/sessions/invite",
    tags: ["sessions"],
    summary:
      "Quire: accept an e-mail invite by its link, for an address with no account (the link verifies it): creates the person, joins with the invite's role, signs in; an address with an account: 409 (sign in, then POST /v1/user/invites/{inviteId})",
    security: [],
    middleware: [signInRoute()],
    request: { body: jsonBody(AcceptInviteBody) },
    responses: {
      201: jsonResponse(CurrentSessionSchema, "Joined and signed in (the session cookie is set)"),
      ...errorResponses(400, 403, 409, 410, 429),
    },
  }),
  async (c) => {
    refuseCrossSiteSignIn(c);
    const { inviteId, token, displayName } = c.req.valid("json");
    const joined = await acceptEmailInvite(c.get("db"), {
      inviteId,
      token,
      displayName,
      ssoStart: ssoStartOf(c),
    });
    return c.json(await signedIn(c, joined.userId, "email"), 201);
  },
);
