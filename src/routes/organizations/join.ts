import { createRoute, z } from "@hono/zod-openapi";
import { callerFromResult, callerQuery, callerUserId } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import { forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonResponse, noContent } from "../../openapi/common";
import { presentOrganization } from "../../presenters/organization";
import {
  addMember,
  organizationsForDomainQuery,
  organizationWithMembershipQuery,
} from "../../services/organizations/organizations";
import { EmailDomainParams, OrganizationSchema, OrgParams } from "../../api/organizations";

/** Joining by e-mail domain, and finding the organizations one may join that way. */
export const joinRoutes = createRouter();

/** The domain part of an e-mail address, lowercased. */
function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

joinRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/join",
    tags: ["organizations"],
    summary: "Join an organization whose e-mail domains include the caller's verified domain",
    request: { params: OrgParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const db = c.var.db;
    const [callerRows, orgRows] = await db.batch([
      callerQuery(c),
      organizationWithMembershipQuery(db, organizationId, callerUserId(c)),
    ]);
    const caller = callerFromResult(c, callerRows);
    const row = orgRows[0];
    if (!row) throw notFound("Organization");
    requireScope(caller, "organization:members:write");
    if (row.disabled === true) {
      throw forbidden("Your membership of this organization is disabled");
    }
    if (row.disabled === false) return c.body(null, 204); // already a member
    if (!caller.user.emailVerified) {
      throw forbidden("Your e-mail address must be verified to join by e-mail domain");
    }
    if (!row.org.emailDomains.includes(emailDomain(caller.user.email))) {
      throw forbidden("Your e-mail domain is not one of this organization's e-mail domains");
    }
    // No default role set means the least privileged member role, not a guest.
    await addMember(db, {
      organizationId,
      userId: caller.user.id,
      role: row.org.defaultRole ?? "read",
    });
    return c.body(null, 204);
  },
);

joinRoutes.openapi(
  createRoute({
    method: "get",
    path: "/email-domains/{emailDomain}/orgs",
    tags: ["organizations"],
    summary: "Organizations listing an e-mail domain that the caller belongs to or may join",
    request: { params: EmailDomainParams },
    responses: {
      200: jsonResponse(z.object({ organizations: z.array(OrganizationSchema) }), "OK"),
      ...errorResponses(403),
    },
  }),
  async (c) => {
    const domain = c.req.valid("param").emailDomain.trim().toLowerCase();
    const db = c.var.db;
    const [callerRows, rows] = await db.batch([
      callerQuery(c),
      organizationsForDomainQuery(db, callerUserId(c), domain),
    ]);
    const caller = callerFromResult(c, callerRows);
    requireScope(caller, "organization:read");
    const organizations = rows.map((r) =>
      presentOrganization(c, r.org, r.role ?? null, r.disabled === false),
    );
    return c.json({ organizations }, 200);
  },
);
