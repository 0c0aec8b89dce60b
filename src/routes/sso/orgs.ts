import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { spUrls } from "../../lib/sso-urls";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { presentMember } from "../../presenters/member";
import { getMember } from "../../services/members/members";
import { loginInfos } from "../../services/sso/providers";
import { setSsoMember } from "../../services/sso/removals";
import { MemberParams, MemberSchema } from "../../api/members";
import { OrgSamlParams, SsoLoginsSchema } from "../../api/sso";
import { publicRoute } from "../../http/route-facts";

/** SSO seen from the organization: its sign-in choices and the members' SSO flag. */
export const ssoOrgRoutes = createRouter();

ssoOrgRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sso",
    tags: ["sso"],
    summary: "List the organization's SSO sign-in choices (no token: what a sign-in page shows)",
    security: [],
    middleware: [publicRoute()],
    request: { params: OrgSamlParams },
    responses: { 200: jsonResponse(SsoLoginsSchema, "OK"), ...errorResponses(404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const logins = await loginInfos(c.get("db"), organizationId);
    if (!logins) throw notFound("Organization");
    const origin = new URL(c.req.url).origin;
    const items = logins.map((l) => ({
      id: l.id,
      label: l.label,
      startURL: spUrls(origin, l.id).startURL,
    }));
    return c.json({ items }, 200);
  },
);

ssoOrgRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/members/{userId}/sso",
    tags: ["members"],
    summary: "Set a member as an SSO member of the organization (admins)",
    request: { params: MemberParams },
    responses: {
      200: jsonResponse(MemberSchema, "The user has been added as an SSO member"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "set SSO members");
    const db = c.get("db");
    await setSsoMember(db, organizationId, userId);
    const row = await getMember(db, organizationId, userId);
    if (!row) throw notFound("Member");
    return c.json(presentMember(urlsOf(c), row), 200);
  },
);
