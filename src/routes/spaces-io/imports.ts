import { signingSecretOf } from "../../http/signing-secret";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope, resolveOrg } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { declareList, textPairKey } from "../../http/lists";
import { enqueue } from "../../jobs/enqueue";
import { badRequest, notFound } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse, listOf } from "../../api-document/common";
import {
  ImportRunListQuery,
  ImportRunParams,
  ImportRunSchema,
  StartImportBody,
} from "../../api/imports";
import { OrgParams } from "../../api/organizations";
import { presentImportRun } from "../../presenters/import-run";
import { importRunJob } from "../../services/spaces-io/jobs";
import {
  cancelImportRun,
  createImportRun,
  importRunListPlan,
  importRunQuery,
} from "../../services/spaces-io/imports";

/** GitBook's import runs: start one (into a change request), list, read, cancel. */
export const importRoutes = createRouter();

/** An organization's runs, most recent first, paged on (createdAt, id). */
const IMPORT_RUNS = declareList((orgId: string) => `import-runs:${orgId}`, textPairKey);

/** The caller as the run rules see them: who, and whether they administer the organization. */
async function runCaller(c: Context<AppEnv>, orgId: string, scope: "space:read" | "space:write") {
  const access = await resolveOrg(c, orgId);
  requireScope(access.caller, scope);
  return { userId: access.caller.user.id, admin: access.role === "admin" };
}

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/org/{organizationId}/imports",
    tags: ["imports"],
    summary: "Import content into a space (uploaded markdown files or zips), in the background",
    description:
      "The content lands in a change request (`target.changeRequest`, or one the run opens); pages are matched by path, so a re-import updates them. Source `website` is not supported yet.",
    request: { params: OrgParams, body: jsonBody(StartImportBody) },
    responses: {
      201: jsonResponse(ImportRunSchema, "Import run created successfully."),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { source, target } = c.req.valid("json");
    const found = await resolveSpace(c, target.space);
    if (found.space.organizationId !== organizationId) throw notFound("Space");
    requireScope(found.caller, "space:write");
    requireRole(found.role, "edit", "import content into this space");
    if (source.type === "website")
      throw badRequest(
        'body.source.type: importing from a website is not supported by Quire yet; upload the pages as markdown files or a zip (type "file")',
      );
    const row = await createImportRun(c.get("db"), c.env.FILES, {
      orgId: organizationId,
      spaceId: target.space,
      source:
        source.type === "gitbook"
          ? { type: "gitbook", url: source.url, spaceId: source.spaceId }
          : source,
      ...(source.type === "gitbook" && source.token
        ? { sourceToken: { token: source.token, signingSecret: signingSecretOf(c) } }
        : {}),
      userId: found.caller.user.id,
      ...(target.changeRequest ? { changeRequestId: target.changeRequest } : {}),
      ...(target.page ? { pageId: target.page } : {}),
    });
    await enqueue(c.env, importRunJob, { runId: row.id });
    return c.json(presentImportRun(urlsOf(c), row), 201);
  },
);

importRoutes.openapi(
  createRoute({
    method: "get",
    path: "/org/{organizationId}/imports",
    tags: ["imports"],
    summary: "List the import runs of an organization",
    request: { params: OrgParams, query: ImportRunListQuery },
    responses: {
      200: jsonResponse(listOf(ImportRunSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit, space, changeRequest, status } = c.req.valid("query");
    const cursors = IMPORT_RUNS.at(c, organizationId);
    const after = await cursors.after(page);
    const caller = await runCaller(c, organizationId, "space:read");
    const filters = {
      ...(space ? { space } : {}),
      ...(changeRequest ? { changeRequest } : {}),
      ...(status ? { status } : {}),
    };
    const plan = importRunListPlan(c.get("db"), organizationId, caller, filters, limit, after);
    const [rows, total] = await c.get("db").batch([plan.rows, plan.total]);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: total[0]?.n ?? 0,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentImportRun(urls, r),
    });
    return c.json(body, 200);
  },
);

importRoutes.openapi(
  createRoute({
    method: "get",
    path: "/org/{organizationId}/imports/{importRunId}",
    tags: ["imports"],
    summary: "Get an import run: status, progress, pages and warnings",
    request: { params: ImportRunParams },
    responses: { 200: jsonResponse(ImportRunSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, importRunId } = c.req.valid("param");
    const caller = await runCaller(c, organizationId, "space:read");
    const [row] = await importRunQuery(c.get("db"), organizationId, importRunId, caller);
    if (!row) throw notFound("Import run");
    return c.json(presentImportRun(urlsOf(c), row), 200);
  },
);

importRoutes.openapi(
  createRoute({
    method: "post",
    path: "/org/{organizationId}/imports/{importRunId}/cancel",
    tags: ["imports"],
    summary: "Cancel an import run (its change request, when it opened one, is archived)",
    request: { params: ImportRunParams },
    responses: {
      200: jsonResponse(ImportRunSchema, "Import run canceled successfully."),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, importRunId } = c.req.valid("param");
    const caller = await runCaller(c, organizationId, "space:write");
    const [row] = await importRunQuery(c.get("db"), organizationId, importRunId, caller);
    if (!row) throw notFound("Import run");
    const cancelled = await cancelImportRun(c.get("db"), row);
    return c.json(presentImportRun(urlsOf(c), cancelled), 200);
  },
);
