import { certificateBase64 } from "./certificates";
import { escapeXml, NS_DSIG, NS_METADATA, NS_PROTOCOL } from "./xml";

const HTTP_POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";
const NAMEID_FORMATS = [
  "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
  "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
  "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
];

/**
 * SP metadata XML for a provider: the entity id, the ACS (HTTP-POST binding), that assertions
 * must be signed, and, when AuthnRequests are signed, the SP certificate that verifies them.
 */
export function spMetadataXml(sp: {
  entityID: string;
  acsURL: string;
  signingCertificatePem?: string | null;
}): string {
  const signed = Boolean(sp.signingCertificatePem);
  const keyDescriptor = sp.signingCertificatePem
    ? `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="${NS_DSIG}"><ds:X509Data>` +
      `<ds:X509Certificate>${certificateBase64(sp.signingCertificatePem)}</ds:X509Certificate>` +
      `</ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="${NS_METADATA}" entityID="${escapeXml(sp.entityID)}">` +
    `<md:SPSSODescriptor AuthnRequestsSigned="${signed}" WantAssertionsSigned="true" ` +
    `protocolSupportEnumeration="${NS_PROTOCOL}">` +
    keyDescriptor +
    NAMEID_FORMATS.map((f) => `<md:NameIDFormat>${f}</md:NameIDFormat>`).join("") +
    `<md:AssertionConsumerService Binding="${HTTP_POST}" Location="${escapeXml(sp.acsURL)}" ` +
    `index="0" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>\n`
  );
}
