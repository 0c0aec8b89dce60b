import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { authenticate } from "../../auth/caller";
import { readSpaceAccess, resolveSpace, roleOnSpace } from "../../auth/space";
import { badRequest, notFound } from "../../lib/errors";
import { inBackground } from "../../http/background";
import { refreshLineRooms, roomKey } from "../../services/collab/live-rooms";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { presentSpace } from "../../presenters/space";
import { resolveReadableSpace } from "../../auth/readable-space";
import { siteKeyOf } from "../../auth/site-reader";
import {
  isPastRetention,
  softDeleteSpace,
  updateSpace,
  type SpacePatch,
} from "../../services/spaces/spaces";
import { spaceMembersAmongPlan } from "../../services/spaces/members";
import {
  placementFrom,
  publishedPlacementPlan,
  publishedPlacementSql,
} from "../../services/sites/published-placement";
import {
  spaceGitSyncOf,
  spaceGitSyncPlan,
  splitGitSyncColumn,
  withGitSyncColumn,
} from "../../services/git-sync/space-column";
import { GetSpaceQuery, SpaceParams, SpaceSchema, UpdateSpaceBody } from "../../api/spaces";

/** Reading, updating and deleting one space. */
export const spaceRoutes = createRouter();

spaceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}",
    tags: ["spaces"],
    summary: "Get full details of a space by its ID",
    request: { params: SpaceParams, query: GetSpaceQuery },
    responses: { 200: jsonResponse(SpaceSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const { shareKey, visitorAuthToken } = c.req.valid("query");
    // The space by its own access rules, else by published access, with its published placement
    // and its Git Sync read by the same statement.
    const found = await resolveReadableSpace(
      c,
      spaceId,
      { shareKey, visitorToken: visitorAuthToken },
      { column: withGitSyncColumn(publishedPlacementSql(shareKey ?? siteKeyOf(c))) },
    );
    // A site token's grant is read-only by construction: scopes are a Quire token's.
    if (found.caller) requireScope(found.caller, "space:read");
    const column = splitGitSyncColumn(found.column);
    const placement = placementFrom(column.placement);
    // A published visitor reads the space, not its repository's standing (git/info's rule).
    const gitSync = found.own ? spaceGitSyncOf(column.gitSync) : undefined;
    return c.json(presentSpace(urlsOf(c), found.space, found.role, placement, gitSync), 200);
  },
);

spaceRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/spaces/{spaceId}",
    tags: ["spaces"],
    summary: "Update a space's title, icon, or settings",
    request: { params: SpaceParams, body: jsonBody(UpdateSpaceBody) },
    responses: {
      200: jsonResponse(SpaceSchema, "The space has been updated"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const { icon: _icon, emoji, ...fields } = c.req.valid("json");
    const rules = fields.mergeRules?.type === "rules" ? fields.mergeRules.rules : [];
    const db = c.get("db");
    const users = rules.flatMap((rule) => rule.users);
    const among = spaceMembersAmongPlan(db, spaceId, users);
    const placed = publishedPlacementPlan(db, spaceId);
    const synced = spaceGitSyncPlan(db, spaceId);
    const found = await resolveSpace(c, spaceId, {
      with: { ...among.statements, ...placed.statements, ...synced.statements },
    });
    const placement = placed.finish(found.results);
    const gitSync = synced.finish(found.results);
    requireScope(found.caller, "space:write");
    const settings = [fields.editMode, fields.defaultLevel, fields.mergeRules];
    if (settings.some((value) => value !== undefined)) {
      requireRole(found.role, "admin", "change the edit mode, default level or merge rules");
    } else {
      requireRole(found.role, "edit", "update this space");
    }
    const { placement: _placement, gitSync: _gitSync, ...memberResults } = found.results;
    const members = among.finish(memberResults);
    rules.forEach((rule, i) =>
      rule.users.forEach((user, j) => {
        if (!members.has(user)) {
          throw badRequest(
            `body.mergeRules.rules[${i}].users[${j}]: not a member of this organization`,
          );
        }
      }),
    );
    const patch: SpacePatch = { ...fields, ...(emoji !== undefined ? { emoji: emoji ?? "" } : {}) };
    if (Object.keys(patch).length === 0) {
      return c.json(presentSpace(urlsOf(c), found.space, found.role, placement, gitSync), 200);
    }
    const row = await updateSpace(db, spaceId, patch);
    if (!row) throw notFound("Space");
    // Main's live rooms end (4409, with the reason) once they see the edit mode leave `live`.
    if (found.space.editMode === "live" && row.editMode !== "live") {
      await inBackground(c, "live rooms after an edit mode change", (bg) =>
        refreshLineRooms(bg, c.env.COLLAB_ROOMS, roomKey(row.id, null)),
      );
    }
    // A new default level may change the caller's own role on the space.
    const role = roleOnSpace(found, row, found.tree, found.spaceGrants);
    return c.json(presentSpace(urlsOf(c), row, role, placement, gitSync), 200);
  },
);

spaceRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}",
    tags: ["spaces"],
    summary: "Delete a space (restorable for 7 days)",
    request: { params: SpaceParams },
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const found = await readSpaceAccess(c, spaceId, { includeDeleted: true });
    if (!found) {
      // Absent and invisible answer alike: there is no container in the path to hide. The
      // access statement has authenticated the caller already (no second round trip).
      requireScope(await authenticate(c), "space:write");
      return c.body(null, 204);
    }
    requireScope(found.caller, "space:write");
    if (isPastRetention(found.space)) return c.body(null, 204);
    requireRole(found.role, "admin", "delete this space");
    if (found.space.deletedAt === null) await softDeleteSpace(c.get("db"), spaceId);
    return c.body(null, 204);
  },
);
