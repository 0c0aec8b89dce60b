import { z } from "@hono/zod-openapi";

/** Official SiteVisitorPayload: a visitor JWT and/or unsigned claims, and the visitor's kind. */
const VisitorPayload = z
  .object({
    type: z.enum(["human", "agent"]).optional(),
    jwtToken: z.string().max(8192).optional(),
    unsignedClaims: z
      .record(z.string(), z.unknown())
      .optional()
      .refine((claims) => claims === undefined || JSON.stringify(claims).length <= 8192, {
        message: "at most 8 KiB of JSON",
      }),
  })
  .strict();

/** Body of `POST /v1/urls/published` (official `resolvePublishedContentByUrl`). */
export const ResolveUrlBody = z
  .object({
    url: z.string().min(1).max(2048).openapi({ description: "URL to resolve" }),
    redirectOnError: z
      .boolean()
      .optional()
      .openapi({
        description:
          "When true, a visitor-auth site answers the redirect to its login instead of a 404 when " +
          "the visitor token is missing or invalid.",
      }),
    visitor: VisitorPayload.optional(),
  })
  // The renderer adds cache-busting fields of its own: unknown fields are ignored.
  .passthrough();

/** The official PublishedSiteContent: what a URL of a published site resolves to. */
const PublishedSiteContentSchema = z
  .object({
    site: z.string(),
    siteSection: z.string().optional(),
    siteSpace: z.string(),
    space: z.string(),
    changeRequest: z.string().optional(),
    revision: z.string().optional(),
    pathname: z.string(),
    basePath: z.string(),
    siteBasePath: z.string(),
    apiToken: z.string(),
    organization: z.string(),
    shareKey: z.string().optional(),
    complete: z.boolean(),
    canonicalUrl: z.string(),
    preview: z.boolean().optional(),
  })
  .openapi("PublishedSiteContent");

/** The official PublishedContentRedirect. */
const PublishedContentRedirectSchema = z
  .union([
    z.object({ target: z.enum(["application", "content"]), redirect: z.string() }),
    z.object({ target: z.literal("external"), site: z.string(), redirect: z.string() }),
  ])
  .openapi("PublishedContentRedirect");

/** The official PublishedSiteContentLookup: the content, or where to go instead. */
export const PublishedSiteContentLookupSchema = z
  .union([PublishedContentRedirectSchema, PublishedSiteContentSchema])
  .openapi("PublishedSiteContentLookup");

/** The answer's type. */
export type PublishedSiteContentLookup = z.infer<typeof PublishedSiteContentLookupSchema>;
