import { createRoute, type z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { ChangeRequestPageParams, RevisionPageParams, SpacePageParams } from "../../api/content";
import { RevisionPageMetaLinksSchema, type RevisionPageMetaLinks } from "../../api/renderer-reads";
import {
  changeRequestTarget,
  mainTarget,
  revisionTarget,
  type ContentTarget,
} from "../../auth/content-target";
import { siteGrantOf } from "../../auth/site-reader";
import { readMetaLinks, type VariantScope } from "../../services/content/meta-links";
import { conditionFilter } from "../../services/sites/conditions";
import { chainShown } from "../../lib/condition";
import { notFound } from "../../lib/errors";

/**
 * A page's meta-links (official listRevisionPageMetaLinks and its main and change-request forms):
 * no canonical (Quire has no per-page canonical setting), and as alternates the page at the same
 * path in the other site spaces of the container publishing the space (its language variants;
 * `src/services/content/meta-links.ts`). A site token sees its own site's variants, those its
 * grant shows and pages its claims show; a member sees those of sites anyone may read.
 */

type Ctx = Context<AppEnv>;
type Params = Record<string, string>;

/** The meta-links of `pageId` in the target's content. */
async function metaLinks(c: Ctx, t: ContentTarget, pageId: string): Promise<RevisionPageMetaLinks> {
  const grant = siteGrantOf(c);
  const scope: VariantScope = grant ? { site: grant.site } : { open: true };
  const read = await readMetaLinks(c.get("db"), t.pointer, pageId, scope, (v) =>
    grant ? grant.spaces.includes(v.space) : true,
  );
  const shows = t.visitor ? conditionFilter(t.visitor.adaptive, t.visitor.claims) : undefined;
  if (!read.page || !chainShown(shows, { row: read.page, ancestors: read.ancestors })) {
    throw notFound("Page");
  }
  const alternates = read.alternates
    .filter((a) => chainShown(shows, { row: a, ancestors: a.ancestors }))
    .map((a) => ({ kind: "page" as const, page: a.page, space: a.space }));
  return { alternates };
}

/** One mount of the read: its path, params, tags, summary and how its params resolve. */
interface Mount {
  path: string;
  tags: string[];
  params: z.ZodObject;
  summary: string;
  target: (c: Ctx, p: Params) => Promise<ContentTarget>;
}

const MOUNTS: Mount[] = [
  {
    path: "/spaces/{spaceId}/content/page/{pageId}/meta-links",
    tags: ["space-content"],
    params: SpacePageParams,
    summary: "List the meta-links (language alternates) of a page of a space's current revision",
    target: (c, p) => mainTarget(c, p.spaceId!),
  },
  {
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links",
    tags: ["change-requests"],
    params: ChangeRequestPageParams,
    summary: "List the meta-links (language alternates) of a page of a change request",
    target: (c, p) => changeRequestTarget(c, p.spaceId!, p.changeRequestId!),
  },
  {
    path: "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links",
    tags: ["spaces"],
    params: RevisionPageParams,
    summary: "List the meta-links (language alternates) of a page of a revision",
    target: (c, p) => revisionTarget(c, p.spaceId!, p.revisionId!),
  },
];

/** The meta-links reads, mounted under /v1 by `mountContent`. */
export const metaLinksRoutes = createRouter();

for (const mount of MOUNTS) {
  metaLinksRoutes.openapi(
    createRoute({
      method: "get",
      path: mount.path,
      tags: mount.tags,
      summary: mount.summary,
      request: { params: mount.params },
      responses: {
        200: jsonResponse(RevisionPageMetaLinksSchema, "OK"),
        ...errorResponses(400, 403, 404),
      },
    }),
    async (c) => {
      const p = c.req.valid("param" as never) as Params;
      return c.json(await metaLinks(c, await mount.target(c, p), p.pageId!), 200);
    },
  );
}
