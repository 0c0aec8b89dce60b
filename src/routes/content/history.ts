import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { revisionTarget } from "../../auth/content-target";
import { declareList, type ListCursors } from "../../http/lists";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import { forbidden, notFound } from "../../lib/errors";
import { changeRequestPath, presentChangeRequest } from "../../presenters/change-request";
import { presentRevisionEntry } from "../../presenters/revision";
import { usersById } from "../../services/change-requests/change-requests";
import { revertToRevision } from "../../services/change-requests/revert";
import {
  historyKey,
  pageHistoryPlan,
  spaceHistoryPlan,
  type HistoryKey,
  type HistoryPage,
} from "../../services/content/history";
import { ChangeRequestSchema } from "../../api/change-requests";
import {
  PageRevisionsParams,
  RevertBody,
  RevertParams,
  RevisionEntrySchema,
  RevisionsQuery,
  SpaceRevisionsParams,
} from "../../api/revisions";

/**
 * A space's history and revert (Quire extensions, docs/compatibility.md): the main line's
 * revisions newest first, the revisions that changed one page, and a revert of the space or of
 * one page to a revision, opened as a change request. The lists run in the access check's round
 * trip; the revert is for members who may edit.
 */
export const historyRoutes = createRouter();

/** A space's history, paged on the main-line sequence. */
const SPACE_HISTORY = declareList(
  (spaceId: string) => `revisions:${spaceId}`,
  z.tuple([z.number()]),
);

/** A page's history, paged like the space's. */
const PAGE_HISTORY = declareList(
  (spaceId: string, pageId: string) => `page-revisions:${spaceId}:${pageId}`,
  z.tuple([z.number()]),
);

/** The LIST of a history page. */
function historyBody(
  c: Context<AppEnv>,
  cursors: ListCursors<HistoryKey>,
  limit: number,
  page: HistoryPage,
) {
  const urls = urlsOf(c);
  return cursors.page({
    rows: page.rows,
    limit,
    count: page.count,
    key: historyKey,
    present: (entry) => presentRevisionEntry(urls, entry),
  });
}

const listResponses = {
  200: jsonResponse(listOf(RevisionEntrySchema), "The revisions, newest first"),
  ...errorResponses(400, 403, 404),
};

historyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions",
    tags: ["spaces"],
    summary: "List the revisions of a space's main content, newest first",
    request: { params: SpaceRevisionsParams, query: RevisionsQuery },
    responses: listResponses,
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const q = c.req.valid("query");
    const cursors = SPACE_HISTORY.at(c, spaceId);
    const after = await cursors.after(q.page);
    const history = spaceHistoryPlan(c.get("db"), spaceId, { limit: q.limit, after });
    const found = await resolveSpace(c, spaceId, { with: history.statements });
    requireScope(found.caller, "space:read");
    requireRole(found.role, "read", "read this space's history");
    return c.json(await historyBody(c, cursors, q.limit, history.finish(found.results)), 200);
  },
);

historyRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/content/page/{pageId}/revisions",
    tags: ["space-content"],
    summary: "List the revisions of main that created, changed, moved or deleted a page",
    request: { params: PageRevisionsParams, query: RevisionsQuery },
    responses: listResponses,
  }),
  async (c) => {
    const { spaceId, pageId } = c.req.valid("param");
    const q = c.req.valid("query");
    const cursors = PAGE_HISTORY.at(c, spaceId, pageId);
    const after = await cursors.after(q.page);
    const history = pageHistoryPlan(c.get("db"), spaceId, pageId, { limit: q.limit, after });
    const found = await resolveSpace(c, spaceId, { with: history.statements });
    requireScope(found.caller, "space:read");
    requireRole(found.role, "read", "read this space's history");
    const page = history.finish(found.results);
    if (page.count === 0) throw notFound("Page");
    return c.json(await historyBody(c, cursors, q.limit, page), 200);
  },
);

historyRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/revisions/{revisionId}/revert",
    tags: ["spaces"],
    summary: "Open a change request that reverts the space, or one page, to a revision",
    request: { params: RevertParams, body: jsonBody(RevertBody) },
    responses: {
      201: jsonResponse(ChangeRequestSchema, "The change request holding the reverted content"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { spaceId, revisionId } = c.req.valid("param");
    const body = c.req.valid("json");
    const t = await revisionTarget(c, spaceId, revisionId);
    if (!t.caller) throw forbidden("A site token cannot change a space's content");
    requireScope(t.caller, "space:write");
    requireRole(t.role, "edit", "revert this space's content");
    const user = t.caller.user;
    const row = await revertToRevision(c.get("db"), c.env.FILES, t.space, user.id, {
      revision: t.revision,
      subject: body.subject?.trim() ?? "",
      ...(body.page ? { page: body.page } : {}),
    });
    c.header("Location", apiUrl(c, changeRequestPath(spaceId, row.id)));
    const view = { row, users: usersById([user]), mainSeq: t.space.mainSeq };
    return c.json(presentChangeRequest(urlsOf(c), view), 201);
  },
);
