import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { conflict } from "../../lib/errors";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { runPlan } from "../../db/plan";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentInvite } from "../../presenters/invite";
import { createInvite, deleteInvite, invitesPagePlan } from "../../services/members/invites";
import { CreateInviteBody, InviteParams, InviteSchema, OrgParams } from "../../api/organizations";
import { declareList, textPairKey } from "../../http/lists";

/** Invite links of an organization, managed by its admins. */
export const inviteRoutes = createRouter();

/** An organization's invites page on (createdAt, id), newest first. */
const INVITES = declareList((orgId: string) => `invites:${orgId}`, textPairKey);

inviteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/link-invites",
    tags: ["organizations"],
    summary: "List the invite links of an organization (admins)",
    request: { params: OrgParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(InviteSchema), "List of invite links in the organization."),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:read");
    requireRole(access.role, "admin", "list invite links");
    const cursors = INVITES.at(c, organizationId);
    const after = await cursors.afterAccess(page);
    // The page is a second round trip, read only once access is known.
    const { rows, count } = await runPlan(
      c.get("db"),
      invitesPagePlan(c.get("db"), organizationId, limit, after),
    );
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentInvite(r, access.role),
    });
    return c.json(body, 200);
  },
);

inviteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/link-invites",
    tags: ["organizations"],
    summary: "Create an invite link to the organization (admins)",
    request: { params: OrgParams, body: jsonBody(CreateInviteBody) },
    responses: {
      201: jsonResponse(InviteSchema, "The organization invite has been created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { role } = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "create invite links");
    if (!access.org.inviteLinks) {
      throw conflict("Invite links are disabled in this organization (inviteLinks is false)");
    }
    const row = await createInvite(c.get("db"), {
      organizationId,
      role: role ?? null,
      createdBy: access.caller.user.id,
    });
    return c.json(presentInvite(row, access.role), 201);
  },
);

inviteRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/link-invites/{inviteId}",
    tags: ["organizations"],
    summary: "Delete an invite link (admins); 204 also when it did not exist",
    request: { params: InviteParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, inviteId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "delete invite links");
    await deleteInvite(c.get("db"), organizationId, inviteId);
    return c.body(null, 204);
  },
);
