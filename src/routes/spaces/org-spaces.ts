import { createRoute } from "@hono/zod-openapi";
import { templateSpaceContent } from "../../services/templates/main-commit";
import { afterMainRevision } from "../../services/content/main-hooks";
import { planTemplate } from "../../services/templates/plan";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveCollection, resolveInOrg } from "../../auth/collection";
import { accessIn } from "../../auth/content-role";
import { roleOnSpace } from "../../auth/space";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { presentSpace } from "../../presenters/space";
import { insertSpace, spaceAppendPlan } from "../../services/spaces/spaces";
import { listCollectionSpaces, orgSpacesPlan } from "../../services/spaces/lists";
import { callerDigest } from "../../auth/caller";
import { afterMainOf } from "../after-main";
import {
  CollectionSpacesParams,
  CreateSpaceBody,
  ListSpacesQuery,
  OrgSpacesParams,
  SpaceSchema,
} from "../../api/spaces";
import { declareList, textPairKey } from "../../http/lists";

/** Creating spaces, and listing them in an organization or a collection. */
export const orgSpaceRoutes = createRouter();

/** An organization's spaces page on (createdAt, id). */
const ORG_SPACES = declareList((orgId: string) => `spaces:${orgId}`, textPairKey);

/** A collection's spaces page on (position, id). */
const COLLECTION_SPACES = declareList(
  (collectionId: string) => `collection-spaces:${collectionId}`,
  textPairKey,
);

/** Title of a space created without one (the official body makes `title` optional). */
const DEFAULT_SPACE_TITLE = "Untitled";

orgSpaceRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/spaces",
    tags: ["spaces"],
    summary: "Create a new documentation space in an organization",
    request: { params: OrgSpacesParams, body: jsonBody(CreateSpaceBody) },
    responses: {
      201: jsonResponse(SpaceSchema, "Space created"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const input = c.req.valid("json");
    if (input.computedSource !== undefined) {
      throw badRequest("body.computedSource: computed content sources are not supported");
    }
    if (input.template && input.empty) {
      throw badRequest("body.empty: a space is created either empty or from a template");
    }
    // Checked before anything is written: a new space has no files, so any content ref is a 400.
    const changes = input.template
      ? planTemplate(input.template, [], {
          field: "template",
          content: "the new space's content",
          spaceId: "",
        })
      : null;
    const parentId = input.parent ?? null;
    const db = c.get("db");
    const place = spaceAppendPlan(db, organizationId, parentId);
    const { caller, member, tree, results } = await resolveInOrg(
      c,
      organizationId,
      parentId ? [parentId] : [],
      { with: place.statements },
    );
    requireScope(caller, "space:write");
    if (parentId) {
      const parent = accessIn(member, tree, parentId);
      if (!parent) throw notFound("Collection");
      requireRole(parent.role, "create", "create a space in this collection");
    } else {
      requireRole(member.orgRole, "create", "create a top-level space");
    }
    const content = changes ? templateSpaceContent(db, caller.user.id, changes) : undefined;
    const { row, pageIds } = await insertSpace(
      db,
      {
        organizationId,
        createdBy: caller.user.id,
        title: input.title ?? DEFAULT_SPACE_TITLE,
        emoji: input.emoji,
        parentId,
        language: input.language,
        editMode: input.editMode,
        position: place.finish(results),
      },
      undefined,
      content,
    );
    if (!row) throw notFound("Collection");
    if (content) await afterMainRevision({ space: row, previousSeq: 1, pageIds }, afterMainOf(c));
    const created = row;
    c.header("Location", apiUrl(c, `/spaces/${created.id}`));
    return c.json(presentSpace(urlsOf(c), created, roleOnSpace(member, created, tree)), 201);
  },
);

orgSpaceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/spaces",
    tags: ["spaces"],
    summary: "List all spaces in an organization",
    request: { params: OrgSpacesParams, query: ListSpacesQuery },
    responses: {
      200: jsonResponse(listOf(SpaceSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = ORG_SPACES.at(c, organizationId);
    const after = await cursors.after(page);
    // The page's statements run in the access check's round trip; read once it has passed.
    const list = orgSpacesPlan(c.get("db"), {
      organizationId,
      digest: callerDigest(c),
      limit,
      after,
    });
    const { caller, member, results } = await resolveInOrg(c, organizationId, [], {
      with: list.statements,
    });
    requireScope(caller, "space:read");
    const { items, count } = list.finish(results)(member);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows: items,
      limit,
      count,
      key: (item) => [item.row.createdAt, item.row.id],
      present: (item) => presentSpace(urls, item.row, item.role, item.placement, item.gitSync),
    });
    return c.json(body, 200);
  },
);

orgSpaceRoutes.openapi(
  createRoute({
    method: "get",
    path: "/collections/{collectionId}/spaces",
    tags: ["collections"],
    summary: "List all collection spaces",
    request: { params: CollectionSpacesParams, query: ListSpacesQuery },
    responses: {
      200: jsonResponse(listOf(SpaceSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { collectionId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const found = await resolveCollection(c, collectionId);
    requireScope(found.caller, "space:read");
    const cursors = COLLECTION_SPACES.at(c, collectionId);
    const after = await cursors.afterAccess(page);
    const source = {
      collection: found.collection,
      chain: found.chain,
      grants: found.grants,
    };
    const { items, count } = await listCollectionSpaces(
      c.get("db"),
      callerDigest(c),
      found,
      source,
      {
        limit,
        after,
      },
    );
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows: items,
      limit,
      count,
      key: (item) => [item.row.position, item.row.id],
      present: (item) => presentSpace(urls, item.row, item.role, item.placement, item.gitSync),
    });
    return c.json(body, 200);
  },
);
