import { z } from "@hono/zod-openapi";
import { pagedQuery } from "../http/pagination";
import { pathString } from "./common";
import { IntegrationParams } from "./integrations";

/** Path of one installation of an integration. */
export const InstallationParams = IntegrationParams.extend({
  installationId: pathString("installationId"),
});

/** Path of an installation on one space. */
export const SpaceInstallationParams = InstallationParams.extend({
  spaceId: pathString("spaceId"),
});

/** Path of an installation on one site. */
export const SiteInstallationParams = InstallationParams.extend({
  siteId: pathString("siteId"),
});

/** Official IntegrationInstallationStatus. */
const InstallationStatus = z.enum(["active", "pending", "paused"]);
/** Official space/site selection. */
const Selection = z.enum(["all", "selected"]);
/** Official IntegrationInstallationExternalIds: at most 5 strings. */
const ExternalIds = z.array(z.string().min(1).max(256)).max(5);
/** Official IntegrationInstallationConfiguration (a free JSON object). */
const Configuration = z.record(z.string(), z.unknown());

/** Body of `POST …/installations` (official OrganizationTarget). */
export const InstallBody = z.object({ organization: z.string().min(1).max(64) }).strict();

/** Body of `PATCH …/installations/{id}` (official UpdateIntegrationInstallation). */
export const UpdateInstallationBody = z
  .object({
    externalIds: ExternalIds.optional(),
    configuration: Configuration.optional(),
    space_selection: Selection.optional(),
    site_selection: Selection.optional(),
  })
  .strict();

/** Body of the space and site installation updates. */
export const UpdateTargetInstallationBody = z
  .object({ externalIds: ExternalIds.optional(), configuration: Configuration.optional() })
  .strict();

/** Body of `POST …/installations/{id}/spaces`. */
export const InstallOnSpaceBody = z.object({ space: z.string().min(1).max(64) }).strict();

/** Body of `POST …/installations/{id}/sites`. */
export const InstallOnSiteBody = z.object({ siteId: z.string().min(1).max(64) }).strict();

/** Query of the installation lists: PAGED and an external id filter. */
export const ListInstallationsQuery = pagedQuery.extend({
  externalId: z.string().min(1).max(256).optional(),
});

/**
 * The official `extended` flag of the space and site installation operations. Quire presents
 * the space or site as its id only, so `extended=true` (the whole object) is a 400 naming it.
 */
export const ExtendedQuery = z.object({
  extended: z
    .enum(["false", "0"], {
      error: "extended=true (whole space or site objects) is not supported; omit it",
    })
    .optional()
    .openapi({ description: "Only false: spaces and sites are presented by their id." }),
});

/** Query of the space and site installation lists: PAGED, external id and `extended`. */
export const ListTargetsQuery = ListInstallationsQuery.extend(ExtendedQuery.shape);

/** An installation (official IntegrationInstallation). */
export const InstallationSchema = z
  .object({
    id: z.string(),
    status: InstallationStatus,
    space_selection: Selection,
    site_selection: Selection,
    spaces: z.number(),
    configuration: Configuration,
    createdAt: z.string(),
    updatedAt: z.string(),
    urls: z.object({
      location: z.string(),
      app: z.string(),
      publicEndpoint: z.string(),
      publicContentEndpoint: z.string(),
    }),
    externalIds: z.array(z.string()),
    target: z.object({ organization: z.string() }),
  })
  .openapi("IntegrationInstallation");

const TargetBase = z.object({
  integration: z.string(),
  installation: z.string(),
  status: InstallationStatus,
  configuration: Configuration,
  externalIds: z.array(z.string()),
  urls: z.object({
    location: z.string(),
    publicEndpoint: z.string(),
    publicContentEndpoint: z.string(),
  }),
});

/** An installation on a space (official IntegrationSpaceInstallation). */
export const SpaceInstallationSchema = TargetBase.extend({
  space: z.string(),
}).openapi("IntegrationSpaceInstallation");

/** An installation on a site (official IntegrationSiteInstallation). */
export const SiteInstallationSchema = TargetBase.extend({
  site: z.string(),
}).openapi("IntegrationSiteInstallation");

/** A temporary installation token (official APITemporaryToken) and when it expires. */
export const TemporaryTokenSchema = z
  .object({ token: z.string(), expiresAt: z.string().optional() })
  .openapi("APITemporaryToken");

/** An installation's wire type. */
export type Installation = z.infer<typeof InstallationSchema>;
/** The base of a space or site installation's wire type. */
export type TargetInstallationBase = z.infer<typeof TargetBase>;
