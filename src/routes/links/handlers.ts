import type { Context } from "hono";
import { z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { resolveSpace, type ResolvedSpace } from "../../auth/space";
import type { ContentPointer } from "../../content/pointer";
import { changeRequestPointer, mainPointer } from "../../content/pointers";
import { notFound } from "../../lib/errors";
import { declareList, textKey } from "../../http/lists";
import { urlsOf } from "../../http/urls";
import { runPlan } from "../../db/plan";
import {
  presentLink,
  presentLinkStats,
  presentPageReference,
  type ReferenceContext,
} from "../../presenters/link";
import { backlinksPlan, linksPlan } from "../../services/links/links";
import type { BacklinksQuery, LinksQuery } from "../../api/links";

type Ctx = Context<AppEnv>;

/** The place in a mount's path params: a space, or one of its change requests. */
type Place = { spaceId: string; changeRequestId?: string };

/** The revision a link read is about, as resolved for the caller. */
interface LinkTarget {
  found: ResolvedSpace;
  pointer: ContentPointer;
}

/** Links are content: `space:read` and any role that sees the space, like the content reads. */
function allowRead(found: ResolvedSpace): void {
  requireScope(found.caller, "space:read");
  requireRole(found.role, "read", "read this space's content");
}

/**
 * The revision a link read is about, from the mount's path params: a change request's working
 * head (by id or number) when they name one, else the space's main content at its head (one
 * round trip with authentication).
 */
async function linkTarget(c: Ctx, place: Place): Promise<LinkTarget> {
  if (place.changeRequestId === undefined) {
    const found = await resolveSpace(c, place.spaceId);
    allowRead(found);
    return { found, pointer: mainPointer(found.space) };
  }
  const found = await resolveChangeRequest(c, place.spaceId, place.changeRequestId);
  allowRead(found);
  return { found, pointer: changeRequestPointer(found.space, found.changeRequest) };
}

function referenceContext(t: LinkTarget): ReferenceContext {
  return {
    organizationId: t.found.space.organizationId,
    spaceId: t.pointer.spaceId,
    revisionId: t.pointer.revisionId,
  };
}

/** The scope of a list's cursors: its revision line, and what it lists. */
function cursorScope(t: LinkTarget, what: string): string {
  return `links:${t.pointer.spaceId}:${t.pointer.lineId}:${what}`;
}

/** A link list pages on (source page, ordinal). */
const LINKS = declareList(cursorScope, z.tuple([z.string(), z.number()]));
/** A backlink list pages on the linking page's id. */
const BACKLINKS = declareList(cursorScope, textKey);

/**
 * A LIST of links with `stats` of the place: the whole revision's, or one page's (404 when the
 * page is not in the revision), optionally filtered by status.
 */
export async function linksBody(
  c: Ctx,
  place: Place,
  query: z.infer<typeof LinksQuery>,
  pageId?: string,
) {
  const t = await linkTarget(c, place);
  const list = LINKS.at(c, t, `${pageId ?? "*"}:${query.status ?? "all"}`);
  const after = await list.afterAccess(query.page);
  const read = await runPlan(
    c.get("db"),
    linksPlan(
      c.get("db"),
      {
        pointer: t.pointer,
        organizationId: t.found.space.organizationId,
        appUrl: urlsOf(c).app(""),
      },
      { pageId, status: query.status, limit: query.limit, after },
    ),
  );
  if (!read.found) throw notFound("Page");
  const ctx = referenceContext(t);
  const body = await list.page({
    rows: read.rows,
    limit: query.limit,
    count: read.stats.matching,
    key: (row) => [row.source, row.ordinal],
    present: (row) => presentLink(ctx, row),
  });
  return { ...body, stats: presentLinkStats(read.stats) };
}

/**
 * A LIST of the pages of the place linking to a page or a file (404 when it is not in the
 * revision).
 */
export async function backlinksBody(
  c: Ctx,
  place: Place,
  target: { kind: "page" | "file"; id: string },
  query: z.infer<typeof BacklinksQuery>,
) {
  const t = await linkTarget(c, place);
  const list = BACKLINKS.at(c, t, `backlinks:${target.kind}:${target.id}`);
  const after = await list.afterAccess(query.page);
  const read = await runPlan(
    c.get("db"),
    backlinksPlan(c.get("db"), t.pointer, { target, limit: query.limit, after }),
  );
  if (!read.found) throw notFound(target.kind === "file" ? "File" : "Page");
  const ctx = referenceContext(t);
  return list.page({
    rows: read.pages,
    limit: query.limit,
    count: read.count,
    key: (page) => [page],
    present: (page) => presentPageReference(ctx, page),
  });
}
