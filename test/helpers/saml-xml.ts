// The XML of the test IdP's Responses, the signature-wrapping variants built from a signed one, and
// the check of a signed HTTP-Redirect AuthnRequest (test/helpers/saml-idp.ts signs and encodes).
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import {
  DOMParser,
  XMLSerializer,
  type XmlDocument,
  type XmlElement,
} from "@xmldom/xmldom/lib/index.js";

const P = "urn:oasis:names:tc:SAML:2.0:protocol";
const A = "urn:oasis:names:tc:SAML:2.0:assertion";
const DS = "http://www.w3.org/2000/09/xmldsig#";
const TYPED_NAMESPACES =
  ' xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** The XML-DSig signature algorithms the test IdP signs with (after xmldsig-more#). */
export type SignatureAlgorithmName = "rsa-sha256" | "rsa-sha512" | "ecdsa-sha256" | "ecdsa-sha384";

/** What a test asks of the IdP's Response; every field but the SP's has a valid default. */
export interface ResponseInput {
  spEntityID: string;
  acsURL: string;
  nameID: string;
  email?: string;
  displayName?: string;
  inResponseTo?: string | null;
  now?: Date;
  notBefore?: Date;
  notOnOrAfter?: Date;
  audience?: string;
  destination?: string;
  issuer?: string;
  sign?: "assertion" | "response" | "both" | "none";
  signWith?: "own" | "other";
  /** The signature algorithm (default: RSA-SHA256 for an RSA IdP, the curve's ECDSA for an EC one). */
  algorithm?: SignatureAlgorithmName;
  /** The canonicalization the signature uses (default exclusive), and exclusive C14N's PrefixList. */
  c14n?: "exclusive" | "inclusive";
  prefixList?: string[];
  /** Typed attribute values (`xsi:type="xs:string"`), with xs and xsi declared on the Response. */
  typedAttributes?: boolean;
  /** Applied to the XML after signing. */
  tamper?: (xml: string) => string;
  assertionId?: string;
  status?: string;
}

