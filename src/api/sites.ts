import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { permissionsOf, queryBoolean } from "../api-document/common";
import { DefaultLevel, entityId, optionalId, pathString } from "./common";
import { OrgParams } from "./organizations";

/** Path of an organization's sites. */
export const OrgSitesParams = OrgParams;

/** Path of one site. */
export const SiteParams = OrgSitesParams.extend({ siteId: pathString("siteId") });

/** Official SiteType. */
const SITE_TYPES = [
  "basic",
  "premium",
  "ultimate",
  "sponsored",
  "legacy-basic",
  "legacy-premium",
] as const;
const SiteType = z.enum(SITE_TYPES);

/** Official SiteVisibility. */
const SiteVisibility = z.enum(["public", "unlisted", "share-link", "visitor-auth"]);

/** Official SiteTitle: 2 to 128 characters (after trimming). */
const SiteTitle = z.string().trim().min(2).max(128);

/**
 * Official SiteBasename (1–100 characters): one URL path segment of the published address, so
 * letters, digits, `-`, `_` and `.`, starting with a letter or digit (never `..`, `/` or `%`).
 */
const SiteBasename = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    "must be one URL path segment: letters, digits, '-', '_' and '.', starting with a letter or digit",
  );

/** Official SiteHostname: at least three dot-separated labels of [a-z0-9-], at most 512. */
const SiteHostname = z
  .string()
  .max(512)
  .regex(
    /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/,
    "must be a host name of at least three labels (lowercase letters, digits, hyphens)",
  );

/** Official SiteProxyOrigin: a host followed by one or more path segments, at most 512. */
const SiteProxyOrigin = z
  .string()
  .max(512)
  .regex(
    /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/,
    "must be a host name followed by one or more path segments, e.g. example.com/docs",
  );

/** Query of the site list: PAGED plus the official `space`, `title`, `published`, `type`. */
export const ListSitesQuery = pagedQuery.extend({
  space: optionalId("Only sites publishing this space."),
  title: z
    .string()
    .max(128)
    .optional()
    .openapi({ description: "Only sites whose title contains this text (case-insensitive)." }),
  published: queryBoolean
    .optional()
    .openapi({ type: "boolean", description: "Only published (true) or unpublished (false)." }),
  type: z
    .union([SiteType, z.array(SiteType)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .openapi({ description: "Only sites of these types." }),
});

/** Body of site creation; every field optional. */
export const CreateSiteBody = z
  .object({
    type: SiteType.optional().openapi({ description: "The type of the site (default basic)." }),
    title: SiteTitle.optional(),
    visibility: SiteVisibility.optional(),
    spaces: z
      .array(entityId)
      .max(50)
      .optional()
      .openapi({ description: "IDs of spaces to publish in the site, each as a site space." }),
  })
  .strict();

/** Body of a site update; every field optional. */
export const UpdateSiteBody = z
  .object({
    title: SiteTitle.optional(),
    visibility: SiteVisibility.optional(),
    basename: SiteBasename.optional(),
    hostname: SiteHostname.nullable().optional().openapi({
      description: "Custom host name of the site; null removes it.",
    }),
    adaptiveContent: z.object({ enabled: z.boolean() }).strict().optional(),
    agentsContext: z.enum(["excluded", "included"]).optional(),
    defaultLevel: DefaultLevel.optional(),
    defaultSiteSpace: entityId.optional().openapi({
      description: "Site space to use as the default at the root, or in the default section.",
    }),
    defaultSiteSection: entityId.optional().openapi({ description: "Section to use as default." }),
    proxy: SiteProxyOrigin.nullable().optional().openapi({
      description: "Proxy origin (host plus path, e.g. company.com/docs); null removes it.",
    }),
    styleguide: z
      .null({ error: "style guides are not supported: a site has none to attach" })
      .optional()
      .openapi({ description: "Only null (detach): Quire has no style guide spaces." }),
  })
  .strict();

/** The site update's TypeScript type. */
export type UpdateSiteInput = z.infer<typeof UpdateSiteBody>;

/** The official Site object (the fields this service fills). */
export const SiteSchema = z
  .object({
    object: z.literal("site"),
    id: z.string(),
    type: SiteType,
    appliedType: SiteType,
    title: z.string(),
    hostname: z.string().optional(),
    basename: z.string().optional(),
    proxy: z.object({ origin: z.string(), target: z.string() }).optional(),
    visibility: SiteVisibility,
    defaultLevel: DefaultLevel,
    permissions: permissionsOf(
      "view",
      "access",
      "edit",
      "create",
      "admin",
      "installIntegration",
      "viewAdaptiveSchema",
      "editAdaptiveSchema",
    ),
    published: z.boolean(),
    siteSpaces: z.number(),
    createdAt: z.string(),
    adaptiveContent: z.object({ enabled: z.boolean() }),
    agentsContext: z.enum(["excluded", "included"]),
    features: z.array(z.object({ id: z.string(), plan: SiteType, frozen: z.boolean() })),
    urls: z.object({
      location: z.string(),
      app: z.string(),
      preview: z.string(),
      published: z.string().optional(),
    }),
  })
  .openapi("Site");

/** The Site object's TypeScript type. */
export type Site = z.infer<typeof SiteSchema>;
