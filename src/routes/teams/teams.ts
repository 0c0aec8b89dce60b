import { createRoute } from "@hono/zod-openapi";
import { callerQuery, callerUserId } from "../../auth/caller";
import { badRequest, notFound } from "../../lib/errors";
import { decodeCursor, toListPage } from "../../lib/pagination";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse, listOf, noContent } from "../../openapi/common";
import { presentTeam } from "../../presenters/team";
import {
  createTeam,
  deleteTeam,
  orgMembersAmongQueries,
  renameTeam,
  teamCountQuery,
  teamPageQuery,
} from "../../services/teams/teams";
import {
  orgAccessQuery,
  requireOrgAdmin,
  requireTeamManager,
  teamAccessQuery,
  teamFrom,
  teamsAccess,
} from "../../auth/team";
import {
  CreateTeamBody,
  ListTeamsQuery,
  OrgTeamsParams,
  TeamParams,
  TeamSchema,
  UpdateTeamBody,
} from "../../api/teams";

/** The teams of an organization: list, create, read, rename, delete. */
export const teamRoutes = createRouter();

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
    const scope = `teams:${organizationId}`;
    const after = page ? await decodeCursor(c.env.SIGNING_SECRET, scope, page) : undefined;
    const db = c.var.db;
    const filter = { title: title || undefined, owner };
    const callerId = callerUserId(c);
    const base = [
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamPageQuery(db, { orgId: organizationId, callerId, filter, limit, after }),
    ] as const;
    // One round trip: the unfiltered count is the organization's counter, a filtered one a COUNT.
    const filtered = Boolean(filter.title || filter.owner);
    const [callerRows, orgRows, rows, countRows] = filtered
      ? await db.batch([...base, teamCountQuery(db, organizationId, callerId, filter)])
      : [...(await db.batch(base)), undefined];
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:read");
    const body = await toListPage({
      secret: c.env.SIGNING_SECRET,
      scope,
      rows,
      limit,
      count: countRows ? (countRows[0]?.n ?? 0) : access.org.teamsCount,
      key: (r) => [r.team.titleLower, r.team.id],
      present: (r) => presentTeam(r.team, access.role === "admin" || r.callerTeamRole === "owner"),
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
    const db = c.var.db;
    // The initial members are checked in the same round trip as the caller and the organization.
    const [callerRows, orgRows, ...memberRows] = await db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      ...orgMembersAmongQueries(db, organizationId, members),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    requireOrgAdmin(access, "create teams");
    const known = new Set(memberRows.flat().map((r) => r.userId));
    const stranger = members.findIndex((id) => !known.has(id));
    if (stranger >= 0) {
      throw badRequest(`body.members[${stranger}]: not a member of this organization`);
    }
    const team = await createTeam(db, { orgId: organizationId, title, memberIds: members });
    return c.json(presentTeam(team, true), 201);
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
    const [callerRows, orgRows, teamRows] = await c.var.db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:read");
    const { team, canManage } = teamFrom(access, teamRows);
    return c.json(presentTeam(team, canManage), 200);
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
    const [callerRows, orgRows, teamRows] = await c.var.db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
      teamAccessQuery(c, organizationId, teamId),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    const found = teamFrom(access, teamRows);
    requireTeamManager(found);
    const renamed = await renameTeam(c.var.db, organizationId, teamId, title);
    if (!renamed) throw notFound("Team");
    return c.json(presentTeam(renamed, true), 200);
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
    const [callerRows, orgRows] = await c.var.db.batch([
      callerQuery(c),
      orgAccessQuery(c, organizationId),
    ]);
    const access = teamsAccess(c, callerRows, orgRows, "organization:members:write");
    requireOrgAdmin(access, "delete teams");
    await deleteTeam(c.var.db, organizationId, teamId);
    return c.body(null, 204);
  },
);
