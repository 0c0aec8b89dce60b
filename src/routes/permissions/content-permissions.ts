import { createRoute, z } from "@hono/zod-openapi";
import { badRequest } from "../../lib/errors";
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
import { aggregatePermissions } from "../../services/permissions/aggregate";
import {
  activeMembers,
  grantsOnChain,
  inviteToContent,
  membersAmong,
  removeGrant,
} from "../../services/permissions/grants";
import {
  aggregateBody,
  changeGrant,
  checkInvitedTeams,
  teamGrantsBody,
  userGrantsBody,
} from "./grant-pages";
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
      const cursors = USERS.at(c, id);
      const found = await resolveTarget(c, kind, id, false);
      return c.json(await userGrantsBody(c, cursors, found.target, c.req.valid("query")), 200);
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
      const cursors = TEAMS.at(c, id);
      const found = await resolveTarget(c, kind, id, false);
      const query = c.req.valid("query");
      const admin = found.orgRole === "admin";
      return c.json(await teamGrantsBody(c, cursors, found.target, query, admin), 200);
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
      const urls = urlsOf(c);
      const body = await aggregateBody(cursors, all, after, limit, (r) => ({
        permission: r.role,
        through: r.through,
        user: presentUser(urls, r.user),
      }));
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
      const members = await membersAmong(db, found.org.id, users);
      users.forEach((u, i) => {
        if (!members.has(u))
          throw badRequest(`body.users[${i}]: not a member of this organization`);
      });
      await checkInvitedTeams(c, found.org.id, teams);
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
        await changeGrant(c, found.target, principalOf(p), role);
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
