import { createRoute } from "@hono/zod-openapi";
import { callerUserId } from "../../auth/caller";
import { resolveIntegration } from "../../auth/integration";
import { findInstallation, resolveInstallation } from "../../auth/integration-installation";
import { runStatements } from "../../db/plan";
import { resolveOrg } from "../../auth/organization";
import { forbidden } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  listOf,
  noContent,
} from "../../api-document/common";
import { presentInstallation } from "../../presenters/integration-installation";
import { installationsPagePlan } from "../../services/integrations/installation-reads";
import {
  createInstallation,
  deleteInstallation,
  updateInstallation,
} from "../../services/integrations/installations";
import {
  installationDeletedEvent,
  installationSetupEvent,
  queueEvents,
} from "../../services/integrations/events";
import { issueInstallationToken } from "../../services/integrations/tokens";
import { IntegrationParams } from "../../api/integrations";
import {
  InstallationParams,
  InstallationSchema,
  InstallBody,
  ListInstallationsQuery,
  TemporaryTokenSchema,
  UpdateInstallationBody,
} from "../../api/integration-installations";
import { declareList, textPairKey } from "../../http/lists";

/** Installations of an integration: list, install, read, update, uninstall, tokens. */
export const installationRoutes = createRouter();

/** An integration's installations page on (createdAt, id). */
const INSTALLATIONS = declareList(
  (integrationName: string, externalId?: string) =>
    `integration-installations:${integrationName}:${externalId ?? ""}`,
  textPairKey,
);

/** Life of a token from `POST …/tokens`. */
const TOKEN_TTL_SECONDS = 60 * 60;

installationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations/{integrationName}/installations",
    tags: ["integrations"],
    summary: "List the installations of an integration the caller may see",
    request: { params: IntegrationParams, query: ListInstallationsQuery },
    responses: {
      200: jsonResponse(listOf(InstallationSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const { page, limit, externalId } = c.req.valid("query");
    const cursors = INSTALLATIONS.at(c, integrationName, externalId);
    const access = await resolveIntegration(c, integrationName, "integration:installations:read");
    const after = await cursors.afterAccess(page);
    // The page depends on whether the caller administers the integration: a second round trip.
    const list = installationsPagePlan(c.get("db"), {
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
      key: (r) => [r.installation.createdAt, r.installation.id],
      present: (r) => presentInstallation(urls, integrationName, r.installation, r.spacesCount),
    });
    return c.json(body, 200);
  },
);

installationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/integrations/{integrationName}/installations",
    tags: ["integrations"],
    summary: "Install an integration in an organization (its admins)",
    request: { params: IntegrationParams, body: jsonBody(InstallBody) },
    responses: {
      201: jsonResponse(InstallationSchema, "Created"),
      ...errorResponses(400, 403, 404, 409),
    },
  }),
  async (c) => {
    const { integrationName } = c.req.valid("param");
    const { organization } = c.req.valid("json");
    const access = await resolveIntegration(c, integrationName, "integration:installations:write");
    const org = await resolveOrg(c, organization);
    if (org.role !== "admin") {
      throw forbidden("The admin role is required to install integrations");
    }
    if (access.integration.visibility === "private" && access.owner.id !== org.org.id) {
      throw forbidden("A private integration can only be installed in its own organization");
    }
    const installation = await createInstallation(c.get("db"), access.integration, org.org.id);
    await queueEvents(c.get("db"), c.env, [installationSetupEvent(installation)]);
    return c.json(presentInstallation(urlsOf(c), integrationName, installation, 0), 201);
  },
);

installationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/integrations/{integrationName}/installations/{installationId}",
    tags: ["integrations"],
    summary: "Get an installation of an integration",
    request: { params: InstallationParams },
    responses: { 200: jsonResponse(InstallationSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName, installationId } = c.req.valid("param");
    const found = await resolveInstallation(
      c,
      integrationName,
      installationId,
      "integration:installations:read",
    );
    const body = presentInstallation(
      urlsOf(c),
      integrationName,
      found.installation,
      found.spacesCount,
    );
    return c.json(body, 200);
  },
);

installationRoutes.openapi(
  createRoute({
    method: "patch",
    path: "/integrations/{integrationName}/installations/{installationId}",
    tags: ["integrations"],
    summary: "Update an installation's configuration, external ids and selections",
    request: { params: InstallationParams, body: jsonBody(UpdateInstallationBody) },
    responses: { 200: jsonResponse(InstallationSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName, installationId } = c.req.valid("param");
    const patch = c.req.valid("json");
    const found = await resolveInstallation(
      c,
      integrationName,
      installationId,
      "integration:installations:write",
      { manage: true },
    );
    const updated = await updateInstallation(
      c.get("db"),
      found.integration,
      found.installation,
      patch,
    );
    await queueEvents(c.get("db"), c.env, [installationSetupEvent(updated, found.installation)]);
    const spaces = updated.spaceSelection === "all" ? found.org.spacesCount : found.spacesCount;
    return c.json(presentInstallation(urlsOf(c), integrationName, updated, spaces), 200);
  },
);

installationRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/integrations/{integrationName}/installations/{installationId}",
    tags: ["integrations"],
    summary: "Uninstall an integration from an organization (204 also when absent)",
    request: { params: InstallationParams },
    responses: { ...noContent, ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName, installationId } = c.req.valid("param");
    const found = await findInstallation(
      c,
      integrationName,
      installationId,
      "integration:installations:write",
      { manage: true },
    );
    if (!found) return c.body(null, 204);
    // The event is recorded while the installation still exists, then the bot and rows go.
    await queueEvents(c.get("db"), c.env, [installationDeletedEvent(found.installation)]);
    await deleteInstallation(c.get("db"), found.installation);
    return c.body(null, 204);
  },
);

installationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/integrations/{integrationName}/installations/{installationId}/tokens",
    tags: ["integrations"],
    summary: "Create a temporary API token of the installation (one hour)",
    request: { params: InstallationParams },
    responses: { 200: jsonResponse(TemporaryTokenSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    const { integrationName, installationId } = c.req.valid("param");
    const found = await resolveInstallation(
      c,
      integrationName,
      installationId,
      "integration:installations:write",
    );
    if (!found.canManage && !found.isOwnerAdmin) {
      throw forbidden("Only admins may create tokens for this installation");
    }
    const token = await issueInstallationToken(
      c.get("db"),
      found.installation.id,
      TOKEN_TTL_SECONDS,
    );
    return c.json(token, 200);
  },
);
