import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { changeRequestMatch, resolveChangeRequest } from "../../auth/change-request";
import type { Applied } from "../../content/apply";
import { ChangeBatchSchema, type Change } from "../../content/change-schema";
import { createRouter } from "../../lib/router";
import { signedDownloadPath } from "../../lib/signing";
import { apiUrl } from "../../lib/urls";
import { limitBody } from "../../middleware/body-limit";
import { errorResponses, jsonBody, jsonResponse } from "../../openapi/common";
import { changeRequestPath, presentChangeRequest } from "../../presenters/change-request";
import { applyContentBatch, fileObjectKey } from "../../services/change-requests/writes";
import { changeRequestUsersQuery, usersById } from "../../services/change-requests/change-requests";
import {
  ChangeRequestParams,
  ChangeRequestSchema,
  ContentBatchQuery,
  ContentUpdateSchema,
  type ContentUpdate,
} from "../../api/change-requests";

/** Largest content batch body: 20 files of 1 MB in base64, plus the pages. */
export const MAX_CONTENT_BATCH_BYTES = 30 * 1024 * 1024;

/** Writing a change request's content: one atomic batch of changes. */
export const contentRoutes = createRouter();

// Effective only once the app-wide 1 MiB limit lets this path through (see the area report).
contentRoutes.on(
  "POST",
  "/spaces/:spaceId/change-requests/:changeRequestId/content",
  limitBody(MAX_CONTENT_BATCH_BYTES),
);

/**
 * The official per-page outcomes, in the order the batch first touched each page: a page that
 * no longer exists after the batch is `deleted_page`; a page the batch created echoes the `ref`
 * of its `insert_page` (inserted pages are created in the order of their changes).
 */
function pageOutcomes(
  c: Context<AppEnv>,
  location: string,
  changes: Change[],
  applied: Applied,
): ContentUpdate["changes"] {
  const finalStates = new Map(applied.pages.map((p) => [p.pageId, p]));
  const reverted = new Set(
    changes.flatMap((ch) => (ch.operation === "revert_page" ? [ch.page] : [])),
  );
  const refs = changes.flatMap((ch) => (ch.operation === "insert_page" ? [ch.ref] : []));
  let inserted = 0;
  return applied.changes.map(({ page, type }) => {
    const ref = type === "created" && !reverted.has(page) ? refs[inserted++] : undefined;
    if (finalStates.get(page)?.deleted) return { object: "deleted_page" as const, page };
    const pageRef = {
      object: "page" as const,
      id: page,
      urls: { location: apiUrl(c, `${location}/content/page/${page}`) },
    };
    if (type === "created") {
      return { object: "created_page" as const, ...(ref ? { ref } : {}), page: pageRef };
    }
    return { object: "updated_page" as const, page: pageRef };
  });
}

/** The files the batch inserted, as official RevisionFiles with signed download URLs. */
async function insertedFiles(c: Context<AppEnv>, applied: Applied) {
  const origin = `${new URL(c.req.url).origin}/v1`;
  return Promise.all(
    applied.files.map(async (f) => ({
      id: f.fileId,
      name: f.name,
      contentType: f.contentType,
      downloadURL: `${origin}${await signedDownloadPath(
        c.env.SIGNING_SECRET,
        fileObjectKey(f.hash),
        {
          contentType: f.contentType,
          filename: f.name,
        },
      )}`,
      size: f.size,
      ...(f.width !== null && f.height !== null
        ? { dimensions: { width: f.width, height: f.height } }
        : {}),
    })),
  );
}

contentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    tags: ["change-request-content"],
    summary: "Apply a batch of content changes to a change request",
    request: {
      params: ChangeRequestParams,
      query: ContentBatchQuery,
      body: jsonBody(ChangeBatchSchema),
    },
    responses: {
      200: jsonResponse(
        z.union([ChangeRequestSchema, ContentUpdateSchema]),
        "The change request (compat=true), or it and the affected pages (compat=false)",
      ),
      ...errorResponses(400, 403, 404, 409, 413),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const { compat } = c.req.valid("query");
    const { changes } = c.req.valid("json");
    const db = c.var.db;
    const match = changeRequestMatch(spaceId, changeRequestId);
    const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
      extra: [changeRequestUsersQuery(db, match)],
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "change the content of this change request");
    const userId = found.caller.user.id;
    const { changeRequest, applied } = await applyContentBatch(
      db,
      c.env.FILES,
      found.space,
      found.changeRequest,
      userId,
      changes,
    );
    const [people] = found.extra;
    const users = usersById([...people, found.caller.user]);
    const presented = presentChangeRequest(c, {
      row: changeRequest,
      users,
      mainSeq: found.space.mainSeq,
    });
    if (compat !== false) return c.json(presented, 200);
    const location = changeRequestPath(spaceId, changeRequest.id);
    const body: ContentUpdate = {
      changeRequest: presented,
      changes: pageOutcomes(c, location, changes, applied),
      insertedFiles: await insertedFiles(c, applied),
    };
    return c.json(body, 200);
  },
);
