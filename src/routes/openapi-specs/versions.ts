import { siteGrantOf } from "../../auth/site-reader";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { resolveGrantedSpec, resolveSpec, type SpecAccess } from "../../auth/openapi-spec";
import { runPlan } from "../../db/plan";
import { notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { presentSpecContent, presentSpecVersion } from "../../presenters/openapi-spec";
import {
  readDocument,
  readRaw,
  versionByIdPlan,
  versionListPlan,
} from "../../services/openapi-specs/versions";
import {
  SpecContentSchema,
  SpecListQuery,
  SpecParams,
  SpecRawContentSchema,
  SpecVersionParams,
  SpecVersionSchema,
} from "../../api/openapi-specs";
import { declareList, textPairKey } from "../../http/lists";

/** The versions of an API specification and their content. */
export const specVersionRoutes = createRouter();

/** A spec's versions page on (createdAt, id), newest first. */
const VERSIONS = declareList((specId: string) => `openapi-versions:${specId}`, textPairKey);

const BASE = "/orgs/{organizationId}/openapi/{specSlug}/versions";
const TAGS = ["openapi"];

specVersionRoutes.openapi(
  createRoute({
    method: "get",
    path: BASE,
    tags: TAGS,
    summary: "List the versions of an API specification, newest first",
    request: { params: SpecParams, query: SpecListQuery },
    responses: {
      200: jsonResponse(listOf(SpecVersionSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { organizationId, specSlug } = c.req.valid("param");
    const { page, limit } = c.req.valid("query");
    // The spec id is known only after the lookup: the list is a second round trip.
    const { spec } = await resolveSpec(c, organizationId, specSlug, "openapi:read");
    const cursors = VERSIONS.at(c, spec.id);
    const after = await cursors.afterAccess(page);
    const list = versionListPlan(c.get("db"), { specId: spec.id, limit, after });
    const rows = await runPlan(c.get("db"), list);
    const urls = urlsOf(c);
    const body = await cursors.page({
      rows,
      limit,
      count: spec.versionsCount,
      key: (r) => [r.createdAt, r.id],
      present: (r) => presentSpecVersion(urls, spec, r),
    });
    return c.json(body, 200);
  },
);

/** The spec and one of its versions (`latest` or an id), or the 404 of an unknown one. */
async function specVersion(c: Context<AppEnv>, versionId: string) {
  const { organizationId, specSlug } = c.req.param() as Record<string, string>;
  const byId = versionByIdPlan(c.get("db"), versionId);
  const grant = siteGrantOf(c);
  // A site token reads the public specs of its site's organization.
  const found = grant
    ? await resolveGrantedSpec(c, grant, organizationId!, specSlug!, { with: byId.statements })
    : await resolveSpec(c, organizationId!, specSlug!, "openapi:read", {
        with: byId.statements,
      });
  const version: SpecAccess["version"] =
    versionId === "latest" ? found.version : byId.finish(found.results);
  if (!version || version.specId !== found.spec.id) throw notFound("OpenAPI specification version");
  return { spec: found.spec, version };
}

for (const [path, summary] of [
  [`${BASE}/latest`, "Get the latest version of an API specification"],
  [`${BASE}/{versionId}`, "Get a version of an API specification"],
] as const) {
  specVersionRoutes.openapi(
    createRoute({
      method: "get",
      path,
      tags: TAGS,
      summary,
      request: { params: path.endsWith("latest") ? SpecParams : SpecVersionParams },
      responses: { 200: jsonResponse(SpecVersionSchema, "OK"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { spec, version } = await specVersion(c, c.req.param("versionId") ?? "latest");
      return c.json(presentSpecVersion(urlsOf(c), spec, version), 200);
    },
  );
}

for (const [path, summary] of [
  [`${BASE}/latest/content`, "Get the processed content of the latest version"],
  [`${BASE}/{versionId}/content`, "Get the processed content of a version"],
] as const) {
  specVersionRoutes.openapi(
    createRoute({
      method: "get",
      path,
      tags: TAGS,
      summary,
      request: { params: path.includes("latest") ? SpecParams : SpecVersionParams },
      responses: { 200: jsonResponse(SpecContentSchema, "OK"), ...errorResponses(403, 404) },
    }),
    async (c) => {
      const { spec, version } = await specVersion(c, c.req.param("versionId") ?? "latest");
      const document = await readDocument(c.env.FILES, version);
      if (!document) throw notFound("OpenAPI specification content");
      return c.json(presentSpecContent(urlsOf(c), spec, version, document), 200);
    },
  );
}

specVersionRoutes.openapi(
  createRoute({
    method: "get",
    path: `${BASE}/latest/content/raw`,
    tags: TAGS,
    summary: "Get the raw text of the latest version, exactly as submitted",
    request: { params: SpecParams },
    responses: { 200: jsonResponse(SpecRawContentSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { version } = await specVersion(c, "latest");
    const text = await readRaw(c.env.FILES, version);
    if (text === null) throw notFound("OpenAPI specification content");
    const format = version.rawContentType === "application/json" ? "json" : "yaml";
    return c.json({ text, format } as const, 200);
  },
);
