import { createRoute } from "@hono/zod-openapi";
import { callerUserId } from "../../auth/caller";
import { badRequest } from "../../lib/errors";
import { urlsOf } from "../../http/urls";
import { pagedQuery } from "../../http/pagination";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentTeamMember } from "../../presenters/team-member";
import { applyMembershipPlan } from "../../services/teams/teams";
import {
  membershipChange,
  orgMembersAmongPlan,
  orgMembersByIdentifierPlan,
  teamMembersPagePlan,
} from "../../services/teams/reads";
import { requireTeamManager, resolveTeam, teamMemberPermissions } from "../../auth/team";
import {
  PutTeamMemberBody,
  TeamMemberParams,
  TeamMemberSchema,
  TeamParams,
  UpdateTeamMembersBody,
} from "../../api/teams";
import { declareList, textKey } from "../../http/lists";

/** The members of a team: list, bulk update, add or update one, remove one. */
export const teamMemberRoutes = createRouter();

/** A team's members page on the user id. */
const TEAM_MEMBERS = declareList((teamId: string) => `team-members:${teamId}`, textKey);

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
    const cursors = TEAM_MEMBERS.at(c, teamId);
    const after = await cursors.after(page);
    const members = teamMembersPagePlan(c.get("db"), {
      orgId: organizationId,
      teamId,
      callerId: callerUserId(c),
      limit,
      after,
    });
    const { team, results } = await resolveTeam(
      c,
      organizationId,
      teamId,
      "organization:members:read",
      { with: members.statements },
    );
    const rows = members.finish(results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: team.membersCount,
      key: (r) => [r.userId],
      present: (r) => presentTeamMember(urls, r, teamMemberPermissions()),
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
    const wanted = [...add, ...remove, ...Object.keys(memberships)];
    const lookup = orgMembersByIdentifierPlan(c.get("db"), organizationId, wanted);
    const team = await resolveTeam(c, organizationId, teamId, "organization:members:write", {
      with: lookup.statements,
    });
    requireTeamManager(team);
    // Every identifier (user id or e-mail) must name a member of the organization.
    const change = membershipChange(lookup.finish(team.results), { add, remove, memberships });
    await applyMembershipPlan(c.get("db"), teamId, change);
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
    const db = c.get("db");
    const among = orgMembersAmongPlan(db, organizationId, [userId]);
    const team = await resolveTeam(c, organizationId, teamId, "organization:members:write", {
      with: among.statements,
    });
    requireTeamManager(team);
    if (among.finish(team.results).size === 0) {
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
    const team = await resolveTeam(c, organizationId, teamId, "organization:members:write");
    requireTeamManager(team);
    await applyMembershipPlan(c.get("db"), teamId, { add: [], roles: new Map(), remove: [userId] });
    return c.body(null, 204);
  },
);
