import type { Installation, TargetInstallationBase } from "../api/integration-installations";
import type { IntegrationInstallationRow, IntegrationInstallationTargetRow } from "../db/schema";
import type { Urls } from "../http/urls";
import { installationEndpoint } from "../http/integration-urls";

/** An installation (official IntegrationInstallation); `spacesCount` comes from the service. */
export function presentInstallation(
  urls: Urls,
  integrationName: string,
  row: IntegrationInstallationRow,
  spacesCount: number,
): Installation {
  const endpoint = installationEndpoint(urls, integrationName, row.id);
  const name = encodeURIComponent(integrationName);
  return {
    id: row.id,
    status: row.status,
    space_selection: row.spaceSelection,
    site_selection: row.siteSelection,
    spaces: spacesCount,
    configuration: row.configuration,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    urls: {
      location: urls.api(`/integrations/${name}/installations/${row.id}`),
      app: urls.app(`/o/${row.organizationId}/integrations/${name}`),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    externalIds: row.externalIds,
    target: { organization: row.organizationId },
  };
}

/** The common part of a space or site installation. */
function targetBase(
  urls: Urls,
  integrationName: string,
  row: IntegrationInstallationTargetRow,
): TargetInstallationBase {
  const name = encodeURIComponent(integrationName);
  const endpoint = installationEndpoint(urls, integrationName, row.installationId);
  const kind = row.targetType === "space" ? "spaces" : "sites";
  return {
    integration: integrationName,
    installation: row.installationId,
    status: row.status,
    configuration: row.configuration,
    externalIds: row.externalIds,
    urls: {
      location: urls.api(
        `/integrations/${name}/installations/${row.installationId}/${kind}/${row.targetId}`,
      ),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
  };
}

/** A space installation (official IntegrationSpaceInstallation, space as an id). */
export function presentSpaceInstallation(
  urls: Urls,
  integrationName: string,
  row: IntegrationInstallationTargetRow,
) {
  return { ...targetBase(urls, integrationName, row), space: row.targetId };
}

/** A site installation (official IntegrationSiteInstallation, site as an id). */
export function presentSiteInstallation(
  urls: Urls,
  integrationName: string,
  row: IntegrationInstallationTargetRow,
) {
  return { ...targetBase(urls, integrationName, row), site: row.targetId };
}
