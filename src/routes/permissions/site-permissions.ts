import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { grantedRole } from "./target";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { pagedQuery } from "../../http/pagination";
import { declareList, textKey } from "../../http/lists";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { pathString } from "../../api/common";
import { SiteParams } from "../../api/sites";
import {
  InviteBody,
  SiteAggregateQuery,
  TeamSitePermissionOverrideSchema,
  UpdatePermissionBody,
  UserSitePermissionOverrideSchema,
  UserSitePermissionSchema,
} from "../../api/permissions";
import { presentUser } from "../../presenters/user";
import { presentTeam } from "../../presenters/team";
import { teamPermissions } from "../../auth/team";
import { resolveSite, type SiteNeed } from "../../auth/site";
import {
  activeMembers,
  grantCounts,
  grantsOnChain,
  inviteToContent,
  removeGrant,
  teamGrantsPage,
  teamsAmong,
  updateGrant,
  userGrantsPage,
  type GrantTarget,
} from "../../services/permissions/grants";
import { memberRolesAmong, siteAggregate } from "../../services/permissions/site-aggregate";

/**
 * The permission operations of a site (official `site-permissions`, `site-users`), the space and
 * collection operations' twins under `/orgs/{organizationId}/sites/{siteId}/permissions`: list
 * the users and teams invited, the aggregate of every member's role with its origin, invite,
 * change a role, remove. Reading needs a role on the site (every member has one); writing needs
 * admin on it (the organization role or a grant). Guests have no access to sites, so they cannot
 * be invited.
 */
export const sitePermissionRoutes = createRouter();

const base = "/orgs/{organizationId}/sites/{siteId}/permissions";
const USERS = declareList((id: string) => `site-user-grants:${id}`, textKey);
const TEAMS = declareList((id: string) => `site-team-grants:${id}`, textKey);
const AGGREGATE = declareList((id: string) => `site-aggregate:${id}`, textKey);
const READ: SiteNeed = {
  scope: "site:permissions:read",
  minimum: "read",
  action: "see who may access this site",
};
const WRITE: SiteNeed = {
  scope: "site:permissions:write",
  minimum: "admin",
  action: "manage who may access this site",
};

/** The site of the request with the caller's access; its grants' target. */
async function siteOf(c: Context<AppEnv>, params: z.infer<typeof SiteParams>, need: SiteNeed) {
  const found = await resolveSite(c, params.organizationId, params.siteId, need);
  const target: GrantTarget = { resourceType: "site", resourceId: found.site.id };
  return { ...found, target };
}

