import { z } from "@hono/zod-openapi";

/**
 * The wire of the page meta-links reads (official listRevisionPageMetaLinks,
 * listSpacePageMetaLinks, listChangeRequestPageMetaLinks).
 */

/** Official ContentRefPage as a meta-link target: a page, in another space when `space` is set. */
const MetaLinkPage = z.object({
  kind: z.literal("page"),
  page: z.string(),
  space: z.string().optional(),
});

/** Official RevisionPageMetaLinks: the page's canonical link and its alternates (variants). */
export const RevisionPageMetaLinksSchema = z
  .object({
    canonical: MetaLinkPage.optional(),
    alternates: z.array(MetaLinkPage),
  })
  .openapi("RevisionPageMetaLinks");

/** The RevisionPageMetaLinks wire type. */
export type RevisionPageMetaLinks = z.infer<typeof RevisionPageMetaLinksSchema>;
