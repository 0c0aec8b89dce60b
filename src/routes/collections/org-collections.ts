import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveInOrg } from "../../auth/collection";
import { accessIn } from "../../auth/content-role";
import { callerUserId } from "../../auth/caller";
import { badRequest } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentCollection } from "../../presenters/collection";
import { createCollection } from "../../services/collections/collections";
import { lastChildPlan, listCollections, restrictedPlan } from "../../services/collections/queries";
import {
  CollectionSchema,
  CreateCollectionBody,
  ListCollectionsQuery,
  OrgCollectionsParams,
} from "../../api/collections";
import { declareList, textPairKey } from "../../http/lists";

/** Listing and creating the collections of an organization. */
export const orgCollectionRoutes = createRouter();

/** An organization's collections page on (createdAt, id), nested or top-level. */
const COLLECTIONS = declareList(
  (orgId: string, nested: boolean) => `collections:${orgId}:${nested ? "nested" : "top"}`,
  textPairKey,
);

/** Title of a collection created without one (the official body makes `title` optional). */
const DEFAULT_COLLECTION_TITLE = "Untitled";

orgCollectionRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/collections",
    tags: ["collections"],
    summary: "List all collections",
    request: { params: OrgCollectionsParams, query: ListCollectionsQuery },
    responses: {
      200: jsonResponse(listOf(CollectionSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, nested = true } = c.req.valid("query");
    const db = c.get("db");
    const restricted = restrictedPlan(db, organizationId);
    const { caller, member, results } = await resolveInOrg(c, organizationId, [], {
      with: restricted.statements,
    });
    requireScope(caller, "space:read");
    const cursors = COLLECTIONS.at(c, organizationId, nested);
    const after = await cursors.afterAccess(page);
    // Admins see everything; members too unless some collection has no default access.
    const seesAll = !member.isGuest && (member.orgRole === "admin" || !restricted.finish(results));
    const { items, count } = await listCollections(db, callerUserId(c), member, {
      nested,
      limit,
      after,
      seesAll,
    });
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows: items,
      limit,
      count,
      key: (item) => [item.row.createdAt, item.row.id],
      present: (item) => presentCollection(urls, item.row, item.role),
    });
    return c.json(body, 200);
  },
);

orgCollectionRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/collections",
    tags: ["collections"],
    summary: "Create a collection",
    request: { params: OrgCollectionsParams, body: jsonBody(CreateCollectionBody) },
    responses: {
      201: jsonResponse(CollectionSchema, "Collection created"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const input = c.req.valid("json");
    const parentId = input.parent ?? null;
    const db = c.get("db");
    const last = lastChildPlan(db, organizationId, parentId);
    const { caller, member, tree, results } = await resolveInOrg(
      c,
      organizationId,
      parentId ? [parentId] : [],
      { with: last.statements },
    );
    requireScope(caller, "space:write");
    const noParent = () => badRequest("body.parent: no such collection in this organization");
    if (parentId) {
      const parent = accessIn(member, tree, parentId);
      if (!parent) throw noParent();
      requireRole(parent.role, "create", "create a collection in this collection");
    } else {
      requireRole(member.orgRole, "create", "create a top-level collection");
    }
    const row = await createCollection(db, {
      organizationId,
      parentId,
      title: input.title ?? DEFAULT_COLLECTION_TITLE,
      after: last.finish(results),
    });
    if (!row) throw noParent();
    const role = accessIn(member, { ...tree, rows: [row, ...tree.rows] }, row.id)?.role ?? null;
    c.header("Location", apiUrl(c, `/collections/${row.id}`));
    return c.json(presentCollection(urlsOf(c), row, role), 201);
  },
);
