import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveCollection } from "../../auth/collection";
import {
  accessIn,
  requireTransferAdmin,
  transferTargetStatements,
  type CollectionAccess,
} from "../../auth/content-role";
import { badRequest, conflict, preconditionFailed } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { presentCollection } from "../../presenters/collection";
import {
  collectionMovePlan,
  collectionTransferPlan,
  moveCollection,
  transferCollection,
} from "../../services/collections/move";
import { pointerOf } from "../../services/ordering/move";
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
    const db = c.get("db");
    const pointed = pointerOf("collection", position).id;
    const move = collectionMovePlan(db, id, { parent, position });
    const found = await resolveCollection(c, id, {
      around: [...(parent ? [parent] : []), ...(pointed ? [pointed] : [])],
      with: move.statements,
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "move this collection");
    const me = found.collection;
    const to = parent === undefined ? me.parentId : parent;
    let target: CollectionAccess | null = null;
    if (to !== null) {
      target = accessIn(found, found.tree, to);
      if (!target && parent !== undefined) {
        throw badRequest("body.parent: no such collection in this organization");
      }
      if (target?.chain.some((link) => link.id === me.id)) {
        throw badRequest("body.parent: cannot move a collection into itself or its descendants");
      }
    }
    const parentRole = to === null ? found.orgRole : (target?.role ?? null);
    requireRole(parentRole, "create", "move a collection into this parent");
    const key = move.finish(found.results)(
      me,
      to,
      (other) => accessIn(found, found.tree, other)?.collection,
    );
    const row = await moveCollection(db, me, { parentId: to, position: key });
    if (!row) throw conflict("The collection changed while it was being moved; retry");
    const others = found.tree.rows.filter((r) => r.id !== row.id);
    const tree = { rows: [row, ...others], grants: found.tree.grants };
    const role = accessIn(found, tree, row.id)?.role ?? null;
    return c.json(presentCollection(urlsOf(c), row, role), 200);
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
    const db = c.get("db");
    const place = collectionTransferPlan(db, organization);
    const found = await resolveCollection(c, id, {
      with: { ...transferTargetStatements(c, organization), ...place.statements },
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "transfer this collection");
    const me = found.collection;
    if (organization === me.organizationId) {
      throw conflict("The collection already belongs to this organization");
    }
    if (me.parentId !== null) {
      throw preconditionFailed(
        "A nested collection cannot be transferred alone; move it to the top level first",
      );
    }
    requireTransferAdmin(found.results);
    const row = await transferCollection(db, me, {
      organizationId: organization,
      position: place.finish(found.results),
    });
    if (!row) throw conflict("The collection changed while it was being transferred; retry");
    return c.json(presentCollection(urlsOf(c), row, "admin"), 200);
  },
);
