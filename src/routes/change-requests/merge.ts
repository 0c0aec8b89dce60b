import { createRoute } from "@hono/zod-openapi";
import { afterMainOf } from "../after-main";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { refreshLineRooms } from "../../services/collab/live-rooms";
import { inBackground } from "../../http/background";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { mergeChangeRequest, updateFromMain } from "../../services/change-requests/merge";
import { effectiveMergeRules } from "../../services/change-requests/merge-rules";
import { ChangeRequestParams, MergeResultSchema } from "../../api/change-requests";
import { ConflictListSchema, UpdateFromMainBody } from "../../api/change-request-conflicts";
import { threeWayConflicts } from "../../services/change-requests/three-way";

/** Merging a change request into main, and bringing main's changes into it. */
export const mergeRoutes = createRouter();

mergeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/merge",
    tags: ["change-requests"],
    summary: "Merge a change request into the space's live content",
    request: { params: ChangeRequestParams },
    responses: {
      200: jsonResponse(MergeResultSchema, "The resulting main revision"),
      ...errorResponses(403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const found = await resolveChangeRequest(c, spaceId, changeRequestId);
    requireScope(found.caller, "change-request:merge");
    // The space's `merge` permission: the edit role (spacePermissions).
    requireRole(found.role, "edit", "merge this change request");
    const merged = await mergeChangeRequest(
      c.get("db"),
      found.space,
      found.changeRequest,
      found.caller.user.id,
      effectiveMergeRules(found.space, found.org),
      afterMainOf(c),
    );
    // The change request's live rooms close their sockets (4409) once they see it merged: after
    // the answer (the merge's budget of round trips holds; the rooms also re-check every minute).
    const crId = found.changeRequest.id;
    await inBackground(c, "live rooms after a merge", (db) =>
      refreshLineRooms(db, c.env.COLLAB_ROOMS, crId),
    );
    return c.json({ revision: merged.revision, result: "merge" as const }, 200);
  },
);

mergeRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/update",
    tags: ["change-requests"],
    summary: "Bring the latest main content into a change request",
    description:
      "Quire extension: `resolutions` choose main's version, the change request's, or both for each conflict the conflicts read lists; with any left unresolved, 409.",
    request: { params: ChangeRequestParams, body: jsonBody(UpdateFromMainBody, false) },
    responses: {
      200: jsonResponse(MergeResultSchema, "The change request's resulting revision"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const { resolutions } = c.req.valid("json");
    const found = await resolveChangeRequest(c, spaceId, changeRequestId);
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "update this change request");
    const updated = await updateFromMain(
      c.get("db"),
      found.space,
      found.changeRequest,
      found.caller.user.id,
      c.env.COLLAB_ROOMS,
      resolutions,
    );
    return c.json({ revision: updated.revision, result: "update" as const }, 200);
  },
);

mergeRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/conflicts",
    tags: ["change-requests"],
    summary: "List what an update from main would conflict on (Quire extension)",
    description:
      "The conflicts between the change request and main now, block by block (kind `block`: main's and the change request's version of the block), page by page (`page`) and in the page tree (`tree`); nothing is applied. Empty when the change request is up to date or merges cleanly.",
    request: { params: ChangeRequestParams },
    responses: {
      200: jsonResponse(ConflictListSchema, "The conflicts, in page order"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const found = await resolveChangeRequest(c, spaceId, changeRequestId);
    requireScope(found.caller, "space:read");
    const cr = found.changeRequest;
    const open = cr.status !== "merged" && cr.status !== "archived";
    const items = open ? await threeWayConflicts(c.get("db"), found.space, cr) : [];
    return c.json({ count: items.length, items }, 200);
  },
);
