import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { ChangeRequestContentParams, RevisionParams } from "../../api/content";
import {
  ChangeRequestChangesQuery,
  RevisionChangesQuery,
  RevisionSemanticChangesSchema,
} from "../../api/semantic-changes";
import { changeRequestTarget, revisionTarget, type ContentTarget } from "../../auth/content-target";
import {
  changeRequestWindow,
  readWindow,
  revisionWindow,
  type ChangeWindow,
} from "../../services/content/semantic-changes";
import { conditionFilter } from "../../services/sites/conditions";
import { presentSemanticChanges } from "../../presenters/semantic-changes";
import { fileUrl } from "./handlers";

/**
 * Semantic changes (official getRevisionSemanticChanges, getChangeRequestChanges): what a
 * revision changed against its line's previous state — members, and a site token for the
 * revisions of its spaces' main line (`revisionTarget`) — and what a change request changes
 * against main where it forked (members only). GitBook's renderer lists them in its preview
 * toolbar. One round trip for the target, one for the changes.
 */
export const changesRoutes = createRouter();

/** The changes of a window as the reader sees them (adaptive pages hidden from a visitor). */
async function changesBody(c: Context<AppEnv>, t: ContentTarget, w: ChangeWindow, limit: number) {
  const rows = await readWindow(c.get("db"), w);
  const files = rows.files.flatMap((f) => [f.before, f.after]).filter((f) => f !== null);
  const urls = new Map(
    await Promise.all(files.map(async (row) => [row, await fileUrl(c, t, row)] as const)),
  );
  const shows = t.visitor ? conditionFilter(t.visitor.adaptive, t.visitor.claims) : undefined;
  return presentSemanticChanges(rows, { limit, shows, fileUrl: (row) => urls.get(row) ?? "" });
}

const responses = {
  200: jsonResponse(RevisionSemanticChangesSchema, "OK"),
  ...errorResponses(400, 403, 404),
};

changesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/revisions/{revisionId}/changes",
    tags: ["spaces"],
    summary: "List the semantic changes of a revision against its parent",
    request: { params: RevisionParams, query: RevisionChangesQuery },
    responses,
  }),
  async (c) => {
    const { spaceId, revisionId } = c.req.valid("param");
    const t = await revisionTarget(c, spaceId, revisionId);
    const body = await changesBody(c, t, revisionWindow(t.pointer), c.req.valid("query").limit);
    return c.json(body, 200);
  },
);

changesRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
    tags: ["change-requests"],
    summary: "List the changes a change request makes to main",
    request: { params: ChangeRequestContentParams, query: ChangeRequestChangesQuery },
    responses,
  }),
  async (c) => {
    const { spaceId, changeRequestId } = c.req.valid("param");
    const t = await changeRequestTarget(c, spaceId, changeRequestId);
    const body = await changesBody(
      c,
      t,
      changeRequestWindow(t.pointer),
      c.req.valid("query").limit,
    );
    return c.json(body, 200);
  },
);
