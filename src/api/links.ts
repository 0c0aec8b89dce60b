import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { listOf } from "../api-document/common";

export {
  ChangeRequestFileParams,
  ChangeRequestPageParams,
  SpaceContentParams,
  SpaceFileParams,
  SpacePageParams,
} from "./content";

/** The link statuses of the official Link item, computed at read time. */
const LINK_STATUSES = ["ok", "broken", "in-app"] as const;
/** One link status: what the list filter takes and what the service computes. */
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Query of the link lists: PAGED plus the optional `status` filter (spec §4.2). */
export const LinksQuery = pagedQuery.extend({
  status: z
    .enum(LINK_STATUSES)
    .optional()
    .openapi({ description: "Only the links with this status." }),
});

/** Query of the backlink lists: PAGED. */
export const BacklinksQuery = pagedQuery;

/** The revision a reference is read in (spec §2.22 `versionContext`). */
const VersionContextSchema = z
  .object({ type: z.literal("revision"), revision: z.string() })
  .strict();

/** What every reference into a space carries: its organization, space and revision. */
const inSpace = {
  organization: z.string(),
  space: z.string(),
  versionContext: VersionContextSchema.optional(),
};

/**
 * An absolute reference to content (spec §2.22 reference shape): a page, an anchor in a page, a
 * file, or a URL. `versionContext` is absent for content of another space.
 */
const ContentReferenceSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("page"), ...inSpace, page: z.string() }).strict(),
    z
      .object({ kind: z.literal("anchor"), ...inSpace, page: z.string(), anchor: z.string() })
      .strict(),
    z.object({ kind: z.literal("file"), ...inSpace, file: z.string() }).strict(),
    z.object({ kind: z.literal("url"), url: z.string() }).strict(),
  ])
  .openapi("ContentReference");

/** A link of a page and its status in the revision (spec §2.22 Link item). */
const LinkSchema = z
  .object({
    status: z.enum(LINK_STATUSES),
    relation: z.literal("reference"),
    targetReference: ContentReferenceSchema,
    locationReferences: z.array(ContentReferenceSchema),
  })
  .strict()
  .openapi("ContentLink");

/** The figures of a link list (spec §2.22 `stats`). */
const LinkStatsSchema = z
  .object({
    total: z.number().int().min(0),
    broken: z
      .object({ total: z.number().int().min(0), changeRequest: z.number().int().min(0) })
      .strict(),
  })
  .strict();

/** A LIST of links with its `stats`. */
export const LinkListSchema = listOf(LinkSchema).extend({ stats: LinkStatsSchema });

/** A LIST of backlinks: references to the pages that link to the target. */
export const BacklinkListSchema = listOf(ContentReferenceSchema);

/** A content reference. */
export type ContentReference = z.infer<typeof ContentReferenceSchema>;
/** A link item. */
export type Link = z.infer<typeof LinkSchema>;
/** A link list's figures. */
export type LinkStatsBody = z.infer<typeof LinkStatsSchema>;
