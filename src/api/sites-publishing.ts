import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { pathString, propertyCount, visitorQuery } from "./common";
import { SiteParams, SiteSchema } from "./sites";
import { SiteStructureSchema } from "./sites-structure";

/** Path of one share link. */
export const ShareLinkParams = SiteParams.extend({ shareLinkId: pathString("shareLinkId") });

/** Query of the share-link list: PAGED and the official `search`. */
export const ListShareLinksQuery = pagedQuery.extend({
  search: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .openapi({
      description:
        "Only links whose name contains this text (case-insensitive), or, for those who may " +
        "manage the site, whose key is exactly this text.",
    }),
});

/** Official ShareLinkName: at most 50 characters. */
const ShareLinkName = z.string().trim().max(50);

/** Body of share-link creation. */
export const CreateShareLinkBody = z.object({ name: ShareLinkName }).strict();

/** Body of a share-link update: at least one field. */
export const UpdateShareLinkBody = propertyCount(
  z.object({ active: z.boolean().optional(), name: ShareLinkName.optional() }).strict(),
  { min: 1 },
  "give active, name or both",
);

/** The official ShareLink object; `urls.published` (with the key) only for site managers. */
export const ShareLinkSchema = z
  .object({
    object: z.literal("share-link"),
    id: z.string(),
    createdAt: z.string(),
    name: z.string(),
    active: z.boolean(),
    urls: z.object({ published: z.string().optional() }),
  })
  .openapi("ShareLink");

/** The ShareLink wire type. */
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** Body of the adaptive-schema update; `jsonSchema` is checked by src/services/sites/adaptive.ts. */
export const PutAdaptiveSchemaBody = z
  .object({
    jsonSchema: z.record(z.string(), z.unknown()).openapi({
      description:
        "Draft-07 JSON Schema of type object: boolean properties, an optional `unsigned` object of boolean properties, additionalProperties false.",
    }),
  })
  .strict();

/** The official SiteAdaptiveSchema object. */
export const AdaptiveSchemaSchema = z
  .object({
    object: z.literal("site-adaptive-schema"),
    jsonSchema: z.record(z.string(), z.unknown()),
    updatedAt: z.string(),
  })
  .openapi("SiteAdaptiveSchema");

/** The template-conditions response. */
export const TemplateConditionsSchema = z.object({
  items: z.array(z.object({ description: z.string(), condition: z.string() })),
});

/** Query of the published-site read: the share key or the visitor JWT. */
export const PublishedQuery = visitorQuery({
  shareKey: "Key of an active share link (share-link sites).",
  visitorAuthToken:
    "Visitor JWT signed (HS256) with the site's visitor-auth key (visitor-auth sites).",
});

/** The official PublishedContentSite object. */
export const PublishedSiteSchema = z
  .object({
    object: z.literal("published-content-site"),
    site: SiteSchema,
    structure: SiteStructureSchema,
    customizations: z.object({
      site: z.record(z.string(), z.unknown()),
      siteSpaces: z.record(z.string(), z.unknown()),
    }),
    scripts: z.array(z.unknown()),
  })
  .openapi("PublishedContentSite");

/** The PublishedContentSite wire type. */
export type PublishedSite = z.infer<typeof PublishedSiteSchema>;

/** Body of the visitor-authentication update (official SitePublishingAuthUpdate). */
export const UpdatePublishingAuthBody = z
  .object({
    backend: z.enum(["custom", "integration"]),
    fallbackURL: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional(),
    logoutURL: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional(),
  })
  .strict();

/** The official SitePublishingAuth object. */
export const PublishingAuthSchema = z
  .object({
    object: z.literal("publishing-auth"),
    backend: z.enum(["custom", "integration"]),
    privateKey: z.string(),
    fallbackURL: z.string().optional(),
    logoutURL: z.string().optional(),
  })
  .openapi("SitePublishingAuth");

/** The SitePublishingAuth wire type. */
export type PublishingAuth = z.infer<typeof PublishingAuthSchema>;
