import { createRoute, type z } from "@hono/zod-openapi";
import { callerUserId } from "../../auth/caller";
import { resolveIntegration } from "../../auth/integration";
import { resolveInstallation } from "../../auth/integration-installation";
import { runStatements } from "../../db/plan";
import { declareList, textPairKey } from "../../http/lists";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { targetsPagePlan } from "../../services/integrations/installation-reads";
import { IntegrationParams } from "../../api/integrations";
import { InstallationParams, ListTargetsQuery } from "../../api/integration-installations";
import { TARGET_KINDS } from "./target-kinds";

/** The space and site installation lists: of an integration, and of one installation. */
export const targetListRoutes = createRouter();

/** An integration's target installations of one kind page on (installation id, target id). */
const INTEGRATION_TARGETS = declareList(
  (plural: string, integrationName: string, externalId?: string) =>
    `integration-${plural}:${integrationName}:${externalId ?? ""}`,
  textPairKey,
);

/** One installation's targets of one kind page on (installation id, target id). */
const INSTALLATION_TARGETS = declareList(
  (plural: string, installationId: string, externalId?: string) =>
    `installation-${plural}:${installationId}:${externalId ?? ""}`,
  textPairKey,
);

for (const kind of TARGET_KINDS) {
  const base = `/integrations/{integrationName}/installations/{installationId}/${kind.plural}`;
  const listSchema = listOf(kind.schema as z.ZodType);

  targetListRoutes.openapi(
    createRoute({
      method: "get",
      path: `/integrations/{integrationName}/${kind.plural}`,
      tags: ["integrations"],
      summary: `List the ${kind.type} installations of an integration`,
      request: { params: IntegrationParams, query: ListTargetsQuery },
      responses: { 200: jsonResponse(listSchema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { integrationName } = c.req.valid("param");
      const { page, limit, externalId } = c.req.valid("query");
      const cursors = INTEGRATION_TARGETS.at(c, kind.plural, integrationName, externalId);
      const access = await resolveIntegration(c, integrationName, "integration:installations:read");
      const after = await cursors.afterAccess(page);
      const list = targetsPagePlan(c.get("db"), {
        type: kind.type,
        integrationId: access.integration.id,
        callerId: callerUserId(c),
        isOwnerAdmin: access.isOwnerAdmin,
        externalId,
        limit,
        after,
      });
      const { rows, count } = list.finish(await runStatements(c.get("db"), list.statements));
      const urls = urlsOf(c);
      const body = await cursors.page({
        rows,
        limit,
        count,
        key: (r) => [r.installationId, r.targetId],
        present: (r) => kind.present(urls, integrationName, r),
      });
      return c.json(body, 200);
    },
  );

  targetListRoutes.openapi(
    createRoute({
      method: "get",
      path: base,
      tags: ["integrations"],
      summary: `List the ${kind.type} installations of one installation`,
      request: { params: InstallationParams, query: ListTargetsQuery },
      responses: { 200: jsonResponse(listSchema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const { integrationName, installationId } = c.req.valid("param");
      const { page, limit, externalId } = c.req.valid("query");
      const cursors = INSTALLATION_TARGETS.at(c, kind.plural, installationId, externalId);
      const after = await cursors.after(page);
      const list = targetsPagePlan(c.get("db"), {
        type: kind.type,
        integrationId: integrationName,
        installationId,
        callerId: callerUserId(c),
        isOwnerAdmin: true,
        externalId,
        limit,
        after,
      });
      const found = await resolveInstallation(
        c,
        integrationName,
        installationId,
        "integration:installations:read",
        { with: list.statements },
      );
      const { rows, count } = list.finish(found.results);
      const urls = urlsOf(c);
      const body = await cursors.page({
        rows,
        limit,
        count,
        key: (r) => [r.installationId, r.targetId],
        present: (r) => kind.present(urls, integrationName, r),
      });
      return c.json(body, 200);
    },
  );
}
