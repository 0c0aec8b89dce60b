import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { createRouter } from "../../http/router";
import { errorResponses } from "../../api-document/common";
import { DocumentQuery, RevisionQuery } from "../../api/content";
import {
  ChangeRequestReusableContentParams,
  RevisionReusableContentParams,
  SpaceReusableContentParams,
} from "../../api/renderer-reads";
import {
  changeRequestTarget,
  mainTarget,
  revisionTarget,
  type ContentTarget,
} from "../../auth/content-target";
import { notFound } from "../../lib/errors";

/**
 * The reusable-content reads (official getReusableContent…ById and its document). Quire stores
 * no reusable content (a Revision's `reusableContents` is always empty), so once the caller may
 * read the content — members by their role, a site token for the spaces of its site — every id
 * is the 404 "Reusable content not found"; a caller who may not read it gets the content's own
 * 404 (or 403), exactly as on the other content reads.
 */

type Params = Record<string, string>;

/** One mount of the read: its path, params, summary and how its params resolve to content. */
interface Mount {
  path: string;
  tags: string[];
  params: z.ZodObject;
  query: z.ZodObject;
  summary: string;
  target: (c: Context<AppEnv>, p: Params) => Promise<ContentTarget>;
}

const MOUNTS: Mount[] = [
  {
    path: "/spaces/{spaceId}/content/reusable-contents/{reusableContentId}",
    tags: ["space-content"],
    params: SpaceReusableContentParams,
    query: RevisionQuery,
    summary: "Get a reusable content of a space's current revision (Quire stores none: 404)",
    target: (c, p) => mainTarget(c, p.spaceId!),
  },
  {
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}",
    tags: ["change-requests"],
    params: ChangeRequestReusableContentParams,
    query: RevisionQuery,
    summary: "Get a reusable content of a change request (Quire stores none: 404)",
    target: (c, p) => changeRequestTarget(c, p.spaceId!, p.changeRequestId!),
  },
  {
    path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}",
    tags: ["spaces"],
    params: RevisionReusableContentParams,
    query: RevisionQuery,
    summary: "Get a reusable content of a revision (Quire stores none: 404)",
    target: (c, p) => revisionTarget(c, p.spaceId!, p.revisionId!),
  },
  {
    path: "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
    tags: ["spaces"],
    params: RevisionReusableContentParams,
    query: DocumentQuery,
    summary: "Get the document of a reusable content of a revision (Quire stores none: 404)",
    target: (c, p) => revisionTarget(c, p.spaceId!, p.revisionId!),
  },
];

/** The reusable-content reads, mounted under /v1 by `mountContent`. */
export const reusableContentRoutes = createRouter();

for (const mount of MOUNTS) {
  reusableContentRoutes.openapi(
    createRoute({
      method: "get",
      path: mount.path,
      tags: mount.tags,
      summary: mount.summary,
      request: { params: mount.params, query: mount.query },
      responses: errorResponses(400, 403, 404),
    }),
    async (c) => {
      await mount.target(c, c.req.valid("param" as never) as Params);
      throw notFound("Reusable content");
    },
  );
}
