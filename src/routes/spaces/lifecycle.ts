import { createRoute } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { accessTo, ancestryQuery, callerGrantsQuery } from "../../auth/content-role";
import { resolveSpace } from "../../auth/space";
import { conflict, notFound } from "../../lib/errors";
import { keyBetween } from "../../lib/position";
import { createRouter } from "../../lib/router";
import { apiUrl } from "../../lib/urls";
import { errorResponses, jsonResponse } from "../../openapi/common";
import { presentSpace } from "../../presenters/space";
import { afterMainRevision } from "../../services/content/main-hooks";
import { reindexSpace } from "../../services/search/indexer";
import { backgroundOf, inBackground } from "../../lib/background";
import {
  insertSpace,
  isPastRetention,
  lastSpaceQuery,
  restoreSpace,
} from "../../services/spaces/spaces";
import { roleOnSpace } from "../../auth/space-role";
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
    const found = await resolveSpace(c, spaceId, { includeDeleted: true });
    // Past the retention period a deleted space is gone, like one that never existed.
    if (isPastRetention(found.space)) throw notFound("Space");
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "restore this space");
    if (found.space.deletedAt === null) {
      return c.json(presentSpace(c, found.space, found.role), 200);
    }
    const row = await restoreSpace(c.var.db, found.space);
    if (!row) throw conflict("The space changed while it was being restored; retry");
    // A search before the rebuild finishes finds the space unindexed and catches up by itself.
    await inBackground(c, "search re-index after restore", (db) => reindexSpace(db, row));
    return c.json(presentSpace(c, row, found.role), 200);
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
    const parent = sql`(SELECT parent_id FROM spaces WHERE id = ${spaceId})`;
    const org = sql`(SELECT organization_id FROM spaces WHERE id = ${spaceId})`;
    const db = c.var.db;
    const found = await resolveSpace(c, spaceId, {
      extra: [
        ancestryQuery(c, parent),
        callerGrantsQuery(c, parent),
        lastSpaceQuery(db, org, parent),
      ],
    });
    const [rows, grants, last] = found.extra;
    const source = found.space;
    requireScope(found.caller, "space:write");
    // Reading the space is given (it is visible); the copy needs the create role where it goes.
    const where = source.parentId ? accessTo(found, rows, grants, source.parentId) : null;
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
        position: keyBetween(last[0]?.position ?? null, null),
      },
      source.mainLineId,
    );
    if (!row) throw notFound("Collection");
    afterMainRevision(db, { space: row, previousSeq: 0, pageIds }, backgroundOf(c));
    c.header("Location", apiUrl(c, `/spaces/${row.id}`));
    return c.json(presentSpace(c, row, roleOnSpace(found, row, rows, grants)), 201);
  },
);
