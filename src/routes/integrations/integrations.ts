import { createRoute } from "@hono/zod-openapi";
import { callerUserId, resolveCaller } from "../../auth/caller";
import { requireScope } from "../../auth/organization";
import {
  requireIntegrationAdmin,
  resolveIntegration,
  resolvePublish,
} from "../../auth/integration";
import { ApiError, badRequest } from "../../lib/errors";
import { ownBodyCap } from "../../middleware/body-limit";
import { createRouter } from "../../http/router";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { integrationsPagePlan } from "../../services/integrations/reads";
import { deleteIntegration, publishIntegration } from "../../services/integrations/publish";
import { checkScript } from "../../services/integrations/sandbox";
import {
  IntegrationParams,
  IntegrationSchema,
  ListIntegrationsQuery,
  PublishIntegrationBody,
} from "../../api/integrations";
import { integrationOut } from "./view";
import { declareList, textKey } from "../../http/lists";

/** Integrations: the public list, one by name, publish (create or new version), delete. */
export const integrationRoutes = createRouter();

/** The public integrations page on the name. */
const INTEGRATIONS = declareList(() => "integrations", textKey);

/** Largest publish body: a 5 MiB script, an icon and three preview images, in base64. */
const MAX_PUBLISH_BYTES = 20 * 1024 * 1024;

integrationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations",
    tags: ["integrations"],
    summary: "List public integrations and those of the caller's organizations",
    request: { query: ListIntegrationsQuery },
    responses: { 200: jsonResponse(listOf(IntegrationSchema), "OK"), ...errorResponses(400, 403) },
  }),
  async (c) => {
    const { page, limit, ...filters } = c.req.valid("query");
    const cursors = INTEGRATIONS.at(c);
    const after = await cursors.after(page);
    const callerId = callerUserId(c);
    const list = integrationsPagePlan(c.get("db"), {
      list: { kind: "all", callerId },
      callerId,
      filters,
      limit,
      after,
    });
    const { caller, results } = await resolveCaller(c, { with: list.statements });
    requireScope(caller, "integration:read");
    const { rows, count } = list.finish(results);
    const items = await Promise.all(rows.slice(0, limit).map((r) => integrationOut(c, r)));
    const body = await cursors.page({
      rows: rows.map((r, i) => ({ r, item: items[i] })),
      limit,
      count,
      key: ({ r }) => [r.integration.name],
      present: ({ item }) => item!,
    });
    return c.json(body, 200);
  },
);

integrationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations/{integrationName}",
    tags: ["integrations"],
    summary: "Get an integration by its name",
    request: { params: IntegrationParams },
    responses: { 200: jsonResponse(IntegrationSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const access = await resolveIntegration(c, integrationName, "integration:read");
    return c.json(await integrationOut(c, access), 200);
  },
);

integrationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/integrations/{integrationName}",
    middleware: [ownBodyCap(MAX_PUBLISH_BYTES)],
    tags: ["integrations"],
    summary: "Publish an integration, or a new version of it",
    request: { params: IntegrationParams, body: jsonBody(PublishIntegrationBody) },
    responses: {
      200: jsonResponse(IntegrationSchema, "OK"),
      ...errorResponses(400, 403, 404, 409, 413),
    },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const input = c.req.valid("json");
    const access = await resolvePublish(c, integrationName, input.organization);
    if (access.existing && access.existing.owner.id !== access.org.id) {
      throw badRequest("body.organization: the integration is owned by another organization");
    }
    const checked = await checkScript(c.env, input.script);
    if (!checked.ok) {
      const reason = checked.reason.startsWith("script:")
        ? checked.reason
        : `script: ${checked.reason}`;
      throw badRequest(`body.${reason}`);
    }
    const row = await publishIntegration(
      c.get("db"),
      c.env,
      {
        name: integrationName,
        organizationId: access.org.id,
        existing: access.existing?.integration ?? null,
      },
      input,
    );
    return c.json(
      await integrationOut(c, { integration: row, owner: access.org, ownerRole: "admin" }),
      200,
    );
  },
);

integrationRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/integrations/{integrationName}",
    tags: ["integrations"],
    summary: "Unpublish an integration with its installations (204 also when absent)",
    request: { params: IntegrationParams },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    try {
      const access = await resolveIntegration(c, integrationName, "integration:delete");
      requireIntegrationAdmin(access, "delete it");
      await deleteIntegration(c.get("db"), access.owner.id, integrationName);
    } catch (error) {
      // Deleting what the caller cannot see (or what does not exist) is a 204 too.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    return c.body(null, 204);
  },
);
