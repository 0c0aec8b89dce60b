import { createRoute } from "@hono/zod-openapi";
import { findInstallation, resolveInstallation } from "../../auth/integration-installation";
import { runStatements } from "../../db/plan";
import { badRequest, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import {
  installOnTarget,
  targetPlan,
  uninstallFromTarget,
  updateTarget,
} from "../../services/integrations/targets";
import {
  queueEvents,
  targetDeletedEvent,
  targetSetupEvent,
} from "../../services/integrations/events";
import {
  ExtendedQuery,
  InstallationParams,
  UpdateTargetInstallationBody,
} from "../../api/integration-installations";
import { TARGET_KINDS } from "./target-kinds";

/** Space and site installations: install, read, update, uninstall. */
export const targetRoutes = createRouter();

for (const kind of TARGET_KINDS) {
  const base = `/integrations/{integrationName}/installations/{installationId}/${kind.plural}`;
  const one = `${base}/{${kind.param}}`;
  const targetIdIn = (params: Record<string, string>) => params[kind.param] ?? "";

  targetRoutes.openapi(
    createRoute({
      method: "post",
      path: base,
      tags: ["integrations"],
      summary: `Install an integration on a ${kind.type} of the installation's organization`,
      request: { params: InstallationParams, query: ExtendedQuery, body: jsonBody(kind.body) },
      responses: {
        201: jsonResponse(kind.schema, "Created"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const { integrationName, installationId } = c.req.valid("param");
      const targetId = kind.targetIdOf(c.req.valid("json"));
      const found = await resolveInstallation(
        c,
        integrationName,
        installationId,
        "integration:installations:write",
        { manage: true },
      );
      const target = found.integration.target;
      if (target !== "all" && target !== kind.type) {
        throw badRequest(`body: this integration cannot be installed on a ${kind.type}`);
      }
      const ref = { installation: found.installation, type: kind.type, targetId };
      const existing = targetPlan(c.get("db"), ref);
      const state = existing.finish(await runStatements(c.get("db"), existing.statements));
      if (!state.exists) throw notFound(kind.type === "space" ? "Space" : "Site");
      const row = await installOnTarget(c.get("db"), found.integration, ref);
      if (!state.row) {
        await queueEvents(c.get("db"), c.env, [
          targetSetupEvent(found.installation, kind.type, targetId, row),
        ]);
      }
      return c.json(kind.present(urlsOf(c), integrationName, row), 201);
    },
  );

  targetRoutes.openapi(
    createRoute({
      method: "get",
      path: one,
      tags: ["integrations"],
      summary: `Get the installation of an integration on a ${kind.type}`,
      request: { params: kind.params, query: ExtendedQuery },
      responses: { 200: jsonResponse(kind.schema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const { integrationName, installationId } = params;
      const found = await resolveInstallation(
        c,
        integrationName,
        installationId,
        "integration:installations:read",
      );
      const ref = {
        installation: found.installation,
        type: kind.type,
        targetId: targetIdIn(params),
      };
      const existing = targetPlan(c.get("db"), ref);
      const { row } = existing.finish(await runStatements(c.get("db"), existing.statements));
      if (!row) throw notFound("Installation");
      return c.json(kind.present(urlsOf(c), integrationName, row), 200);
    },
  );

  targetRoutes.openapi(
    createRoute({
      method: "patch",
      path: one,
      tags: ["integrations"],
      summary: `Update the installation of an integration on a ${kind.type}`,
      request: {
        params: kind.params,
        query: ExtendedQuery,
        body: jsonBody(UpdateTargetInstallationBody),
      },
      responses: { 200: jsonResponse(kind.schema, "OK"), ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const { integrationName, installationId } = params;
      const patch = c.req.valid("json");
      const found = await resolveInstallation(
        c,
        integrationName,
        installationId,
        "integration:installations:write",
        { manage: true },
      );
      const targetId = targetIdIn(params);
      const ref = { installation: found.installation, type: kind.type, targetId };
      const existing = targetPlan(c.get("db"), ref);
      const { row } = existing.finish(await runStatements(c.get("db"), existing.statements));
      const updated = row ? await updateTarget(c.get("db"), row, patch) : undefined;
      if (!row || !updated) throw notFound("Installation");
      await queueEvents(c.get("db"), c.env, [
        targetSetupEvent(found.installation, kind.type, targetId, updated, row),
      ]);
      return c.json(kind.present(urlsOf(c), integrationName, updated), 200);
    },
  );

  targetRoutes.openapi(
    createRoute({
      method: "delete",
      path: one,
      tags: ["integrations"],
      summary: `Uninstall an integration from a ${kind.type} (204 also when absent)`,
      request: { params: kind.params },
      responses: { ...noContent, ...errorResponses(400, 403, 404) },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const { integrationName, installationId } = params;
      const found = await findInstallation(
        c,
        integrationName,
        installationId,
        "integration:installations:write",
        { manage: true },
      );
      if (!found) return c.body(null, 204);
      const targetId = targetIdIn(params);
      const ref = { installation: found.installation, type: kind.type, targetId };
      const existing = targetPlan(c.get("db"), ref);
      const { row } = existing.finish(await runStatements(c.get("db"), existing.statements));
      if (!row) return c.body(null, 204);
      await queueEvents(c.get("db"), c.env, [
        targetDeletedEvent(found.installation, kind.type, targetId, row),
      ]);
      await uninstallFromTarget(c.get("db"), ref);
      return c.body(null, 204);
    },
  );
}