sitePermissionRoutes.openapi(
  createRoute({
    method: "get",
    path: `${base}/users`,
    tags: ["site-users"],
    summary: "List the users invited to a site",
    request: { params: SiteParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(UserSitePermissionOverrideSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const params = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = USERS.at(c, params.siteId);
    const found = await siteOf(c, params, READ);
    const after = await cursors.afterAccess(page);
    const db = c.get("db");
    const [rows, counts] = await Promise.all([
      userGrantsPage(db, found.target, limit, after?.[0]),
      grantCounts(db, found.target),
    ]);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: counts.user,
      key: (r) => [r.user.id],
      present: (r) => ({ permission: r.role, user: presentUser(urls, r.user) }),
    });
    return c.json(body, 200);
  },
);

sitePermissionRoutes.openapi(
  createRoute({
    method: "get",
    path: `${base}/teams`,
    tags: ["site-permissions"],
    summary: "List the teams invited to a site",
    request: { params: SiteParams, query: pagedQuery },
    responses: {
      200: jsonResponse(listOf(TeamSitePermissionOverrideSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const params = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = TEAMS.at(c, params.siteId);
    const found = await siteOf(c, params, READ);
    const after = await cursors.afterAccess(page);
    const db = c.get("db");
    const [rows, counts] = await Promise.all([
      teamGrantsPage(db, found.target, limit, after?.[0]),
      grantCounts(db, found.target),
    ]);
    const manage = teamPermissions(found.member.orgRole === "admin");
    const body = await cursors.page({
      rows,
      limit,
      count: counts.team,
      key: (r) => [r.team.id],
      present: (r) => ({ permission: r.role, team: presentTeam(r.team, manage) }),
    });
    return c.json(body, 200);
  },
);

sitePermissionRoutes.openapi(
  createRoute({
    method: "get",
    path: `${base}/aggregate`,
    tags: ["site-users"],
    summary: "List every member's role on a site, and its origin",
    request: { params: SiteParams, query: SiteAggregateQuery },
    responses: {
      200: jsonResponse(listOf(UserSitePermissionSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const params = c.req.valid("param");
    const { page, limit, role, search, team } = c.req.valid("query");
    const cursors = AGGREGATE.at(c, params.siteId);
    const found = await siteOf(c, params, READ);
    const after = await cursors.afterAccess(page);
    const db = c.get("db");
    const [members, grants] = await Promise.all([
      activeMembers(db, found.site.organizationId),
      grantsOnChain(db, [found.target]),
    ]);
    const all = siteAggregate(found.site, members, grants, { role, search, team });
    const from = after ? all.findIndex((r) => r.user.id > after[0]) : 0;
    const rows = from < 0 ? [] : all.slice(from, from + limit + 1);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: all.length,
      key: (r) => [r.user.id],
      present: (r) => ({
        permission: r.role,
        user: presentUser(urls, r.user),
        origin: r.origin,
        disabled: false,
        ...(r.lastSeenAt ? { lastSeenAt: r.lastSeenAt } : {}),
      }),
    });
    return c.json(body, 200);
  },
);

sitePermissionRoutes.openapi(
  createRoute({
    method: "post",
    path: base,
    tags: ["site-permissions"],
    summary: "Invite users or teams to a site with a role",
    request: { params: SiteParams, body: jsonBody(InviteBody) },
    responses: { 204: { description: "Invited" }, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const found = await siteOf(c, params, WRITE);
    const role = grantedRole(body.role);
    const db = c.get("db");
    const users = body.users ?? [];
    const teams = body.teams ?? [];
    const [members, orgTeams] = await Promise.all([
      memberRolesAmong(db, found.site.organizationId, users),
      teamsAmong(db, found.site.organizationId, teams),
    ]);
    users.forEach((u, i) => {
      const member = members.get(u);
      if (member === undefined) {
        throw badRequest(`body.users[${i}]: not a member of this organization`);
      }
      if (member === null) {
        throw badRequest(`body.users[${i}]: a guest of this organization has no access to sites`);
      }
    });
    teams.forEach((t, i) => {
      if (!orgTeams.has(t)) throw badRequest(`body.teams[${i}]: not a team of this organization`);
    });
    await inviteToContent(db, found.target, { users, teams }, role);
    return c.body(null, 204);
  },
);

for (const principal of ["user", "team"] as const) {
  const path = `${base}/${principal}s/{${principal}Id}`;
  const tags = [principal === "user" ? "site-users" : "site-permissions"];
  const request = {
    params:
      principal === "user"
        ? SiteParams.extend({ userId: pathString("userId") })
        : SiteParams.extend({ teamId: pathString("teamId") }),
  };
  const principalOf = (p: Record<string, string>) => ({
    type: principal,
    id: p[`${principal}Id`] ?? "",
  });
  sitePermissionRoutes.openapi(
    createRoute({
      method: "patch",
      path,
      tags,
      summary: `Change the role of a ${principal} on a site`,
      request: { ...request, body: jsonBody(UpdatePermissionBody) },
      responses: { 204: { description: "Updated" }, ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const p = c.req.valid("param") as Record<string, string> & z.infer<typeof SiteParams>;
      const { role } = c.req.valid("json");
      const found = await siteOf(c, p, WRITE);
      const changed = await updateGrant(
        c.get("db"),
        found.target,
        principalOf(p),
        grantedRole(role),
      );
      if (!changed) throw notFound(principal === "user" ? "User permission" : "Team permission");
      return c.body(null, 204);
    },
  );
  sitePermissionRoutes.openapi(
    createRoute({
      method: "delete",
      path,
      tags,
      summary: `Remove a ${principal}'s grant on a site (205 when removed, 204 when there was none)`,
      request,
      responses: {
        204: { description: `The ${principal} had no grant on the site` },
        205: { description: `The ${principal}'s grant was removed` },
        ...errorResponses(403, 404),
      },
    }),
    async (c) => {
      const p = c.req.valid("param") as Record<string, string> & z.infer<typeof SiteParams>;
      const found = await siteOf(c, p, WRITE);
      const removed = await removeGrant(c.get("db"), found.target, principalOf(p));
      return c.body(null, removed ? 205 : 204);
    },
  );
}
