import type { SamlProvider } from "../api/sso";
import type { SamlProviderRow, TeamRow } from "../db/schema";
import type { Urls } from "../http/urls";
import { spUrls } from "../lib/sso-urls";
import { presentTeam } from "./team";

/**
 * A SAML provider (official OrganizationSAMLProvider) as its admins see it: the IdP values they
 * entered, and the SP values (`service`) to copy into the IdP. The SP key stays private.
 */
export function presentSamlProvider(
  urls: Urls,
  origin: string,
  row: SamlProviderRow,
  team: TeamRow | null,
): SamlProvider {
  const sp = spUrls(origin, row.id);
  return {
    object: "saml-provider",
    id: row.id,
    label: row.label,
    ssoURL: row.ssoUrl,
    entityID: row.entityId,
    certificate: row.certificate,
    ...(team ? { defaultTeam: presentTeam(team, { admin: true, view: true }) } : {}),
    defaultRole: row.defaultRole ?? null,
    createdAt: row.createdAt,
    // Quire takes the IdP values at creation, so a provider is never `pending`.
    status: "active",
    service: sp,
    urls: { location: urls.api(`/orgs/${row.organizationId}/saml/${row.id}`) },
    allowIdPInitiated: row.allowIdpInitiated,
    reAddRemovedMembers: row.readdRemovedMembers,
  };
}
