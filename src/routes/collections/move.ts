import { createRoute } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { requireRole, requireScope } from "../../auth/organization";
import { callerFromResult, callerQuery } from "../../auth/caller";
import { membershipQuery } from "../../auth/organization";
import {
  accessTo,
  ancestryQuery,
  callerGrantsQuery,
  membershipFrom,
  type CollectionAccess,
} from "../../auth/content-role";
import { badRequest, conflict, forbidden, notFound, preconditionFailed } from "../../lib/errors";
import { keyBetween } from "../../lib/position";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonResponse } from "../../openapi/common";
import { presentCollection } from "../../presenters/collection";
import { moveCollection, transferCollection } from "../../services/collections/collections";
import { lastChildQuery, neighbourQuery } from "../../services/collections/queries";
import {
  CollectionParams,
  CollectionSchema,
  MoveCollectionBody,
  TransferCollectionBody,
} from "../../api/collections";

/** Moving a collection within its organization, and transferring one to another. */
export const moveRoutes = createRouter();

moveRoutes.openapi(
  createRoute({
    method: "post",
    path: "/collections/{collectionId}/move",
    tags: ["collections"],
    summary: "Move a collection to a new position",
    request: { params: CollectionParams, body: jsonBody(MoveCollectionBody) },
    responses: {
      200: jsonResponse(CollectionSchema, "Collection moved"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { collectionId: id } = c.req.valid("param");
    const { parent, position } = c.req.valid("json");
    const side = position?.before ? "before" : "after";
    const pointer = position?.before ?? position?.after;
    const pointerId = pointer?.type === "collection" ? pointer.collection : null;
    const starts = [id, ...(parent ? [parent] : []), ...(pointerId ? [pointerId] : [])];
    const db = c.var.db;
    const [callerRows, memberRows, rows, grants, neighbours] = await db.batch([
      callerQuery(c),
      membershipQuery(c, sql`(SELECT organization_id FROM collections WHERE id = ${id})`),
      ancestryQuery(c, starts),
      callerGrantsQuery(c, starts),
      neighbourQuery(db, {
        collectionId: id,
        parent,
        pointer: pointerId ? { id: pointerId, side } : null,
      }),
    ]);
    const caller = callerFromResult(c, callerRows);
    const member = membershipFrom(memberRows);
    const access = member && accessTo(member, rows, grants, id);
    if (!member || !access) throw notFound("Collection");
    requireScope(caller, "space:write");
    requireRole(access.role, "admin", "move this collection");
    const me = access.collection;
    const to = parent === undefined ? me.parentId : parent;
    let target: CollectionAccess | null = null;
    if (to !== null) {
      target = accessTo(member, rows, grants, to);
      if (!target && parent !== undefined) {
        throw badRequest("body.parent: no such collection in this organization");
      }
      if (target?.chain.some((link) => link.id === me.id)) {
        throw badRequest("body.parent: cannot move a collection into itself or its descendants");
      }
    }
    const parentRole = to === null ? member.orgRole : (target?.role ?? null);
    requireRole(parentRole, "create", "move a collection into this parent");

    let key: string;
    const next = neighbours[0];
    if (pointer) {
      const field = `body.position.${side}`;
      if (pointer.type === "space") {
        throw badRequest(`${field}.space: no such space in the target parent`);
      }
      if (pointer.collection === me.id) {
        throw badRequest(`${field}.collection: cannot position a collection next to itself`);
      }
      const other = accessTo(member, rows, grants, pointer.collection)?.collection;
      if (!other || other.parentId !== to) {
        throw badRequest(`${field}.collection: not a collection of the target parent`);
      }
      if (next?.id === me.id) throw conflict(`The collection is already ${side} that collection`);
      const [lo, hi] =
        side === "before"
          ? [next?.position ?? null, other.position]
          : [other.position, next?.position ?? null];
      if (lo !== null && hi !== null && lo >= hi) {
        throw conflict("Sibling positions changed concurrently; retry the move");
      }
      key = keyBetween(lo, hi);
    } else {
      if (next?.id === me.id) throw conflict("The collection is already last in that parent");
      key = keyBetween(next?.position ?? null, null);
    }
    const row = await moveCollection(db, me, { parentId: to, position: key });
    if (!row) throw conflict("The collection changed while it was being moved; retry");
    const others = rows.filter((r) => r.id !== row.id);
    const role = accessTo(member, [row, ...others], grants, row.id)?.role ?? null;
    return c.json(presentCollection(c, row, role), 200);
  },
);

moveRoutes.openapi(
  createRoute({
    method: "post",
    path: "/collections/{collectionId}/transfer",
    tags: ["collections"],
    summary: "Transfer a collection to another organization",
    request: { params: CollectionParams, body: jsonBody(TransferCollectionBody) },
    responses: {
      200: jsonResponse(CollectionSchema, "Collection transferred"),
      ...errorResponses(400, 403, 404, 409, 412),
    },
  }),
  async (c) => {
    const { collectionId: id } = c.req.valid("param");
    const { organization } = c.req.valid("json");
    const db = c.var.db;
    const [callerRows, memberRows, rows, grants, targetRows, last] = await db.batch([
      callerQuery(c),
      membershipQuery(c, sql`(SELECT organization_id FROM collections WHERE id = ${id})`),
      ancestryQuery(c, [id]),
      callerGrantsQuery(c, [id]),
      membershipQuery(c, organization),
      lastChildQuery(db, organization, null),
    ]);
    const caller = callerFromResult(c, callerRows);
    const member = membershipFrom(memberRows);
    const access = member && accessTo(member, rows, grants, id);
    if (!member || !access) throw notFound("Collection");
    requireScope(caller, "space:write");
    requireRole(access.role, "admin", "transfer this collection");
    const me = access.collection;
    if (organization === me.organizationId) {
      throw conflict("The collection already belongs to this organization");
    }
    if (me.parentId !== null) {
      throw preconditionFailed(
        "A nested collection cannot be transferred alone; move it to the top level first",
      );
    }
    const target = membershipFrom(targetRows);
    if (!target) throw notFound("Organization");
    if (target.orgRole !== "admin") {
      throw forbidden("The admin role in the target organization is required to transfer to it");
    }
    const row = await transferCollection(db, me, {
      organizationId: organization,
      position: keyBetween(last[0]?.position ?? null, null),
    });
    if (!row) throw conflict("The collection changed while it was being transferred; retry");
    return c.json(presentCollection(c, row, "admin"), 200);
  },
);
