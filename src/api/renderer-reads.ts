import { z } from "@hono/zod-openapi";
import { pathId } from "./common";
import { ChangeRequestContentParams, RevisionParams, SpaceContentParams } from "./content";

/**
 * The wire of the space-level reads GitBook's renderer makes besides the content reads
 * (docs/compatibility.md, "The renderer's space reads"): page meta-links, reusable contents and
 * embeds. The semantic changes have their own file (`semantic-changes.ts`).
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

/*
 * Reusable contents: Quire stores none, so these paths exist to answer the renderer's calls with
 * an honest 404 after the usual access check.
 */

/** The path parameter naming a reusable content. */
const reusableContentId = pathId("reusableContentId");

/** Path of a reusable content of a revision (official getReusableContentInRevisionById). */
export const RevisionReusableContentParams = RevisionParams.extend({ reusableContentId });

/** Path of a reusable content of a space's main content (official getReusableContentById). */
export const SpaceReusableContentParams = SpaceContentParams.extend({ reusableContentId });

/** Path of a reusable content of a change request (official getReusableContentInChangeRequestById). */
export const ChangeRequestReusableContentParams = ChangeRequestContentParams.extend({
  reusableContentId,
});

/** Query of both embed reads (official getEmbedByUrl, getEmbedByUrlInSpace): the URL. */
export const EmbedQuery = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .max(2048)
    .openapi({ description: "URL to resolve" }),
});

/** Path of the in-space embed read. */
export const EmbedSpaceParams = SpaceContentParams;

/** Official Embed, in the two forms Quire answers: a link card, or a provider's player. */
export const EmbedSchema = z
  .union([
    z.object({
      type: z.literal("link"),
      title: z.string(),
      site: z.string(),
      icon: z.string().optional(),
    }),
    z.object({
      type: z.literal("rich"),
      title: z.string(),
      site: z.string(),
      icon: z.string().optional(),
      html: z.string(),
    }),
  ])
  .openapi("Embed");

/** The Embed wire type. */
export type Embed = z.infer<typeof EmbedSchema>;
