import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { SpaceContentParams } from "./content";

/** Path of a space search: the space content's path. */
export const SpaceSearchParams = SpaceContentParams;

/** Query of a search: PAGED plus the required `query` (spec §8: at most 512 characters). */
export const SearchQuery = pagedQuery.extend({
  query: z.string().min(1).max(512).openapi({ description: "The text to search for" }),
});

/** A relevance score: higher is better, unbounded (official SearchResultScore). */
const Score = z.number().min(0);

/** A heading section of a page found by a search (official SearchSectionResult). */
const SearchSectionResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    score: Score,
    resultType: z.enum(["page", "section"]).optional(),
    body: z.string(),
    urls: z.object({ app: z.string() }),
  })
  .openapi("SearchSectionResult");

/** A page found by a search (official SearchPageResult). */
export const SearchPageResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    path: z.string(),
    score: Score,
    rank: z.number().int().min(1),
    resultType: z.enum(["page", "section"]).optional(),
    sections: z.array(SearchSectionResultSchema).optional(),
    ancestors: z.array(z.object({ title: z.string() })),
    urls: z.object({ app: z.string() }),
  })
  .openapi("SearchPageResult");

/** A search section item's TypeScript type. */
export type SearchSectionResult = z.infer<typeof SearchSectionResultSchema>;
/** A search page item's TypeScript type. */
export type SearchPageResult = z.infer<typeof SearchPageResultSchema>;

/** A space found by the organization search, with its matching pages (official SearchSpaceResult). */
export type SearchSpaceItem = {
  type: "space";
  id: string;
  title: string;
  score: number;
  pages: SearchPageResult[];
};

/** A site space id in a site search's scope. */
const SiteSpaceId = z.string().min(1).max(64);

/** Where a site search looks (official SiteSearchScope). */
const SiteSearchScopeSchema = z
  .discriminatedUnion("mode", [
    z.object({
      mode: z.literal("default"),
      currentSiteSpace: SiteSpaceId.optional(),
      restrictTo: z.enum(["currentSiteSpace", "otherSiteSpaces"]).optional(),
    }),
    z.object({ mode: z.literal("specific"), siteSpaceIds: z.array(SiteSpaceId).min(1).max(200) }),
    z.object({ mode: z.literal("all") }),
  ])
  .refine((s) => s.mode !== "default" || !s.restrictTo || s.currentSiteSpace, {
    message: "restrictTo needs currentSiteSpace",
    path: ["restrictTo"],
  })
  .openapi("SiteSearchScope");

/** A site search's scope, as the service takes it. */
export type SiteSearchScope = z.infer<typeof SiteSearchScopeSchema>;

/**
 * Body of a site search (official searchSiteContent): the text and a `scope`, or the
 * deprecated `mode` with `siteSpaceIds` / `siteSpaceId`. Neither: the default scope.
 */
export const SiteSearchBody = z.object({
  query: z.string().max(512).openapi({ description: "The text to search for" }),
  scope: SiteSearchScopeSchema.optional(),
  mode: z.enum(["specific", "current", "all"]).optional(),
  siteSpaceIds: z.array(SiteSpaceId).min(1).max(200).optional(),
  siteSpaceId: SiteSpaceId.optional(),
});

/** A site search body's TypeScript type. */
export type SiteSearchRequest = z.infer<typeof SiteSearchBody>;
