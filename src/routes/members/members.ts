import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { notFound } from "../../lib/errors";
import { declareList, textPairKey } from "../../http/lists";
import { createRouter } from "../../http/router";
import { runPlan } from "../../db/plan";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentMember } from "../../presenters/member";
import { getMember, memberListPlan, updateMember } from "../../services/members/members";
import { removeMember } from "../../services/members/removal";
import { OrgParams } from "../../api/organizations";
import { ListMembersQuery, MemberParams, MemberSchema, UpdateMemberBody } from "../../api/members";

/** The members of an organization: listing, reading, role changes, disabling and removal. */
export const memberRoutes = createRouter();

/**
 * An organization's members page on (sort value, user id). The cursor is bound to the list and
 * its filters, so it cannot be replayed on another.
 */
const MEMBERS = declareList(
  (orgId: string, q: { sort: string; order: string; role?: string | null; search?: string }) =>
    `members:${orgId}:${q.sort}:${q.order}:${q.role ?? ""}:${q.search ?? ""}`,
  textPairKey,
);

memberRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/members",
    tags: ["members"],
    summary: "List the members of an organization (members, not guests)",
    request: { params: OrgParams, query: ListMembersQuery },
    responses: { 200: jsonResponse(listOf(MemberSchema), "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const input = c.req.valid("query");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:read");
    requireRole(access.role, "read", "list the members");
    const cursors = MEMBERS.at(c, organizationId, input);
    const after = await cursors.afterAccess(input.page);
    // The page is a second round trip, read only once access is known.
    const { rows, count } = await runPlan(
      c.get("db"),
      memberListPlan(c.get("db"), organizationId, input, after),
    );
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit: input.limit,
      count: count ?? access.org.membersCount,
      key: (r) => [r.sortKey, r.user.id],
      present: (r) => presentMember(urls, r),
    });
    return c.json(body, 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/members/{userId}",
    tags: ["members"],
    summary: "Get a member of an organization (members; guests see only themselves)",
    request: { params: MemberParams },
    responses: { 200: jsonResponse(MemberSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:read");
    if (userId !== access.caller.user.id) requireRole(access.role, "read", "see other members");
    const row = await getMember(c.get("db"), organizationId, userId);
    if (!row) throw notFound("Member");
    return c.json(presentMember(urlsOf(c), row), 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/members/{userId}",
    tags: ["members"],
    summary: "Change a member's role (null: a guest), or disable or enable them (admins)",
    description:
      "Quire extension: `disabled` (true or false) disables or enables the membership. A " +
      "disabled member keeps their role but reaches nothing of the organization (404, as a " +
      "non-member), and every session of theirs ends at once; the last enabled admin can be " +
      "neither demoted nor disabled (409).",
    request: { params: MemberParams, body: jsonBody(UpdateMemberBody) },
    responses: {
      200: jsonResponse(MemberSchema, "The member has been updated"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const input = c.req.valid("json");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    requireRole(access.role, "admin", "change members");
    const row = await updateMember(c.get("db"), organizationId, userId, input);
    return c.json(presentMember(urlsOf(c), row), 200);
  },
);

memberRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/members/{userId}",
    tags: ["members"],
    summary: "Remove a member (admins), or leave (the member themselves); 204 when not a member",
    request: { params: MemberParams },
    responses: { ...noContent, ...errorResponses(403, 404, 409) },
  }),
  async (c) => {
    const { organizationId, userId } = c.req.valid("param");
    const access = await resolveOrg(c, organizationId);
    requireScope(access.caller, "organization:members:write");
    if (userId !== access.caller.user.id) requireRole(access.role, "admin", "remove members");
    await removeMember(c.get("db"), organizationId, userId);
    return c.body(null, 204);
  },
);
