import { createRoute } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { requireRole, requireScope } from "../../auth/organization";
import { membershipQuery } from "../../auth/organization";
import {
  accessTo,
  ancestryQuery,
  callerGrantsQuery,
  membershipFrom,
} from "../../auth/content-role";
import { resolveSpace } from "../../auth/space";
import { spaces } from "../../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { keyBetween } from "../../lib/position";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse } from "../../openapi/common";
import { presentSpace } from "../../presenters/space";
import {
  lastSpaceQuery,
  moveSpace,
  spaceNeighbourQuery,
  transferSpace,
} from "../../services/spaces/spaces";
import { roleOnSpace, spaceGrantsQuery } from "../../auth/space-role";
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
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const pointerId = pointer?.type === "space" ? pointer.space : "";
    const current = sql`(SELECT parent_id FROM spaces WHERE id = ${id})`;
    const org = sql`(SELECT organization_id FROM spaces WHERE id = ${id})`;
    // The target parent's chain (the current parent's when `parent` is omitted).
    const starts = parent === undefined ? current : parent === null ? [] : [parent];
    const db = c.var.db;
    const found = await resolveSpace(c, id, {
      extra: [
        ancestryQuery(c, starts),
        callerGrantsQuery(c, starts),
        spaceGrantsQuery(c, id),
        db.select().from(spaces).where(eq(spaces.id, pointerId)).limit(1),
        spaceNeighbourQuery(db, {
          organizationId: org,
          parentId: parent === undefined ? current : parent,
          ...(pointerId ? { pointer: { id: pointerId, side } } : {}),
        }),
      ],
    });
    const [rows, grants, spaceGrants, pointed, neighbours] = found.extra;
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "move this space");
    const me = found.space;
    const to = parent === undefined ? me.parentId : parent;
    const target = to === null ? null : accessTo(found, rows, grants, to);
    if (to !== null && !target) throw notFound("Collection");
    requireRole(to === null ? found.orgRole : target!.role, "create", "move a space here");

    let key: string;
    const next = neighbours[0];
    if (pointer) {
      const field = `body.position.${side}`;
      if (pointer.type === "collection") {
        throw badRequest(`${field}.collection: spaces are ordered among spaces; point at a space`);
      }
      if (pointer.space === me.id) {
        throw badRequest(`${field}.space: cannot position a space next to itself`);
      }
      const other = pointed[0];
      if (
        !other ||
        other.deletedAt ||
        other.organizationId !== me.organizationId ||
        other.parentId !== to
      ) {
        throw badRequest(`${field}.space: not a space of the target parent`);
      }
      if (next?.id === me.id) throw conflict(`The space is already ${side} that space`);
      const [lo, hi] =
        side === "before"
          ? [next?.position ?? null, other.position]
          : [other.position, next?.position ?? null];
      if (lo !== null && hi !== null && lo >= hi) {
        throw conflict("Sibling positions changed concurrently; retry the move");
      }
      key = keyBetween(lo, hi);
    } else {
      if (next?.id === me.id) throw conflict("The space is already last in that parent");
      key = keyBetween(next?.position ?? null, null);
    }
    const row = await moveSpace(db, me, { parentId: to, position: key });
    if (!row) throw conflict("The space changed while it was being moved; retry");
    const role = roleOnSpace(found, row, rows, grants, spaceGrants);
    return c.json(presentSpace(c, row, role), 200);
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
    const db = c.var.db;
    const found = await resolveSpace(c, id, {
      extra: [membershipQuery(c, organization), lastSpaceQuery(db, organization, null)],
    });
    const [targetRows, last] = found.extra;
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "transfer this space");
    const me = found.space;
    if (organization === me.organizationId) {
      throw conflict("The space already belongs to this organization");
    }
    const target = membershipFrom(targetRows);
    if (!target) throw notFound("Organization");
    if (target.isGuest || target.orgRole !== "admin") {
      throw forbidden("The admin role in the target organization is required to transfer to it");
    }
    const row = await transferSpace(db, me, {
      organizationId: organization,
      position: keyBetween(last[0]?.position ?? null, null),
    });
    if (!row) throw conflict("The space changed while it was being transferred; retry");
    return c.json(presentSpace(c, row, "admin"), 200);
  },
);
