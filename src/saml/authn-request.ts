import { base64Of } from "./der";
import { escapeXml, NS_ASSERTION, NS_PROTOCOL, samlInstant } from "./xml";

/** The SigAlg of a signed HTTP-Redirect request (RSA-SHA256; SHA-1 is never used). */
const SIG_ALG_RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const HTTP_POST = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

/** New request id (starts with a letter, as xsd:ID requires). */
export function newRequestId(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return "id" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Raw DEFLATE (RFC 1951) of a string, as the HTTP-Redirect binding encodes messages. */
async function deflateRaw(text: string): Promise<Uint8Array> {
  const stream = new Blob([new TextEncoder().encode(text)])
    .stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The AuthnRequest XML: POST binding back to the ACS, whichever NameID format the IdP prefers. */
function authnRequestXml(input: {
  requestId: string;
  issueInstant: Date;
  spEntityID: string;
  acsURL: string;
  idpSsoURL: string;
}): string {
  return (
    `<samlp:AuthnRequest xmlns:samlp="${NS_PROTOCOL}" xmlns:saml="${NS_ASSERTION}" ` +
    `ID="${escapeXml(input.requestId)}" Version="2.0" IssueInstant="${samlInstant(input.issueInstant)}" ` +
    `Destination="${escapeXml(input.idpSsoURL)}" ProtocolBinding="${HTTP_POST}" ` +
    `AssertionConsumerServiceURL="${escapeXml(input.acsURL)}">` +
    `<saml:Issuer>${escapeXml(input.spEntityID)}</saml:Issuer>` +
    `<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified" AllowCreate="true"/>` +
    `</samlp:AuthnRequest>`
  );
}

/**
 * The HTTP-Redirect binding URL to the IdP for an AuthnRequest (deflate+base64 SAMLRequest,
 * RelayState, optional SigAlg+Signature with the SP key over the exact encoded query, as the
 * binding's §3.4.4.1 requires).
 */
export async function authnRequestRedirect(input: {
  requestId: string;
  issueInstant: Date;
  spEntityID: string;
  acsURL: string;
  idpSsoURL: string;
  relayState: string;
  signingKey?: CryptoKey | null;
}): Promise<string> {
  const encoded = encodeURIComponent(base64Of(await deflateRaw(authnRequestXml(input))));
  let query = `SAMLRequest=${encoded}`;
  if (input.relayState !== "") query += `&RelayState=${encodeURIComponent(input.relayState)}`;
  if (input.signingKey) {
    query += `&SigAlg=${encodeURIComponent(SIG_ALG_RSA_SHA256)}`;
    const signature = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      input.signingKey,
      new TextEncoder().encode(query),
    );
    query += `&Signature=${encodeURIComponent(base64Of(new Uint8Array(signature)))}`;
  }
  const url = new URL(input.idpSsoURL);
  url.hash = "";
  return url.toString() + (url.search ? "&" : "?") + query;
}
