import type { ContentReference, Link, LinkStatsBody, LinkStatus } from "../api/links";
import type { ExtractedLink } from "../content/links";

/** One link of a page at a revision, with its status there (a row of the links service). */
interface LinkRow extends ExtractedLink {
  source: string;
  ordinal: number;
  status: LinkStatus;
}

/** The figures of a link list: all links, broken ones, and those a change request introduced. */
interface LinkStats {
  total: number;
  broken: number;
  /** Broken links a change request introduced; 0 on main. */
  introduced: number;
}

/** The revision links are read in: its organization, space and revision id. */
export interface ReferenceContext {
  organizationId: string;
  spaceId: string;
  revisionId: string;
}

/** Where a reference into a space points: this revision, or another space (no revision). */
function placeOf(ctx: ReferenceContext, spaceId: string | null) {
  const space = spaceId ?? ctx.spaceId;
  return space === ctx.spaceId
    ? {
        organization: ctx.organizationId,
        space,
        versionContext: { type: "revision" as const, revision: ctx.revisionId },
      }
    : { organization: ctx.organizationId, space };
}

/** A page of the revision as a reference: link locations and backlinks look the same. */
export function presentPageReference(ctx: ReferenceContext, pageId: string): ContentReference {
  return { kind: "page", ...placeOf(ctx, null), page: pageId };
}

/** A link's target as a reference; an anchor without a page is in the page holding the link. */
function targetOf(ctx: ReferenceContext, row: LinkRow): ContentReference {
  switch (row.kind) {
    case "url":
      return { kind: "url", url: row.url ?? "" };
    case "file":
      return { kind: "file", ...placeOf(ctx, row.spaceId), file: row.fileId ?? "" };
    case "anchor":
      return {
        kind: "anchor",
        ...placeOf(ctx, row.pageId === null ? null : row.spaceId),
        page: row.pageId ?? row.source,
        anchor: row.anchor ?? "",
      };
    case "page":
      return { kind: "page", ...placeOf(ctx, row.spaceId), page: row.pageId ?? "" };
  }
}

/** A link item looks the same from the space list and the page lists. */
export function presentLink(ctx: ReferenceContext, row: LinkRow): Link {
  return {
    status: row.status,
    relation: "reference",
    targetReference: targetOf(ctx, row),
    locationReferences: [presentPageReference(ctx, row.source)],
  };
}

/** The `stats` of a link list: every link of the list's scope, whatever the filter. */
export function presentLinkStats(stats: LinkStats): LinkStatsBody {
  return { total: stats.total, broken: { total: stats.broken, changeRequest: stats.introduced } };
}
