import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import type { Applied } from "../../content/apply";
import { ChangeBatchSchema } from "../../content/change-schema";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { ownBodyCap } from "../../middleware/body-limit";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import {
  changeRequestPath,
  presentChangeRequest,
  presentPageOutcomes,
} from "../../presenters/change-request";
import { presentFile } from "../../presenters/file";
import { applyContentBatch } from "../../services/change-requests/writes";
import { storeFileSources } from "../../services/change-requests/url-files";
import { createOutbound } from "../../outbound";
import { downloadUrl } from "../content/handlers";
import { changeRequestPeoplePlan, usersById } from "../../services/change-requests/change-requests";
import {
  ChangeRequestParams,
  ChangeRequestSchema,
  ContentBatchQuery,
  ContentUpdateSchema,
  type ContentUpdate,
} from "../../api/change-requests";

/** Largest content batch body: 20 files of 1 MB in base64, plus the pages. */
const MAX_CONTENT_BATCH_BYTES = 30 * 1024 * 1024;

/** Writing a change request's content: one atomic batch of changes. */
export const contentRoutes = createRouter();

/** The files the batch inserted, as official RevisionFiles with signed download URLs. */
function insertedFiles(c: Context<AppEnv>, spaceId: string, applied: Applied) {
  return Promise.all(
    applied.files.map(async (f) => presentFile(f, await downloadUrl(c, spaceId, f))),
  );
}

contentRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    middleware: [ownBodyCap(MAX_CONTENT_BATCH_BYTES)],
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
    const db = c.get("db");
    const people = changeRequestPeoplePlan(db, spaceId, changeRequestId);
    const found = await resolveChangeRequest(c, spaceId, changeRequestId, {
      with: people.statements,
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "change the content of this change request");
    const userId = found.caller.user.id;
    const urlFiles = await storeFileSources(
      createOutbound(c.env),
      c.env.FILES,
      found.space.organizationId,
      changes,
    );
    const { changeRequest, applied } = await applyContentBatch(
      db,
      c.env.FILES,
      found.space,
      found.changeRequest,
      userId,
      changes,
      { urlFiles },
      c.env.COLLAB_ROOMS,
    );
    const users = new Map([...people.finish(found.results), ...usersById([found.caller.user])]);
    const presented = presentChangeRequest(urlsOf(c), {
      row: changeRequest,
      users,
      mainSeq: found.space.mainSeq,
    });
    if (compat !== false) return c.json(presented, 200);
    const location = changeRequestPath(spaceId, changeRequest.id);
    const body: ContentUpdate = {
      changeRequest: presented,
      changes: presentPageOutcomes(urlsOf(c), location, changes, applied),
      insertedFiles: await insertedFiles(c, spaceId, applied),
    };
    return c.json(body, 200);
  },
);
