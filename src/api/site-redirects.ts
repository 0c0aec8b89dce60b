import { z } from "@hono/zod-openapi";
import { queryBoolean } from "../api-document/common";
import { pagedQuery } from "../http/pagination";
import { entityId, pathString, visitorQuery } from "./common";
import { SiteParams } from "./sites";

/** Path of one redirect. */
export const SiteRedirectParams = SiteParams.extend({
  siteRedirectId: pathString("siteRedirectId"),
});

/**
 * Official SiteRedirectSourcePath: an absolute path of unreserved or percent-encoded characters
 * (so no query, no fragment), at most 512 characters, optionally ending with `*` or `/*`.
 */
const SiteRedirectSourcePath = z
  .string()
  .max(512)
  .regex(
    /^\/(?!\*)(?!.*\*.+)(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+(?:\/(?:[A-Za-z0-9\-._~+]|%[0-9A-Fa-f]{2})+)*(?:\/\*|\*)?$/,
    'must be a path starting with "/" (letters, digits, -._~+ or %XX; no query), optionally ending with * or /*',
  );

/** The official SiteRedirectDestination: a section, a site space, a page or an external URL. */
export const SiteRedirectDestination = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("site-section"), siteSectionId: entityId }).strict(),
    z.object({ kind: z.literal("site-space"), siteSpaceId: entityId }).strict(),
    z.object({ kind: z.literal("site-page"), siteSpaceId: entityId, pageId: entityId }).strict(),
    z
      .object({
        kind: z.literal("external"),
        url: z.url({ protocol: /^https?$/ }).max(2048),
      })
      .strict(),
  ])
  .openapi("SiteRedirectDestination");

/** The SiteRedirectDestination wire type. */
export type SiteRedirectDestination = z.infer<typeof SiteRedirectDestination>;

/** Official SiteRedirectInputDestination: a destination, or a page of a space by its path. */
export const SiteRedirectInputDestination = z.union([
  SiteRedirectDestination,
  z
    .object({
      kind: z.literal("path"),
      spaceId: entityId,
      path: z.string().trim().min(1).max(1024),
    })
    .strict(),
]);

/** The SiteRedirectInputDestination wire type. */
export type SiteRedirectInputDestination = z.infer<typeof SiteRedirectInputDestination>;

/** Body of redirect creation (official createSiteRedirect). */
export const CreateSiteRedirectBody = z
  .object({
    source: SiteRedirectSourcePath,
    captureWildcard: z.boolean().default(false),
    draft: z.boolean().default(false),
    permanent: z.boolean().default(false),
    destination: SiteRedirectInputDestination,
  })
  .strict();

/** Body of a redirect update (official updateSiteRedirectById): only the given fields change. */
export const UpdateSiteRedirectBody = z
  .object({
    source: SiteRedirectSourcePath.optional(),
    captureWildcard: z.boolean().optional(),
    draft: z.boolean().optional(),
    permanent: z.boolean().optional(),
    destination: SiteRedirectDestination.optional(),
  })
  .strict();

/** One item of the bulk upsert: publish a draft, or upsert/delete (destination null) one. */
const BulkItem = z.union([
  z.object({ source: SiteRedirectSourcePath, intent: z.literal("publish") }).strict(),
  z
    .object({
      source: SiteRedirectSourcePath,
      intent: z.enum(["live", "draft"]).default("live"),
      captureWildcard: z.boolean().default(false),
      permanent: z.boolean().optional(),
      destination: SiteRedirectInputDestination.nullable(),
    })
    .strict(),
]);

/** The BulkItem wire type. */
export type BulkRedirectItem = z.infer<typeof BulkItem>;

/** Body of the bulk upsert (official bulkUpsertSiteRedirects): 1 to 500 items. */
export const BulkUpsertSiteRedirectsBody = z
  .object({ redirects: z.array(BulkItem).min(1).max(500) })
  .strict();

/** One result of the bulk upsert, per item, in order. */
const BulkResult = z.union([
  z.object({
    status: z.enum(["created", "updated", "published"]),
    source: z.string(),
    draft: z.boolean(),
    id: z.string(),
  }),
  z.object({ status: z.literal("deleted"), source: z.string(), draft: z.boolean() }),
  z.object({
    status: z.literal("error"),
    source: z.string(),
    draft: z.boolean(),
    error: z.string(),
  }),
]);

/** The BulkResult wire type. */
export type BulkRedirectResult = z.infer<typeof BulkResult>;

/** The bulk upsert's answer. */
export const BulkUpsertSiteRedirectsResult = z.object({ results: z.array(BulkResult) });

/** Official SiteRedirectOrderBy. */
const SiteRedirectOrderBy = z.enum(["createdAt", "updatedAt", "source"]);

/** Query of the redirect list (official listSiteRedirects). */
export const ListSiteRedirectsQuery = pagedQuery.extend({
  search: z
    .string()
    .trim()
    .min(1)
    .max(512)
    .optional()
    .openapi({ description: "Only redirects whose source contains this text (case-insensitive)." }),
  draft: queryBoolean
    .default(false)
    .openapi({ description: "Draft redirects (true) or live ones (false, the default)." }),
  orderBy: SiteRedirectOrderBy.default("createdAt").openapi({
    description:
      "Most recently created first (default), most recently updated first (the creation time " +
      "for a redirect never updated), or by source path, ascending.",
  }),
});

/** The official SiteRedirect object. */
export const SiteRedirectSchema = z
  .object({
    object: z.literal("site-redirect"),
    id: z.string(),
    source: z.string(),
    draft: z.boolean(),
    captureWildcard: z.boolean(),
    permanent: z.boolean(),
    destination: SiteRedirectDestination,
    createdAt: z.string(),
    updatedAt: z.string().optional(),
  })
  .openapi("SiteRedirect");

/** The SiteRedirect wire type. */
export type SiteRedirect = z.infer<typeof SiteRedirectSchema>;

/** Query of the lookup (official getSiteRedirectBySource): the source, and visitor credentials. */
export const SiteRedirectLookupQuery = visitorQuery({
  shareKey: "Key of an active share link (share-link sites).",
  visitorAuthToken: "Visitor JWT signed (HS256) with the site's visitor-auth key.",
}).extend({ source: SiteRedirectSourcePath });

/** The lookup's answer: the live redirect that matches and the URL it leads to. */
export const SiteRedirectLookupSchema = z.object({
  redirect: SiteRedirectSchema,
  target: z.string(),
});
