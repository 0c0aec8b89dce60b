import { createRoute } from "@hono/zod-openapi";
import { callerQuery, callerUserId } from "../../auth/caller";
import type { TeamRole } from "../../lib/roles";
import { badRequest } from "../../lib/errors";
import { decodeCursor, pagedQuery, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { presentTeamMember } from "../../presenters/team-member";
import {
  applyMembershipPlan,
  normalizeIdentifier,
  orgMembersAmongQueries,
  orgMembersByIdentifierQueries,
  teamMembersPageQuery,
} from "../../services/teams/teams";
import {
  orgAccessQuery,
  requireTeamManager,
  teamAccessQuery,
  teamFrom,
  teamsAccess,
} from "../../auth/team";
import {
  PutTeamMemberBody,
  TeamMemberParams,
  TeamMemberSchema,
  TeamParams,
  UpdateTeamMembersBody,
} from "../../api/teams";

/** The members of a team: list, bulk update, add or update one, remove one. */
export const teamMemberRoutes = createRouter();

teamMemberRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/teams/{teamId}/members",
    tags: ["teams"],
    summary: "List the members of a team",
    request: { params: TeamParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(TeamMemberSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, teamId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const scope = `team-members:${teamId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const db = c.var.db;
    const [callerRows, orgRows, teamRows, rows] = await db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
      teamMembersPageQuery(db, {
        orgId: organizationId,
        teamId,
        callerId: callerUserId(c),
        limit,
        after,
      }),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:read");
    const { team } = teamFrom(access, teamRows);
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows,
      limit,
      count: team.membersCount,
      key: (r) => [r.userId],
      present: (r) => presentTeamMember(c, r),
    });
    return c.json(body, 200);
  },
);

teamMemberRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/teams/{teamId}/members",
    tags: ["teams"],
    summary: "Add, remove and change the role of team members; removal wins",
    request: { params: TeamParams, body: jsonBody(UpdateTeamMembersBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId } = c.req.valid("param");
    const { add = [], remove = [], memberships = {} } = c.req.valid("json");
    const db = c.var.db;
    const wanted = [...add, ...remove, ...Object.keys(memberships)];
    const [callerRows, orgRows, teamRows, ...found] = await db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
      ...orgMembersByIdentifierQueries(db, organizationId, wanted),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    requireTeamManager(teamFrom(access, teamRows));

    // Every identifier (user id or e-mail) must name a member of the organization.
    const byIdentifier = new Map<string, string>();
    for (const u of found.flat()) {
      byIdentifier.set(u.id, u.id);
      byIdentifier.set(u.email, u.id);
    }
    const resolve = (value: string, field: string) => {
      const id = byIdentifier.get(normalizeIdentifier(value));
      if (!id) throw badRequest(`${field}: not a member of this organization`);
      return id;
    };
    const removed = new Set(remove.map((v, i) => resolve(v, `body.remove[${i}]`)));
    const added = add.map((v, i) => resolve(v, `body.add[${i}]`));
    const roles = new Map<string, TeamRole>();
    for (const [key, { role }] of Object.entries(memberships)) {
      const id = resolve(key, `body.memberships.${key}`);
      if (!removed.has(id)) roles.set(id, role);
    }
    await applyMembershipPlan(db, teamId, {
      add: [...new Set(added)].filter((id) => !removed.has(id) && !roles.has(id)),
      roles,
      remove: [...removed],
    });
    return c.body(null, 204);
  },
);

teamMemberRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    tags: ["teams"],
    summary: "Add a member to a team, or set their role",
    request: { params: TeamMemberParams, body: jsonBody(PutTeamMemberBody, false) },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId, userId } = c.req.valid("param");
    const { role } = c.req.valid("json");
    const db = c.var.db;
    const [callerRows, orgRows, teamRows, ...found] = await db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
      ...orgMembersAmongQueries(db, organizationId, [userId]),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    requireTeamManager(teamFrom(access, teamRows));
    if (found.flat().length === 0) {
      throw badRequest("path.userId: not a member of this organization");
    }
    // Without a role, an existing member keeps theirs; a new one joins as member.
    await applyMembershipPlan(db, teamId, {
      add: role ? [] : [userId],
      roles: new Map(role ? [[userId, role]] : []),
      remove: [],
    });
    return c.body(null, 204);
  },
);

teamMemberRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/teams/{teamId}/members/{userId}",
    tags: ["teams"],
    summary: "Remove a member from a team (204 also when not a member)",
    request: { params: TeamMemberParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId, userId } = c.req.valid("param");
    const [callerRows, orgRows, teamRows] = await c.var.db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    requireTeamManager(teamFrom(access, teamRows));
    await applyMembershipPlan(c.var.db, teamId, { add: [], roles: new Map(), remove: [userId] });
    return c.body(null, 204);
  },
);
