import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import type {
  IntegrationInstallationRow,
  IntegrationInstallationTargetRow,
  IntegrationRow,
} from "../../db/schema/index";
import { openSecrets, unseal } from "./secrets";
import { issueInstallationToken } from "./tokens";
import { apiOriginOf } from "./gateway";

/** Life of the token an environment carries: one dispatch and its retries' worth. */
const TOKEN_TTL_SECONDS = 15 * 60;

/** What a dispatch runs for: the integration, and the installation and target it concerns. */
export interface DispatchTarget {
  integration: IntegrationRow;
  installation: IntegrationInstallationRow | null;
  /** The space or site installation the event is about, if any. */
  target: IntegrationInstallationTargetRow | null;
}

/** The official IntegrationEnvironment as the script receives it, and the signing secret. */
export interface BuiltEnvironment {
  environment: Record<string, unknown>;
  signingSecret: string;
}

/**
 * The official `IntegrationEnvironment` of one dispatch: Quire's API origin, a fresh token of the
 * installation's bot user (the only principal the script can act as: its scopes, its spaces),
 * the integration and installation as the API shows them, the secrets opened, and the signing
 * secrets. Without an installation (integration-level fetches, or after an uninstall), the
 * tokens are empty: the script can only answer, not call the API.
 */
export async function buildEnvironment(
  db: Database,
  env: Pick<Bindings, "SIGNING_SECRET" | "PUBLIC_APP_URL">,
  { integration, installation, target }: DispatchTarget,
): Promise<BuiltEnvironment> {
  const apiEndpoint = apiOriginOf(env);
  const token = installation
    ? (await issueInstallationToken(db, installation.id, TOKEN_TTL_SECONDS)).token
    : "";
  const signingSecret = await unseal(env.SIGNING_SECRET, integration.signingSecretSealed);
  const name = encodeURIComponent(integration.name);
  const environment: Record<string, unknown> = {
    apiEndpoint,
    apiTokens: { integration: token, ...(installation ? { installation: token } : {}) },
    authToken: token,
    integration: {
      object: "integration",
      name: integration.name,
      version: integration.version,
      title: integration.title,
      description: integration.description,
      scopes: integration.scopes,
      categories: integration.categories,
      visibility: integration.visibility,
      target: integration.target,
      verified: false,
      previewImages: [],
      externalLinks: integration.externalLinks,
      blocks: integration.blocks,
      contentSources: integration.contentSources,
      urls: { location: `${apiEndpoint}/v1/integrations/${name}` },
    },
    secrets: await openSecrets(env.SIGNING_SECRET, integration.secretsSealed),
    signingSecret,
    signingSecrets: {
      integration: signingSecret,
      ...(installation ? { installation: signingSecret } : {}),
      ...(target ? { [`${target.targetType}Installation`]: signingSecret } : {}),
    },
  };
  if (installation) {
    environment.installation = {
      id: installation.id,
      status: installation.status,
      space_selection: installation.spaceSelection,
      site_selection: installation.siteSelection,
      configuration: installation.configuration,
      externalIds: installation.externalIds,
      target: { organization: installation.organizationId },
      createdAt: installation.createdAt,
      updatedAt: installation.updatedAt,
      urls: { location: `${apiEndpoint}/v1/integrations/${name}/installations/${installation.id}` },
    };
  }
  if (target) {
    environment[`${target.targetType}Installation`] = {
      integration: integration.name,
      installation: target.installationId,
      status: target.status,
      configuration: target.configuration,
      externalIds: target.externalIds,
      [target.targetType]: target.targetId,
    };
  }
  return { environment, signingSecret };
}
