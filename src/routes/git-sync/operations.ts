import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import { createRouter } from "../../http/router";
import { signingSecretOf } from "../../http/signing-secret";
import { conflict, notFound } from "../../lib/errors";
import { errorResponses, jsonBody, jsonResponse, noContent } from "../../api-document/common";
import { SpaceParams } from "../../api/spaces";
import {
  ExportToGitRepositoryBody,
  GitSyncStateSchema,
  ImportGitRepositoryBody,
} from "../../api/git-sync";
import type { z } from "@hono/zod-openapi";
import { presentGitSyncState } from "../../presenters/git-sync";
import { configOf, ensureGitSync } from "../../services/git-sync/config";
import { gitSyncQuery, isRunning, OPERATION_TIMEOUT_MS } from "../../services/git-sync/operations";
import { queueOperation } from "../../services/git-sync/jobs";
import { fullRef } from "../../services/git-sync/export";

/** GitBook's three Git Sync operations on a space: import, export, and the sync's state. */
export const gitSyncOperationRoutes = createRouter();

type OperationBody = z.infer<typeof ImportGitRepositoryBody> & { commitMessage?: string };

/**
 * Starts an import or an export (editors and up, `space:write`): the body's repository,
 * credentials, ref and project directory become the space's configuration, and the operation
 * is queued unless another one runs (409: two syncs never overlap).
 */
async function startSync(
  c: Context<AppEnv>,
  spaceId: string,
  direction: "import" | "export",
  body: OperationBody,
) {
  const found = await resolveSpace(c, spaceId);
  requireScope(found.caller, "space:write");
  requireRole(found.role, "edit", `${direction} this space with Git`);
  const db = c.get("db");
  const [stored] = await gitSyncQuery(db, spaceId);
  if (stored && stored.direction !== "both" && stored.direction !== direction)
    throw conflict(
      `This space's Git Sync is set to ${stored.direction} only; change its direction to ${direction}`,
    );
  const config = await configOf(
    signingSecretOf(c),
    spaceId,
    stored,
    {
      url: body.url,
      ref: fullRef(body.ref),
      ...(body.repoProjectDirectory !== undefined
        ? { projectDirectory: body.repoProjectDirectory }
        : {}),
      ...(body.gitInfo?.provider ? { provider: body.gitInfo.provider } : {}),
      ...((body.repoTreeURL ?? body.gitInfo?.url)
        ? { treeUrl: body.repoTreeURL ?? body.gitInfo?.url }
        : {}),
      ...(body.repoCommitURL ? { commitUrl: body.repoCommitURL } : {}),
    },
    "body.url",
  );
  if (!stored) await ensureGitSync(db, spaceId, config);
  const input = {
    ref: config.ref,
    force: body.force ?? false,
    standalone: body.standalone ?? false,
    userId: found.caller.user.id,
    ...(body.timestamp ? { timestamp: new Date(body.timestamp).toISOString() } : {}),
    ...(body.commitMessage ? { commitMessage: body.commitMessage } : {}),
  };
  const queued = await queueOperation({ db, env: c.env }, spaceId, direction, input, config);
  if (!queued)
    throw conflict("A Git Sync operation is already running on this space; follow it in git/info");
  return c.body(null, 204);
}

gitSyncOperationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/git/import",
    tags: ["space-git"],
    summary: "Pull content into a space from a Git repository, in the background",
    description:
      "The commit lands as a change request named for it (the space's first import lands on main; `standalone`: a change request only). Follow it in `git/info`.",
    request: { params: SpaceParams, body: jsonBody(ImportGitRepositoryBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404, 409) },
  }),
  async (c) => startSync(c, c.req.valid("param").spaceId, "import", c.req.valid("json")),
);

gitSyncOperationRoutes.openapi(
  createRoute({
    method: "post",
    path: "/spaces/{spaceId}/git/export",
    tags: ["space-git"],
    summary: "Push the space's main content to a Git repository, in the background",
    description:
      "One commit on the branch, on top of its head, with only the files that changed; nothing changed: no commit. Follow it in `git/info`.",
    request: { params: SpaceParams, body: jsonBody(ExportToGitRepositoryBody) },
    responses: { ...noContent, ...errorResponses(400, 403, 404, 409) },
  }),
  async (c) => startSync(c, c.req.valid("param").spaceId, "export", c.req.valid("json")),
);

gitSyncOperationRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/git/info",
    tags: ["space-git"],
    summary: "The space's Git Sync and its latest operation (404 when none is set up)",
    request: { params: SpaceParams },
    responses: {
      200: jsonResponse(GitSyncStateSchema, "The Git Sync info for the space"),
      ...errorResponses(403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const found = await resolveSpace(c, spaceId, {
      with: { rows: gitSyncQuery(c.get("db"), spaceId) },
    });
    requireScope(found.caller, "space:read");
    const row = found.results.rows[0];
    if (!row) throw notFound("Git Sync");
    return c.json(
      presentGitSyncState(row, { running: isRunning(row), timeoutMs: OPERATION_TIMEOUT_MS }),
      200,
    );
  },
);
