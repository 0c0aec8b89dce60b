import { createRoute } from "@hono/zod-openapi";
import { authenticate } from "../../auth/caller";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { runPlan } from "../../db/plan";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import { declareList, textPairKey } from "../../http/lists";
import { errorResponses, jsonResponse, listOf, noContent } from "../../api-document/common";
import { OrgParams } from "../../api/organizations";
import {
  OrgEmailInviteParams,
  OrgEmailInviteSchema,
  PendingInviteSchema,
  UserInviteParams,
} from "../../api/invites";
import { presentOrgEmailInvite, presentPendingInvite } from "../../presenters/email-invite";
import {
  acceptPendingInvite,
  declineEmailInvite,
  orgInvitesPlan,
  personInvitesPlan,
  revokeEmailInvite,
} from "../../services/sign-in/pending-invites";

/**
 * Pending e-mail invites (Quire extensions; GitBook's `inviteUsersToOrganization` adds people at
 * once): the invited person lists, accepts and declines theirs; an organization's admins list
 * and revoke its pending ones.
 */
export const pendingInviteRoutes = createRouter();

/** The person's pending invites on (createdAt, id), newest first. */
const MINE = declareList((userId: string) => `email-invites:user:${userId}`, textPairKey);
/** An organization's pending invites on (createdAt, id), newest first. */
const ORGS = declareList((orgId: string) => `email-invites:org:${orgId}`, textPairKey);

pendingInviteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/user/invites",
    tags: ["users"],
    summary: "Quire: the caller's pending e-mail invites (unexpired), to accept or decline",
    request: { query: pagedQuery },
    responses: { 200: jsonResponse(listOf(PendingInviteSchema), "OK"), ...errorResponses(400) },
  }),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    const caller = await authenticate(c);
    requireScope(caller, "user:read");
    const cursors = MINE.at(c, caller.user.id);
    const after = await cursors.afterAccess(page);
    const db = c.get("db");
    const { rows, count } = await runPlan(
      db,
      personInvitesPlan(db, caller.user.email, limit, after),
    );
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: presentPendingInvite,
    });
    return c.json(body, 200);
  },
);

pendingInviteRoutes.openapi(
  createRoute({
    method: "post",
    path: "/user/invites/{inviteId}",
    tags: ["users"],
    summary:
      "Quire: accept one of the caller's e-mail invites: they join with its role (again: 200, nothing changed)",
    description:
      "The invite must be to the caller's address, which must be verified (403). Another person's invite, or none: 404. Expired, or accepted and since removed: 410. A disabled membership: 403.",
    request: { params: UserInviteParams },
    responses: {
      200: jsonResponse(PendingInviteSchema, "Accepted: the caller is a member"),
      ...errorResponses(403, 404, 410),
    },
  }),
  async (c) => {
    const { inviteId } = c.req.valid("param");
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    const row = await acceptPendingInvite(c.get("db"), caller.user, inviteId);
    return c.json(presentPendingInvite(row), 200);
  },
);

pendingInviteRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/user/invites/{inviteId}",
    tags: ["users"],
    summary: "Quire: decline one of the caller's pending e-mail invites; 204 also when none",
    request: { params: UserInviteParams },
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const { inviteId } = c.req.valid("param");
    const caller = await authenticate(c);
    requireScope(caller, "user:write");
    await declineEmailInvite(c.get("db"), caller.user.email, inviteId);
    return c.body(null, 204);
  },
);

pendingInviteRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/email-invites",
    tags: ["organization-invites"],
    summary: "Quire: the organization's pending e-mail invites, expired ones too (admins)",
    request: { params: OrgParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(OrgEmailInviteSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:read");
    requireRole(access.role, "admin", "list e-mail invites");
    const cursors = ORGS.at(c, organizationId);
    const after = await cursors.afterAccess(page);
    const db = c.get("db");
    const { rows, count } = await runPlan(db, orgInvitesPlan(db, organizationId, limit, after));
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.createdAt, r.id],
      present: presentOrgEmailInvite,
    });
    return c.json(body, 200);
  },
);

pendingInviteRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/email-invites/{inviteId}",
    tags: ["organization-invites"],
    summary:
      "Quire: revoke a pending e-mail invite (admins): its link and its accept stop working; 204 also when none",
    request: { params: OrgEmailInviteParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, inviteId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "revoke e-mail invites");
    await revokeEmailInvite(c.get("db"), organizationId, inviteId);
    return c.body(null, 204);
  },
);
