import type { Integration } from "../api/integrations";
import type { Organization } from "../api/organizations";
import type { IntegrationRow, OrganizationRow } from "../db/schema";
import type { Urls } from "../http/urls";
import { integrationEndpoint } from "../http/integration-urls";
import { presentOrganization } from "./organization";

/** Signed URLs of an integration's stored images, made by the route (signing is async). */
export interface IntegrationAssets {
  icon?: string;
  previewImages: string[];
}

/** The stored content security policy: a JSON string or object. */
function policyOf(stored: string | null): Integration["contentSecurityPolicy"] {
  if (stored === null) return undefined;
  return JSON.parse(stored) as Integration["contentSecurityPolicy"];
}

/**
 * An integration looks the same from every endpoint: the official Integration without anything
 * secret (script, secrets and signing secret never leave the server this way).
 */
export function presentIntegration(
  urls: Urls,
  input: {
    integration: IntegrationRow;
    owner: OrganizationRow;
    ownerPermissions: Organization["permissions"];
    permissions: Integration["permissions"];
    assets: IntegrationAssets;
  },
): Integration {
  const row = input.integration;
  const name = encodeURIComponent(row.name);
  const endpoint = integrationEndpoint(urls, row.name);
  return {
    object: "integration",
    name: row.name,
    version: row.version,
    title: row.title,
    description: row.description,
    ...(row.summary ? { summary: row.summary } : {}),
    previewImages: input.assets.previewImages,
    target: row.target as Integration["target"],
    verified: false,
    visibility: row.visibility,
    scopes: row.scopes as Integration["scopes"],
    categories: row.categories as Integration["categories"],
    blocks: row.blocks as Integration["blocks"],
    contentSources: row.contentSources as Integration["contentSources"],
    ...(row.configurations ? { configurations: row.configurations } : {}),
    externalLinks: row.externalLinks as Integration["externalLinks"],
    owner: presentOrganization(urls, input.owner, input.ownerPermissions),
    urls: {
      location: urls.api(`/integrations/${name}`),
      ...(input.assets.icon ? { icon: input.assets.icon } : {}),
      app: urls.app(`/integrations/${name}`),
      assets: urls.app(`/integrations/${name}/assets`),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    permissions: input.permissions,
    ...(row.contentSecurityPolicy
      ? { contentSecurityPolicy: policyOf(row.contentSecurityPolicy) }
      : {}),
  };
}
