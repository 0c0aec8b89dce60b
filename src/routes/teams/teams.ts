import { createRoute } from "@hono/zod-openapi";
import { callerUserId } from "../../auth/caller";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentTeam } from "../../presenters/team";
import { createTeam, deleteTeam, renameTeam } from "../../services/teams/teams";
import { orgMembersAmongPlan, teamListPlan } from "../../services/teams/reads";
import {
  canManageTeam,
  requireOrgAdmin,
  requireTeamManager,
  resolveTeam,
  resolveTeams,
  teamPermissions,
} from "../../auth/team";
import {
  CreateTeamBody,
  ListTeamsQuery,
  OrgTeamsParams,
  TeamParams,
  TeamSchema,
  UpdateTeamBody,
} from "../../api/teams";
import { declareList, textPairKey } from "../../http/lists";

/** The teams of an organization: list, create, read, rename, delete. */
export const teamRoutes = createRouter();

/** An organization's teams page on (lower-cased title, id). */
const TEAMS = declareList((orgId: string) => `teams:${orgId}`, textPairKey);

teamRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/teams",
    tags: ["teams"],
    summary: "List all teams in an organization",
    request: { params: OrgTeamsParams, query: ListTeamsQuery },
    responses: { 200: jsonResponse(listOf(TeamSchema), "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, title, owner } = c.req.valid("query");
    const cursors = TEAMS.at(c, organizationId);
    const after = await cursors.after(page);
    const filter = { title: title || undefined, owner };
    const callerId = callerUserId(c);
    const list = teamListPlan(c.get("db"), {
      orgId: organizationId,
      callerId,
      filter,
      limit,
      after,
    });
    // One round trip: the unfiltered count is the organization's counter, a filtered one a COUNT.
    const { results, ...access } = await resolveTeams(
      c,
      organizationId,
      "organization:members:read",
      { with: list.statements },
    );
    const { rows, count } = list.finish(results);
    const body = await cursors.page({
      rows,
      limit,
      count: count ?? access.org.teamsCount,
      key: (r) => [r.team.titleLower, r.team.id],
      present: (r) => presentTeam(r.team, teamPermissions(canManageTeam(access, r.callerTeamRole))),
    });
    return c.json(body, 200);
  },
);

teamRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/teams",
    tags: ["teams"],
    summary: "Create a team in an organization",
    request: { params: OrgTeamsParams, body: jsonBody(CreateTeamBody) },
    responses: { 201: jsonResponse(TeamSchema, "Created"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { title, members = [] } = c.req.valid("json");
    const db = c.get("db");
    // The initial members are checked in the same round trip as the caller and the organization.
    const among = orgMembersAmongPlan(db, organizationId, members);
    const { results, ...access } = await resolveTeams(
      c,
      organizationId,
      "organization:members:write",
      { with: among.statements },
    );
    requireOrgAdmin(access, "create teams");
    const known = among.finish(results);
    const stranger = members.findIndex((id) => !known.has(id));
    if (stranger >= 0) {
      throw badRequest(`body.members[${stranger}]: not a member of this organization`);
    }
    const team = await createTeam(db, { orgId: organizationId, title, memberIds: members });
    return c.json(presentTeam(team, teamPermissions(true)), 201);
  },
);

teamRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/teams/{teamId}",
    tags: ["teams"],
    summary: "Get a team in an organization",
    request: { params: TeamParams },
    responses: { 200: jsonResponse(TeamSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId } = c.req.valid("param");
    const { team, canManage } = await resolveTeam(
      c,
      organizationId,
      teamId,
      "organization:members:read",
    );
    return c.json(presentTeam(team, teamPermissions(canManage)), 200);
  },
);

teamRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/teams/{teamId}",
    tags: ["teams"],
    summary: "Rename a team (organization admins and team owners)",
    request: { params: TeamParams, body: jsonBody(UpdateTeamBody) },
    responses: { 200: jsonResponse(TeamSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId } = c.req.valid("param");
    const { title } = c.req.valid("json");
    const found = await resolveTeam(c, organizationId, teamId, "organization:members:write");
    requireTeamManager(found);
    const renamed = await renameTeam(c.get("db"), organizationId, teamId, title);
    if (!renamed) throw notFound("Team");
    return c.json(presentTeam(renamed, teamPermissions(true)), 200);
  },
);

teamRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/teams/{teamId}",
    tags: ["teams"],
    summary: "Delete a team, its memberships and its content grants (204 also when absent)",
    request: { params: TeamParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, teamId } = c.req.valid("param");
    const access = await resolveTeams(c, organizationId, "organization:members:write");
    requireOrgAdmin(access, "delete teams");
    await deleteTeam(c.get("db"), organizationId, teamId);
    return c.body(null, 204);
  },
);
