import { createRoute } from "@hono/zod-openapi";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses, jsonBody, jsonResponse } from "../../api-document/common";
import { presentAdaptiveSchema, presentPublishingAuth } from "../../presenters/site-publishing";
import { resolveSite, SITE_ROLES, type SiteNeed } from "../../auth/site";
import {
  adaptiveSchemaPlan,
  putAdaptiveSchema,
  templateConditions,
  validateAdaptiveSchema,
} from "../../services/sites/adaptive";
import { regenerateSiteKey, siteAuthPlan, updateSiteAuth } from "../../services/sites/visitor-auth";
import { SiteParams } from "../../api/sites";
import {
  AdaptiveSchemaSchema,
  PublishingAuthSchema,
  PutAdaptiveSchemaBody,
  TemplateConditionsSchema,
  UpdatePublishingAuthBody,
} from "../../api/sites-publishing";

/** The adaptive-content schema and the visitor-authentication settings of a site. */
export const settingsRoutes = createRouter();

const READ_SCHEMA: SiteNeed = {
  scope: "site:read",
  minimum: SITE_ROLES.read,
  action: "read adaptive schemas",
};
const AUTH: Record<"read" | "write", SiteNeed> = {
  read: {
    scope: "site:auth:read",
    minimum: SITE_ROLES.admin,
    action: "read visitor authentication",
  },
  write: {
    scope: "site:auth:write",
    minimum: SITE_ROLES.admin,
    action: "change visitor authentication",
  },
};

settingsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    tags: ["sites"],
    summary: "Get the visitor-claims JSON Schema of an adaptive-content site (404 until set)",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(AdaptiveSchemaSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const reads = adaptiveSchemaPlan(c.get("db"), siteId);
    const { results } = await resolveSite(c, organizationId, siteId, READ_SCHEMA, {
      with: reads.statements,
    });
    const row = reads.finish(results);
    if (!row) throw notFound("Adaptive schema");
    return c.json(presentAdaptiveSchema(row), 200);
  },
);

settingsRoutes.openapi(
  createRoute({
    method: "put",
    path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema",
    tags: ["sites"],
    summary: "Replace the visitor-claims JSON Schema of a site",
    description:
      "A draft-07 schema of type object whose properties are boolean claims ({type: boolean, " +
      "description}), with an optional `unsigned` object schema of boolean claims, and " +
      "`additionalProperties: false` at both levels. The first broken rule is a 400 naming it.",
    request: { params: SiteParams, body: jsonBody(PutAdaptiveSchemaBody) },
    responses: { 200: jsonResponse(AdaptiveSchemaSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { jsonSchema } = c.req.valid("json");
    await resolveSite(c, organizationId, siteId, {
      scope: "site:write",
      minimum: SITE_ROLES.manage,
      action: "change adaptive schemas",
    });
    const row = await putAdaptiveSchema(c.get("db"), siteId, validateAdaptiveSchema(jsonSchema));
    return c.json(presentAdaptiveSchema(row), 200);
  },
);

settingsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/adaptive-schema/template-conditions",
    tags: ["sites"],
    summary: "List ready-made conditions derived from the site's adaptive schema",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(TemplateConditionsSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const reads = adaptiveSchemaPlan(c.get("db"), siteId);
    const { results } = await resolveSite(c, organizationId, siteId, READ_SCHEMA, {
      with: reads.statements,
    });
    const schema = reads.finish(results)?.jsonSchema ?? null;
    return c.json({ items: templateConditions(schema) }, 200);
  },
);

settingsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth",
    tags: ["sites"],
    summary: "Get the visitor-authentication settings of a site, with its signing key",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(PublishingAuthSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const reads = siteAuthPlan(c.get("db"), siteId);
    const { results } = await resolveSite(c, organizationId, siteId, AUTH.read, {
      with: reads.statements,
    });
    const row = reads.finish(results);
    if (!row) throw notFound("Site");
    return c.json(presentPublishingAuth(row), 200);
  },
);

settingsRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth",
    tags: ["sites"],
    summary: "Update the visitor-authentication settings of a site",
    request: { params: SiteParams, body: jsonBody(UpdatePublishingAuthBody) },
    responses: { 200: jsonResponse(PublishingAuthSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const { backend, ...patch } = c.req.valid("json");
    const reads = siteAuthPlan(c.get("db"), siteId);
    const { results } = await resolveSite(c, organizationId, siteId, AUTH.write, {
      with: reads.statements,
    });
    const row = reads.finish(results);
    if (!row) throw notFound("Site");
    if (backend === "integration") {
      throw badRequest(
        "body.backend: no visitor-authentication integration is installed on this site",
      );
    }
    return c.json(presentPublishingAuth(await updateSiteAuth(c.get("db"), row, patch)), 200);
  },
);

settingsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate",
    tags: ["sites"],
    summary: "Replace the signing key of a site's visitor authentication",
    request: { params: SiteParams },
    responses: { 200: jsonResponse(PublishingAuthSchema, "OK"), ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { organizationId, siteId } = c.req.valid("param");
    const reads = siteAuthPlan(c.get("db"), siteId);
    const { results } = await resolveSite(c, organizationId, siteId, AUTH.write, {
      with: reads.statements,
    });
    const row = reads.finish(results);
    if (!row) throw notFound("Site");
    return c.json(presentPublishingAuth(await regenerateSiteKey(c.get("db"), row)), 200);
  },
);