/** XML-escapes text. */
function esc(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** An instant as SAML writes it. */
function instant(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A fresh xsd:ID. */
function newId(): string {
  return "_" + crypto.randomUUID().replace(/-/g, "");
}

/** One attribute of the AttributeStatement. */
function attribute(name: string, value: string, typed = false): string {
  const type = typed ? ' xsi:type="xs:string"' : "";
  return `<saml:Attribute Name="${name}"><saml:AttributeValue${type}>${esc(value)}</saml:AttributeValue></saml:Attribute>`;
}

/** The unsigned Response XML for `input`, and the ids to sign. */
export function buildResponseXml(
  idpEntityID: string,
  input: ResponseInput,
): { xml: string; responseId: string; assertionId: string } {
  const now = input.now ?? new Date();
  const notBefore = input.notBefore ?? new Date(now.getTime() - 30_000);
  const notOnOrAfter = input.notOnOrAfter ?? new Date(now.getTime() + 300_000);
  const issuer = esc(input.issuer ?? idpEntityID);
  const destination = esc(input.destination ?? input.acsURL);
  const responseId = newId();
  const assertionId = input.assertionId ?? newId();
  const irt = input.inResponseTo ? ` InResponseTo="${esc(input.inResponseTo)}"` : "";
  const attributes = [
    input.email ? attribute("email", input.email, input.typedAttributes) : "",
    input.displayName ? attribute("displayName", input.displayName, input.typedAttributes) : "",
  ].join("");
  const xml =
    `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}"${input.typedAttributes ? TYPED_NAMESPACES : ""} ID="${responseId}" Version="2.0" ` +
    `IssueInstant="${instant(now)}" Destination="${destination}"${irt}>` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${esc(input.status ?? "urn:oasis:names:tc:SAML:2.0:status:Success")}"/></samlp:Status>` +
    `<saml:Assertion ID="${esc(assertionId)}" Version="2.0" IssueInstant="${instant(now)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(input.nameID)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${irt} NotOnOrAfter="${instant(notOnOrAfter)}" Recipient="${destination}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(notBefore)}" NotOnOrAfter="${instant(notOnOrAfter)}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(input.audience ?? input.spEntityID)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(now)}" SessionIndex="${newId()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : "") +
    `</saml:Assertion></samlp:Response>`;
  return { xml, responseId, assertionId };
}

/** Parses a base64 Response, lets `edit` rewrite its DOM, and encodes it again. */
function rewrite(
  base64: string,
  edit: (response: XmlElement, assertion: XmlElement) => void,
): string {
  const xml = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  const response = doc.documentElement as XmlElement;
  const assertion = response.getElementsByTagNameNS(A, "Assertion")[0] as XmlElement;
  edit(response, assertion);
  const out = new XMLSerializer().serializeToString(doc);
  let binary = "";
  for (const b of new TextEncoder().encode(out)) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A copy of the signed assertion, unsigned, saying `nameID` (and with `id`, or a fresh one). */
function forged(assertion: XmlElement, nameID: string, id: string | null): XmlElement {
  const evil = assertion.cloneNode(true);
  evil.setAttribute("ID", id ?? newId());
  const signature = evil.getElementsByTagNameNS(DS, "Signature")[0];
  if (signature) evil.removeChild(signature);
  const name = evil.getElementsByTagNameNS(A, "NameID")[0] as XmlElement;
  while (name.firstChild) name.removeChild(name.firstChild);
  name.appendChild((name.ownerDocument as XmlDocument).createTextNode(nameID));
  return evil;
}

/** The XML-signature-wrapping variants of an assertion-signed Response (base64 in, base64 out). */
export const wrapping = {
  /** An unsigned forged assertion placed before the signed one. */
  extraAssertion: (base64: string, nameID: string) =>
    rewrite(base64, (response, assertion) =>
      response.insertBefore(forged(assertion, nameID, null), assertion),
    ),
  /** The forged assertion takes the signed one's place and ID; the signed one moves into Extensions. */
  signedMovedToExtensions: (base64: string, nameID: string) =>
    rewrite(base64, (response, assertion) => {
      const evil = forged(assertion, nameID, assertion.getAttribute("ID"));
      const extensions = (response.ownerDocument as XmlDocument).createElementNS(
        P,
        "samlp:Extensions",
      );
      response.insertBefore(evil, assertion);
      response.removeChild(assertion);
      extensions.appendChild(assertion);
      response.insertBefore(extensions, response.getElementsByTagNameNS(P, "Status")[0] ?? null);
    }),
  /** The forged assertion (new ID) carries the original Signature, which still references the original. */
  signatureOnForged: (base64: string, nameID: string) =>
    rewrite(base64, (response, assertion) => {
      const evil = forged(assertion, nameID, null);
      const signature = assertion.getElementsByTagNameNS(DS, "Signature")[0] as XmlElement;
      const issuer = evil.getElementsByTagNameNS(A, "Issuer")[0] as XmlElement;
      evil.insertBefore(signature.cloneNode(true), issuer.nextSibling ?? null);
      response.insertBefore(evil, assertion);
      response.removeChild(assertion);
    }),
  /** The assertion's Signature moved up to the Response, still referencing the (now unsigned) assertion. */
  signatureMovedToResponse: (base64: string) =>
    rewrite(base64, (response, assertion) => {
      const signature = assertion.getElementsByTagNameNS(DS, "Signature")[0] as XmlElement;
      assertion.removeChild(signature);
      response.insertBefore(signature, assertion);
    }),
};

/** Verifies the Signature of an HTTP-Redirect URL (over the raw encoded query) with a certificate. */
export async function redirectSignatureValid(
  url: string,
  certificatePem: string,
): Promise<boolean> {
  const query = new URL(url).search.slice(1);
  const parts = query.split("&");
  const signed = parts.filter((p) => /^(SAMLRequest|RelayState|SigAlg)=/.test(p)).join("&");
  const signature = new URL(url).searchParams.get("Signature");
  if (!signature) return false;
  const key = await new x509.X509Certificate(certificatePem).publicKey.export(
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    ["verify"],
  );
  const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, bytes, new TextEncoder().encode(signed));
}
