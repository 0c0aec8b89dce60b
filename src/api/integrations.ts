import { z } from "@hono/zod-openapi";
import { propertyCount } from "./common";
import { pagedQuery } from "../http/pagination";
import { permissionsOf, queryBoolean } from "../api-document/common";
import { OrganizationSchema } from "./organizations";

/** Official integration name grammar: letters, digits, `-`, `_` and `.`, at most 100. */
export const IntegrationName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-zA-Z0-9\-_.]+$/, "must contain only letters, digits, '-', '_' and '.'");

/** Path of one integration. */
export const IntegrationParams = z.object({
  integrationName: IntegrationName.openapi({ param: { name: "integrationName", in: "path" } }),
});

/** Official IntegrationScope: what an integration's installation may do. */
const IntegrationScope = z.enum([
  "space:content:read",
  "space:content:write",
  "space:metadata:read",
  "space:metadata:write",
  "space:git:sync",
  "page:feedback:read",
  "site:metadata:read",
  "site:views:read",
  "site:script:inject",
  "site:script:cookies",
  "site:visitor:auth",
  "site:visitor:claims",
  "site:adaptive:read",
  "site:adaptive:write",
  "conversations:ingest",
  "openapi:read",
  "openapi:write",
]);

/** Official IntegrationCategory. */
const IntegrationCategory = z.enum([
  "analytics",
  "collaboration",
  "content",
  "marketing",
  "visitor-auth",
  "other",
]);

/** Official IntegrationTarget. */
const IntegrationTarget = z.enum(["all", "site", "space", "organization"]);

/** Official IntegrationVisibility. */
const IntegrationVisibility = z.enum(["public", "private", "unlisted"]);

const Block = z.looseObject({
  id: z.string().min(1).max(100),
  title: z.string().min(2).max(40),
  description: z.string().max(150).optional(),
});
const ContentSource = z.looseObject({
  id: z.string().min(1).max(100),
  title: z.string().min(2).max(40),
  configuration: z.looseObject({ componentId: z.string() }),
});
const ExternalLink = z.object({ url: z.url().max(2048), label: z.string().min(1).max(100) });
const Configurations = z
  .object({
    account: z.record(z.string(), z.unknown()).optional(),
    space: z.record(z.string(), z.unknown()).optional(),
    site: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
const ContentSecurityPolicy = z.union([
  z.string().max(4096),
  z.record(z.string().max(64), z.string().max(4096)),
]);
/** Base64 content (standard or url alphabet, padding optional). */
const Base64 = z.string().regex(/^[A-Za-z0-9+/_-]*={0,2}$/, "must be base64");

/** Body of `POST /v1/integrations/{name}` (official PublishIntegration). */
export const PublishIntegrationBody = z
  .object({
    runtime: z.enum(["v1", "v2"]).optional(),
    icon: Base64.optional(),
    title: z.string().min(2).max(30),
    description: z.string().max(100),
    summary: z.string().max(2048).optional(),
    previewImages: z.array(Base64).max(3).optional(),
    visibility: IntegrationVisibility.optional(),
    target: IntegrationTarget.optional(),
    scopes: z.array(IntegrationScope).max(20),
    categories: z.array(IntegrationCategory).max(6).optional(),
    blocks: z.array(Block).max(50).optional(),
    contentSources: z.array(ContentSource).max(50).optional(),
    externalLinks: z.array(ExternalLink).max(5).optional(),
    configurations: Configurations.optional(),
    script: z.string(),
    organization: z.string().min(1).max(256),
    secrets: propertyCount(
      z.record(z.string().min(1).max(128), z.string().max(8192)),
      { max: 20 },
      "at most 20 secrets",
    ).optional(),
    contentSecurityPolicy: ContentSecurityPolicy.optional(),
  })
  .strict();

/** The publish body's type. */
export type PublishIntegrationInput = z.infer<typeof PublishIntegrationBody>;

/** Query of the integration lists (official integrationSearch* parameters). */
export const ListIntegrationsQuery = pagedQuery.extend({
  search: z.string().max(256).optional(),
  category: IntegrationCategory.optional(),
  blockDomain: IntegrationName.optional(),
  blocks: queryBoolean.optional(),
  contentSources: queryBoolean.optional(),
  owner: z.string().min(1).max(64).optional(),
  scope: IntegrationScope.optional(),
  target: IntegrationTarget.optional(),
});

/** Query of the space and site integration lists (a search string only). */
export const SearchIntegrationsQuery = z.object({ search: z.string().max(256).optional() });

/** An integration (official Integration); secrets and the script are never part of it. */
export const IntegrationSchema = z
  .object({
    object: z.literal("integration"),
    name: z.string(),
    version: z.number(),
    title: z.string(),
    description: z.string(),
    summary: z.string().optional(),
    previewImages: z.array(z.string()),
    target: IntegrationTarget,
    verified: z.boolean(),
    visibility: IntegrationVisibility,
    scopes: z.array(IntegrationScope),
    categories: z.array(IntegrationCategory),
    blocks: z.array(z.looseObject({ id: z.string(), title: z.string() })).optional(),
    contentSources: z.array(z.looseObject({ id: z.string(), title: z.string() })).optional(),
    configurations: Configurations.optional(),
    externalLinks: z.array(ExternalLink),
    owner: OrganizationSchema,
    urls: z.object({
      location: z.string(),
      icon: z.string().optional(),
      app: z.string(),
      assets: z.string(),
      publicEndpoint: z.string(),
      publicContentEndpoint: z.string(),
    }),
    permissions: permissionsOf("admin"),
    contentSecurityPolicy: ContentSecurityPolicy.optional(),
  })
  .openapi("Integration");

/** An integration's wire type. */
export type Integration = z.infer<typeof IntegrationSchema>;
