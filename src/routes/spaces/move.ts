import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import {
  accessIn,
  collectionTreeStatements,
  requireTransferAdmin,
  transferTargetStatements,
  treeOf,
} from "../../auth/content-role";
import { resolveSpace, roleOnSpace } from "../../auth/space";
import { conflict, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { presentSpace } from "../../presenters/space";
import { moveSpace, spaceMovePlan, transferSpace } from "../../services/spaces/move";
import { spaceAppendPlan } from "../../services/spaces/spaces";
import { spaceGitSyncPlan } from "../../services/git-sync/space-column";
import { publishedPlacementPlan } from "../../services/sites/published-placement";
import { MoveSpaceBody, SpaceParams, SpaceSchema, TransferSpaceBody } from "../../api/spaces";

/** Moving a space within its organization, and transferring one to another. */
export const moveRoutes = createRouter();

moveRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/move",
    tags: ["spaces"],
    summary: "Move a space to a different collection or position",
    request: { params: SpaceParams, body: jsonBody(MoveSpaceBody) },
    responses: {
      200: jsonResponse(SpaceSchema, "Space moved"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId: id } = c.req.valid("param");
    const { parent, position } = c.req.valid("json");
    const db = c.get("db");
    const move = spaceMovePlan(db, id, { parent, position });
    const placed = publishedPlacementPlan(db, id);
    const synced = spaceGitSyncPlan(db, id);
    // The target parent's chain (the resolver loads the current parent's).
    const target = collectionTreeStatements(c, parent ? [parent] : []);
    const found = await resolveSpace(c, id, {
      with: { ...target, ...move.statements, ...placed.statements, ...synced.statements },
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "move this space");
    const me = found.space;
    const to = parent === undefined ? me.parentId : parent;
    const tree = parent === undefined ? found.tree : treeOf(found.results);
    const access = to === null ? null : accessIn(found, tree, to);
    if (to !== null && !access) throw notFound("Collection");
    requireRole(to === null ? found.orgRole : access!.role, "create", "move a space here");
    const key = move.finish(found.results)(me, to);
    const row = await moveSpace(db, me, { parentId: to, position: key });
    if (!row) throw conflict("The space changed while it was being moved; retry");
    const role = roleOnSpace(found, row, tree, found.spaceGrants);
    // Moving within the organization keeps the space's site spaces, so where it is published.
    const placement = placed.finish(found.results);
    return c.json(presentSpace(urlsOf(c), row, role, placement, synced.finish(found.results)), 200);
  },
);

moveRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/transfer",
    tags: ["spaces"],
    summary: "Transfer a space to another organization",
    description:
      "Not in the official document: moves the space to the top level of an organization where the caller is an admin.",
    request: { params: SpaceParams, body: jsonBody(TransferSpaceBody) },
    responses: {
      200: jsonResponse(SpaceSchema, "Space transferred"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId: id } = c.req.valid("param");
    const { organization } = c.req.valid("json");
    const db = c.get("db");
    const place = spaceAppendPlan(db, organization, null);
    const synced = spaceGitSyncPlan(db, id);
    const found = await resolveSpace(c, id, {
      with: {
        ...transferTargetStatements(c, organization),
        ...place.statements,
        ...synced.statements,
      },
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "transfer this space");
    const me = found.space;
    if (organization === me.organizationId) {
      throw conflict("The space already belongs to this organization");
    }
    requireTransferAdmin(found.results);
    const row = await transferSpace(db, me, {
      organizationId: organization,
      position: place.finish(found.results),
    });
    if (!row) throw conflict("The space changed while it was being transferred; retry");
    // The transfer removed the space's site spaces: it is published nowhere now.
    // Its Git Sync goes with it (the row belongs to the space).
    return c.json(
      presentSpace(urlsOf(c), row, "admin", undefined, synced.finish(found.results)),
      200,
    );
  },
);
