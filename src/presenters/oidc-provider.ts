import type { OidcProvider } from "../api/oidc";
import type { OidcProviderRow } from "../db/schema";
import type { Urls } from "../http/urls";

/**
 * An organization's OIDC provider as its admins see it: what they entered and the redirect URI
 * to register at the provider. The client secret stays sealed in D1: no read answers it.
 */
export function presentOidcProvider(urls: Urls, row: OidcProviderRow): OidcProvider {
  return {
    object: "oidc-provider",
    id: row.id,
    title: row.title,
    issuer: row.issuer,
    clientId: row.clientId,
    defaultRole: row.defaultRole ?? null,
    redirectURL: urls.app("/sign-in/oidc/callback"),
    createdAt: row.createdAt,
    urls: {
      location: urls.api(`/orgs/${row.organizationId}/oidc-providers/${row.id}`),
    },
  };
}
