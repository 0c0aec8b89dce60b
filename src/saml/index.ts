// The SAML 2.0 service-provider core: certificates, SP metadata, AuthnRequests (HTTP-Redirect) and
// the verification of posted Responses. Pure: no database, no HTTP framework; services and
// routes call it with the provider record's values.
export { checkCertificate } from "./certificates";
export { generateSpKeyPair, importSpKey } from "./sp-certificate";
export { spMetadataXml } from "./metadata";
export { authnRequestRedirect, newRequestId } from "./authn-request";
export { verifySamlResponse } from "./verify";
export type { SamlFailure, SamlResult } from "./types";
