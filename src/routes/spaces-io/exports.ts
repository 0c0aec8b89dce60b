import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireScope } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { createRouter } from "../../http/router";
import { apiUrl, urlsOf } from "../../http/urls";
import { signingSecretOf } from "../../http/signing-secret";
import { enqueue } from "../../jobs/enqueue";
import { notFound } from "../../lib/errors";
import { signedDownloadPath } from "../../lib/signing";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { ExportParams, SpaceExportSchema, StartExportBody } from "../../api/spaces-io";
import { SpaceParams } from "../../api/spaces";
import { presentSpaceExport } from "../../presenters/space-export";
import { exportSpaceJob } from "../../services/spaces-io/jobs";
import { createExport, exportQuery } from "../../services/spaces-io/exports";
import type { SpaceExportRow } from "../../services/spaces-io/exports";

/** A space exported as a Git Sync repository (Quire extension): start, then follow and download. */
export const exportRoutes = createRouter();

/** The signed download of a completed export's archive. */
async function downloadOf(c: Context<AppEnv>, row: SpaceExportRow): Promise<string | null> {
  if (row.status !== "completed" || !row.archiveKey) return null;
  const path = await signedDownloadPath(signingSecretOf(c), row.archiveKey, {
    spaceId: row.spaceId,
    contentType: row.format === "zip" ? "application/zip" : "application/x-tar",
    filename: `${row.spaceId}.${row.format}`,
  });
  return apiUrl(c, path);
}

exportRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/exports",
    tags: ["spaces-io"],
    summary: "Export a space as a Git Sync repository (zip or tar), in the background",
    description:
      "Quire extension. The archive holds `.gitbook.yaml`, `SUMMARY.md`, a markdown file per page and the space's files under `.gitbook/assets/`. Follow the export with its `urls.location`.",
    request: { params: SpaceParams, body: jsonBody(StartExportBody, false) },
    responses: {
      202: jsonResponse(SpaceExportSchema, "The export, queued"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const found = await resolveSpace(c, spaceId);
    requireScope(found.caller, "space:read");
    // The body is optional: without one (or without `format`) the archive is a zip.
    const body = c.req.valid("json") as
      | { format?: "zip" | "tar"; changeRequest?: string }
      | undefined;
    const format = body?.format ?? "zip";
    const changeRequest = body?.changeRequest;
    const row = await createExport(c.get("db"), {
      spaceId,
      format,
      userId: found.caller.user.id,
      ...(changeRequest ? { changeRequestId: changeRequest } : {}),
    });
    await enqueue(c.env, exportSpaceJob, { exportId: row.id });
    return c.json(presentSpaceExport(urlsOf(c), row, null), 202);
  },
);

exportRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/exports/{exportId}",
    tags: ["spaces-io"],
    summary: "Read a space export: status, progress, result and the archive's signed download",
    description: "Quire extension.",
    request: { params: ExportParams },
    responses: {
      200: jsonResponse(SpaceExportSchema, "The export"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId, exportId } = c.req.valid("param");
    const query = exportQuery(c.get("db"), spaceId, exportId);
    const found = await resolveSpace(c, spaceId, { with: { rows: query } });
    requireScope(found.caller, "space:read");
    const row = found.results.rows[0];
    if (!row) throw notFound("Export");
    return c.json(presentSpaceExport(urlsOf(c), row, await downloadOf(c, row)), 200);
  },
);
