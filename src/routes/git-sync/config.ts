import { createRoute } from "@hono/zod-openapi";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { createRouter } from "../../http/router";
import { signingSecretOf } from "../../http/signing-secret";
import { notFound } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { SpaceParams } from "../../api/spaces";
import { GitSyncConfigBody, GitSyncConfigSchema } from "../../api/git-sync";
import { presentGitSyncConfig } from "../../presenters/git-sync";
import { configOf, deleteGitSync, saveGitSync } from "../../services/git-sync/config";
import { fullRef } from "../../services/git-sync/export";
import { gitSyncQuery } from "../../services/git-sync/operations";

/** Quire's Git Sync configuration of a space (extension): set, read (never the credentials), remove. */
export const gitSyncConfigRoutes = createRouter();

gitSyncConfigRoutes.openapi(
  createRoute({
    method: "put",
    path: "/spaces/{spaceId}/git/config",
    tags: ["space-git"],
    summary:
      "Set the space's Git Sync: repository, branch, project directory, direction, credentials",
    description:
      "Quire extension (space admins). Credentials (in the URL, or `token`) are kept encrypted and never answered. `exportOnMerge`: every merge into main is exported as one commit naming the change request.",
    request: { params: SpaceParams, body: jsonBody(GitSyncConfigBody) },
    responses: {
      200: jsonResponse(GitSyncConfigSchema, "The configuration"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const body = c.req.valid("json");
    const found = await resolveSpace(c, spaceId, {
      with: { rows: gitSyncQuery(c.get("db"), spaceId) },
    });
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "set up Git Sync on this space");
    const stored = found.results.rows[0];
    const config = await configOf(
      signingSecretOf(c),
      spaceId,
      stored,
      { ...body, ref: fullRef(body.ref) },
      "body.url",
    );
    const row = await saveGitSync(c.get("db"), spaceId, stored, config);
    return c.json(presentGitSyncConfig(row), 200);
  },
);

gitSyncConfigRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/git/config",
    tags: ["space-git"],
    summary: "Read the space's Git Sync configuration (never its credentials)",
    description: "Quire extension (editors and up).",
    request: { params: SpaceParams },
    responses: {
      200: jsonResponse(GitSyncConfigSchema, "The configuration"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const found = await resolveSpace(c, spaceId, {
      with: { rows: gitSyncQuery(c.get("db"), spaceId) },
    });
    requireScope(found.caller, "space:read");
    requireRole(found.role, "edit", "read this space's Git Sync configuration");
    const row = found.results.rows[0];
    if (!row) throw notFound("Git Sync");
    return c.json(presentGitSyncConfig(row), 200);
  },
);

gitSyncConfigRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/spaces/{spaceId}/git/config",
    tags: ["space-git"],
    summary: "Remove the space's Git Sync and its credentials",
    description: "Quire extension (space admins).",
    request: { params: SpaceParams },
    responses: { ...noContent, ...errorResponses(403, 404) },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const found = await resolveSpace(c, spaceId);
    requireScope(found.caller, "space:write");
    requireRole(found.role, "admin", "remove Git Sync from this space");
    await deleteGitSync(c.get("db"), spaceId);
    return c.body(null, 204);
  },
);
