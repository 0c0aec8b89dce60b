import { createRoute, z } from "@hono/zod-openapi";
import { callerUserId, resolveCaller } from "../../auth/caller";
import { organizationPermissions, requireScope, resolveOrgToJoin } from "../../auth/organization";
import { forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, noContent } from "../../api-document/common";
import { presentOrganization } from "../../presenters/organization";
import { addMember, organizationsForDomainPlan } from "../../services/organizations/organizations";
import { EmailDomainParams, OrganizationSchema, OrgParams } from "../../api/organizations";
import { disabledMembershipReason } from "../../services/sso/existing-account";

/** Joining by e-mail domain, and finding the organizations one may join that way. */
export const joinRoutes = createRouter();

joinRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/join",
    tags: ["organizations"],
    summary: "Join an organization whose e-mail domains include the caller's verified domain",
    description:
      "Quire: the domain must also be verified by the organization (a DNS TXT record: " +
      "`/v1/orgs/{organizationId}/domains`); an unverified domain lets nobody join.",
    request: { params: OrgParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { caller, ...target } = await resolveOrgToJoin(c, organizationId);
    const member = target.disabled !== null;
    // A non-member sees the organization only through a verified e-mail on one of its VERIFIED
    // domains (as the domain listing shows it); to anyone else it does not exist.
    const mayJoin = target.onVerifiedDomain;
    if (!member && !mayJoin) throw notFound("Organization");
    requireScope(caller, "organization:members:write");
    if (target.disabled === true) {
      throw forbidden(disabledMembershipReason(target.org.title));
    }
    if (target.disabled === false) return c.body(null, 204); // already a member
    // No default role set means the least privileged member role, not a guest.
    await addMember(c.get("db"), {
      organizationId,
      userId: caller.user.id,
      role: target.org.defaultRole ?? "read",
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
    const found = organizationsForDomainPlan(c.get("db"), callerUserId(c), domain);
    const { caller, results } = await resolveCaller(c, { with: found.statements });
    requireScope(caller, "organization:read");
    const urls = urlsOf(c);
    const organizations = found
      .finish(results)
      .map((r) =>
        presentOrganization(
          urls,
          r.org,
          organizationPermissions(r.role ?? null, r.disabled === false),
        ),
      );
    return c.json({ organizations }, 200);
  },
);
