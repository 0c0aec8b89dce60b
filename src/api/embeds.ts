import { z } from "@hono/zod-openapi";
import { SpaceContentParams } from "./content";

/** The wire of the embed reads (official getEmbedByUrl and getEmbedByUrlInSpace). */

/** Query of both reads: the http(s) URL to embed. */
export const EmbedQuery = z.object({
  url: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .max(2048)
    .openapi({ description: "URL to resolve" }),
});

/** Path of the in-space read. */
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
