import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { accessIn } from "../../auth/content-role";
import { resolveSpace, roleOnSpace } from "../../auth/space";
import { conflict, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { presentSpace } from "../../presenters/space";
import { afterMainRevision } from "../../services/content/main-hooks";
import { reindexSpace } from "../../services/search/indexer";
import { publishedPlacementPlan } from "../../services/sites/published-placement";
import { spaceGitSyncPlan } from "../../services/git-sync/space-column";
import { inBackground } from "../../http/background";
import { afterMainOf } from "../after-main";
import {
  appendBesidePlan,
  insertSpace,
  isPastRetention,
  restoreSpace,
} from "../../services/spaces/spaces";
import { SpaceParams, SpaceSchema } from "../../api/spaces";

/** Restoring a deleted space, and duplicating one. */
export const lifecycleRoutes = createRouter();

/** "<title> (copy)", shortened so it stays within the 50-character (code point) title limit. */
export function copyTitle(title: string): string {
  const suffix = " (copy)";
  const chars = [...title];
  const base = chars.length + suffix.length > 50 ? chars.slice(0, 50 - suffix.length) : chars;
  return `${base.join("").trimEnd()}${suffix}`;
}

lifecycleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/restore",
    tags: ["spaces"],
    summary: "Restore a recently deleted space from the trash",
    request: { params: SpaceParams },
    responses: {
      200: jsonResponse(SpaceSchema, "Space restored"),
      ...errorResponses(403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const placed = publishedPlacementPlan(c.get("db"), spaceId);
    const synced = spaceGitSyncPlan(c.get("db"), spaceId);
    const found = await resolveSpace(c, spaceId, {
      includeDeleted: true,
      with: { ...placed.statements, ...synced.statements },
    });
    const gitSync = synced.finish(found.results);
    // Past the retention period a deleted space is gone, like one that never existed.
    if (isPastRetention(found.space)) throw notFound("Space");
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "restore this space");
    if (found.space.deletedAt === null) {
      const placement = placed.finish(found.results);
      return c.json(presentSpace(urlsOf(c), found.space, found.role, placement, gitSync), 200);
    }
    // Deleting the space removed its site spaces, so the restored space is published nowhere.
    const row = await restoreSpace(c.get("db"), found.space);
    if (!row) throw conflict("The space changed while it was being restored; retry");
    // A search before the rebuild finishes finds the space unindexed and catches up by itself.
    await inBackground(c, "search re-index after restore", (db) => reindexSpace(db, row));
    return c.json(presentSpace(urlsOf(c), row, found.role, undefined, gitSync), 200);
  },
);

lifecycleRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/duplicate",
    tags: ["spaces"],
    summary: "Create a full copy of a space",
    request: { params: SpaceParams },
    responses: {
      201: jsonResponse(SpaceSchema, "Space duplicated"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const db = c.get("db");
    const place = appendBesidePlan(db, spaceId);
    const found = await resolveSpace(c, spaceId, { with: place.statements });
    const source = found.space;
    requireScope(found.caller, "space:write");
    // Reading the space is given (it is visible); the copy needs the create role where it goes.
    const where = source.parentId ? accessIn(found, found.tree, source.parentId) : null;
    const createRole = source.parentId ? (where?.role ?? null) : found.orgRole;
    requireRole(createRole, "create", "duplicate a space here");
    const { row, pageIds } = await insertSpace(
      db,
      {
        organizationId: source.organizationId,
        createdBy: found.caller.user.id,
        title: copyTitle(source.title),
        emoji: source.emoji,
        parentId: source.parentId,
        language: source.language,
        editMode: source.editMode,
        position: place.finish(found.results),
      },
      source.mainLineId,
    );
    if (!row) throw notFound("Collection");
    await afterMainRevision({ space: row, previousSeq: 0, pageIds }, afterMainOf(c));
    c.header("Location", apiUrl(c, `/spaces/${row.id}`));
    return c.json(presentSpace(urlsOf(c), row, roleOnSpace(found, row, found.tree)), 201);
  },
);
