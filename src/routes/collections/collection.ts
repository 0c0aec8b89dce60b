import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { findCollection, resolveCollection } from "../../auth/collection";
import { effectiveRole } from "../../auth/role-rule";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { presentCollection } from "../../presenters/collection";
import { deleteCollection, updateCollection } from "../../services/collections/collections";
import { CollectionParams, CollectionSchema, UpdateCollectionBody } from "../../api/collections";

/** Reading, updating and deleting one collection. */
export const collectionRoutes = createRouter();

collectionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/collections/{collectionId}",
    tags: ["collections"],
    summary: "Get a collection by its ID",
    request: { params: CollectionParams },
    responses: { 200: jsonResponse(CollectionSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { collectionId } = c.req.valid("param");
    const found = await resolveCollection(c, collectionId);
    requireScope(found.caller, "space:read");
    return c.json(presentCollection(urlsOf(c), found.collection, found.role), 200);
  },
);

collectionRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/collections/{collectionId}",
    tags: ["collections"],
    summary: "Update a collection",
    request: { params: CollectionParams, body: jsonBody(UpdateCollectionBody) },
    responses: {
      200: jsonResponse(CollectionSchema, "The collection has been updated"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { collectionId } = c.req.valid("param");
    const patch = c.req.valid("json");
    const found = await resolveCollection(c, collectionId);
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "update this collection");
    if (Object.keys(patch).length === 0) {
      return c.json(presentCollection(urlsOf(c), found.collection, found.role), 200);
    }
    const row = await updateCollection(c.get("db"), collectionId, patch);
    if (!row) throw notFound("Collection");
    // A new default level may change the caller's own role (e.g. admin by default path only).
    const role = effectiveRole({ ...found, chain: [row, ...found.chain.slice(1)] });
    return c.json(presentCollection(urlsOf(c), row, role), 200);
  },
);

collectionRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/collections/{collectionId}",
    tags: ["collections"],
    summary: "Delete a collection and every collection nested in it",
    request: { params: CollectionParams },
    responses: { ...noContent, ...errorResponses(403) },
  }),
  async (c) => {
    const { collectionId } = c.req.valid("param");
    const { caller, found } = await findCollection(c, collectionId);
    requireScope(caller, "space:write");
    // Absent and invisible answer alike: there is no container in the path to hide.
    if (!found) return c.body(null, 204);
    requireRole(found.role, "admin", "delete this collection");
    await deleteCollection(c.get("db"), found.collection);
    return c.body(null, 204);
  },
);
