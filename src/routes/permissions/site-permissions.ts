import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
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
import { resolveSite, type SiteNeed } from "../../auth/site";
import {
  activeMembers,
  grantsOnChain,
  inviteToContent,
  removeGrant,
  type GrantTarget,
} from "../../services/permissions/grants";
import {
  aggregateBody,
  changeGrant,
  checkInvitedTeams,
  teamGrantsBody,
  userGrantsBody,
} from "./grant-pages";
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
    const cursors = USERS.at(c, params.siteId);
    const found = await siteOf(c, params, READ);
    return c.json(await userGrantsBody(c, cursors, found.target, c.req.valid("query")), 200);
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
    const cursors = TEAMS.at(c, params.siteId);
    const found = await siteOf(c, params, READ);
    const query = c.req.valid("query");
    const admin = found.member.orgRole === "admin";
    return c.json(await teamGrantsBody(c, cursors, found.target, query, admin), 200);
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
    const urls = urlsOf(c);
    const body = await aggregateBody(cursors, all, after, limit, (r) => ({
      permission: r.role,
      user: presentUser(urls, r.user),
      origin: r.origin,
      disabled: false,
      ...(r.lastSeenAt ? { lastSeenAt: r.lastSeenAt } : {}),
    }));
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
    const members = await memberRolesAmong(db, found.site.organizationId, users);
    users.forEach((u, i) => {
      const member = members.get(u);
      if (member === undefined) {
        throw badRequest(`body.users[${i}]: not a member of this organization`);
      }
      if (member === null) {
        throw badRequest(`body.users[${i}]: a guest of this organization has no access to sites`);
      }
    });
    await checkInvitedTeams(c, found.site.organizationId, teams);
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
      await changeGrant(c, found.target, principalOf(p), role);
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
