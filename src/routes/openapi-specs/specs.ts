import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import {
  requireSpecEditor,
  resolveSpec,
  resolveSpecIfAny,
  resolveSpecs,
  specPermissions,
} from "../../auth/openapi-spec";
import { enqueue } from "../../jobs/enqueue";
import { ApiError, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { ownBodyCap } from "../../middleware/body-limit";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentSpec } from "../../presenters/openapi-spec";
import { processSpecJob } from "../../services/openapi-specs/jobs";
import {
  createSpec,
  deleteSpec,
  putSpec,
  setSpecVisibility,
  specListPlan,
} from "../../services/openapi-specs/specs";
import {
  CreateSpecBody,
  MAX_SPEC_BODY_BYTES,
  MAX_SPEC_TEXT_BYTES,
  OrgSpecsParams,
  PatchSpecBody,
  PutSpecBody,
  PutSpecParams,
  SpecListQuery,
  SpecParams,
  SpecSchema,
} from "../../api/openapi-specs";
import { declareList, textPairKey } from "../../http/lists";

/** An organization's API specifications: list, create, read, create-or-update, visibility, delete. */
export const specRoutes = createRouter();

/** API specs page on (slug, id). */
const SPECS = declareList((orgId: string) => `openapi:${orgId}`, textPairKey);

/** 413 for a text source over 10 MiB (the body cap leaves room for JSON escapes). */
function checkSourceSize(source: { url: string } | { text: string }) {
  if ("text" in source && new TextEncoder().encode(source.text).byteLength > MAX_SPEC_TEXT_BYTES) {
    throw new ApiError(413, `body.source.text: at most ${MAX_SPEC_TEXT_BYTES} bytes`);
  }
}

/** Queues the processing of a spec's current source. */
function queueProcessing(c: Context<AppEnv>, specId: string) {
  return enqueue(c.env, processSpecJob, { specId });
}

specRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/openapi",
    tags: ["openapi"],
    summary: "List the API specifications of an organization",
    request: { params: OrgSpecsParams, query: SpecListQuery },
    responses: { 200: jsonResponse(listOf(SpecSchema), "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    const cursors = SPECS.at(c, organizationId);
    const after = await cursors.after(page);
    const list = specListPlan(c.get("db"), { orgId: organizationId, limit, after });
    const { results, canEdit } = await resolveSpecs(c, organizationId, "openapi:read", {
      with: list.statements,
    });
    const { rows, count } = list.finish(results);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count,
      key: (r) => [r.slug, r.id],
      present: (r) => presentSpec(urls, r, specPermissions(canEdit)),
    });
    return c.json(body, 200);
  },
);

specRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/openapi",
    // A spec text is up to 10 MiB: its own body cap instead of the app's 1 MiB.
    middleware: [ownBodyCap(MAX_SPEC_BODY_BYTES)],
    tags: ["openapi"],
    summary: "Create an API specification (processed in the background)",
    request: { params: OrgSpecsParams, body: jsonBody(CreateSpecBody) },
    responses: {
      201: jsonResponse(SpecSchema, "Created"),
      ...errorResponses(400, 403, 404, 409, 413),
    },
  }),
  async (c) => {
    const { organizationId } = c.req.valid("param");
    const { slug, source } = c.req.valid("json");
    checkSourceSize(source);
    const access = await resolveSpecs(c, organizationId, "openapi:write");
    requireSpecEditor(access);
    const row = await createSpec(c.get("db"), c.env.FILES, { orgId: organizationId, slug, source });
    await queueProcessing(c, row.id);
    return c.json(presentSpec(urlsOf(c), row, specPermissions(true)), 201);
  },
);

specRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/openapi/{specSlug}",
    tags: ["openapi"],
    summary: "Get an API specification by slug",
    request: { params: SpecParams },
    responses: { 200: jsonResponse(SpecSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const { spec, canEdit } = await resolveSpec(c, organizationId, specSlug, "openapi:read");
    return c.json(presentSpec(urlsOf(c), spec, specPermissions(canEdit)), 200);
  },
);

specRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/openapi/{specSlug}",
    middleware: [ownBodyCap(MAX_SPEC_BODY_BYTES)],
    tags: ["openapi"],
    summary: "Create or update an API specification by slug (processed in the background)",
    request: { params: PutSpecParams, body: jsonBody(PutSpecBody) },
    responses: {
      200: jsonResponse(SpecSchema, "The specification has been updated"),
      201: jsonResponse(SpecSchema, "The specification has been created"),
      ...errorResponses(400, 403, 404, 413),
    },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const { source } = c.req.valid("json");
    checkSourceSize(source);
    const found = await resolveSpecIfAny(c, organizationId, specSlug, "openapi:write");
    requireSpecEditor(found);
    const { row, created } = await putSpec(c.get("db"), c.env.FILES, {
      orgId: organizationId,
      slug: specSlug,
      source,
      existing: found.spec,
    });
    await queueProcessing(c, row.id);
    const body = presentSpec(urlsOf(c), row, specPermissions(true));
    return created ? c.json(body, 201) : c.json(body, 200);
  },
);

specRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/openapi/{specSlug}",
    tags: ["openapi"],
    summary: "Change the visibility of an API specification",
    request: { params: SpecParams, body: jsonBody(PatchSpecBody) },
    responses: { 200: jsonResponse(SpecSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const { visibility } = c.req.valid("json");
    const found = await resolveSpec(c, organizationId, specSlug, "openapi:write");
    requireSpecEditor(found);
    const row = await setSpecVisibility(c.get("db"), found.spec.id, visibility);
    if (!row) throw notFound("OpenAPI specification");
    return c.json(presentSpec(urlsOf(c), row, specPermissions(true)), 200);
  },
);

specRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/orgs/{organizationId}/openapi/{specSlug}",
    tags: ["openapi"],
    summary: "Delete an API specification and its versions (204 also when absent)",
    request: { params: SpecParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const access = await resolveSpecs(c, organizationId, "openapi:write");
    requireSpecEditor(access);
    await deleteSpec(c.get("db"), c.env.FILES, organizationId, specSlug);
    return c.body(null, 204);
  },
);
