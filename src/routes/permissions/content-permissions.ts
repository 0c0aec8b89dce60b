import { createRoute, z } from "@hono/zod-openapi";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { pagedQuery } from "../../http/pagination";
import { declareList, textKey } from "../../http/lists";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { pathString } from "../../api/common";
import {
  AggregatePermissionSchema,
  AggregateQuery,
  InviteBody,
  TeamContentPermissionSchema,
  UpdatePermissionBody,
  UserContentPermissionSchema,
} from "../../api/permissions";
import { presentUser } from "../../presenters/user";
import { presentTeam } from "../../presenters/team";
import { teamPermissions } from "../../auth/team";
import { aggregatePermissions } from "../../services/permissions/aggregate";
import {
  activeMembers,
  grantCounts,
  grantsOnChain,
  inviteToContent,
  membersAmong,
  removeGrant,
  teamGrantsPage,
  teamsAmong,
  updateGrant,
  userGrantsPage,
} from "../../services/permissions/grants";
import { grantedRole, resolveTarget, type PermissionKind } from "./target";

/**
 * The permission operations of spaces and collections (official `space-permissions`,
 * `collection-permissions`), one factory for both: list the users and teams invited, the
 * aggregate of everyone's effective role, invite, change a role, remove. Reading needs a role on
 * the content; every write needs admin on it.
 */

/** The routes of one kind of content, under `/{spaces|collections}/{id}/permissions`. */
function permissionRoutes(kind: PermissionKind) {
  const routes = createRouter();
  const idName = kind === "space" ? "spaceId" : "collectionId";
  const base = `/${kind === "space" ? "spaces" : "collections"}/{${idName}}/permissions`;
  const tags = [`${kind}-permissions`];
  const params = z.object({ [idName]: pathString(idName) });
  const userParams = params.extend({ userId: pathString("userId") });
  const teamParams = params.extend({ teamId: pathString("teamId") });
  const USERS = declareList((id: string) => `${kind}-user-grants:${id}`, textKey);
  const TEAMS = declareList((id: string) => `${kind}-team-grants:${id}`, textKey);
  const AGGREGATE = declareList((id: string) => `${kind}-aggregate:${id}`, textKey);
  const idOf = (p: Record<string, string>) => p[idName] ?? "";

  routes.openapi(
    createRoute({
      method: "get",
      path: `${base}/users`,
      tags,
      summary: `List the users invited to a ${kind}`,
      request: { params, query: pagedQuery },
      responses: {
        200: jsonResponse(listOf(UserContentPermissionSchema), "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const id = idOf(c.req.valid("param"));
      const { page, limit } = c.req.valid("query");
      const cursors = USERS.at(c, id);
      const found = await resolveTarget(c, kind, id, false);
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

  routes.openapi(
    createRoute({
      method: "get",
      path: `${base}/teams`,
      tags,
      summary: `List the teams invited to a ${kind}`,
      request: { params, query: pagedQuery },
      responses: {
        200: jsonResponse(listOf(TeamContentPermissionSchema), "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const id = idOf(c.req.valid("param"));
      const { page, limit } = c.req.valid("query");
      const cursors = TEAMS.at(c, id);
      const found = await resolveTarget(c, kind, id, false);
      const after = await cursors.afterAccess(page);
      const db = c.get("db");
      const [rows, counts] = await Promise.all([
        teamGrantsPage(db, found.target, limit, after?.[0]),
        grantCounts(db, found.target),
      ]);
      const manage = teamPermissions(found.orgRole === "admin");
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

  routes.openapi(
    createRoute({
      method: "get",
      path: `${base}/aggregate`,
      tags,
      summary: `List every member's effective role on a ${kind}, and what gives it`,
      request: { params, query: AggregateQuery },
      responses: {
        200: jsonResponse(listOf(AggregatePermissionSchema), "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const id = idOf(c.req.valid("param"));
      const { page, limit, role } = c.req.valid("query");
      const cursors = AGGREGATE.at(c, id);
      const found = await resolveTarget(c, kind, id, false);
      const after = await cursors.afterAccess(page);
      const db = c.get("db");
      const [members, grants] = await Promise.all([
        activeMembers(db, found.org.id),
        grantsOnChain(db, found.chain),
      ]);
      const all = aggregatePermissions(found.chain, members, grants).filter(
        (r) => role === undefined || r.role === role,
      );
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
          through: r.through,
          user: presentUser(urls, r.user),
        }),
      });
      return c.json(body, 200);
    },
  );

  routes.openapi(
    createRoute({
      method: "post",
      path: base,
      tags,
      summary: `Invite users or teams to a ${kind} with a role`,
      request: { params, body: jsonBody(InviteBody) },
      responses: { ...noContent, ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const id = idOf(c.req.valid("param"));
      const body = c.req.valid("json");
      const found = await resolveTarget(c, kind, id, true);
      const role = grantedRole(body.role);
      const db = c.get("db");
      const users = body.users ?? [];
      const teams = body.teams ?? [];
      const [members, orgTeams] = await Promise.all([
        membersAmong(db, found.org.id, users),
        teamsAmong(db, found.org.id, teams),
      ]);
      users.forEach((u, i) => {
        if (!members.has(u))
          throw badRequest(`body.users[${i}]: not a member of this organization`);
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
    const request = { params: principal === "user" ? userParams : teamParams };
    const principalOf = (p: Record<string, string>) => ({
      type: principal,
      id: p[`${principal}Id`] ?? "",
    });
    routes.openapi(
      createRoute({
        method: "patch",
        path,
        tags,
        summary: `Change the role of a ${principal} on a ${kind}`,
        request: { ...request, body: jsonBody(UpdatePermissionBody) },
        responses: { ...noContent, ...errorResponses(400, 403, 404) },
      }),
      async (c) => {
        const p = c.req.valid("param") as Record<string, string>;
        const { role } = c.req.valid("json");
        const found = await resolveTarget(c, kind, idOf(p), true);
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
    routes.openapi(
      createRoute({
        method: "delete",
        path,
        tags,
        summary: `Remove a ${principal}'s grant on a ${kind} (204 also when there is none)`,
        request,
        responses: { ...noContent, ...errorResponses(403, 404) },
      }),
      async (c) => {
        const p = c.req.valid("param") as Record<string, string>;
        const found = await resolveTarget(c, kind, idOf(p), true);
        await removeGrant(c.get("db"), found.target, principalOf(p));
        return c.body(null, 204);
      },
    );
  }
  return routes;
}

/** The permission routes of spaces. */
export const spacePermissionRoutes = permissionRoutes("space");
/** The permission routes of collections. */
export const collectionPermissionRoutes = permissionRoutes("collection");
