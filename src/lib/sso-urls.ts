/**
 * Where a SAML provider's service provider lives, outside /v1 (no bearer token: browsers and
 * IdPs reach these), built from the API's own origin. One place, so the URLs the provider record
 * shows are exactly the ones the ACS checks as Destination and Audience.
 */
export interface SpUrls {
  /** SP entity id, which is also where its metadata XML is served. */
  entityID: string;
  /** SP-initiated login: redirects to the IdP with an AuthnRequest. */
  startURL: string;
  /** Assertion Consumer Service (HTTP-POST binding). */
  acsURL: string;
}

/** The SP URLs of a provider under an origin such as `https://quire.example.com`. */
export function spUrls(origin: string, providerId: string): SpUrls {
  const base = `${origin}/sso/saml/${encodeURIComponent(providerId)}`;
  return { entityID: `${base}/metadata`, startURL: `${base}/start`, acsURL: `${base}/acs` };
}
