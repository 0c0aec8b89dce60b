// A SAML identity provider for the tests, inside workerd: its own RSA key and self-signed
// certificate (WebCrypto + @peculiar/x509), Responses signed with xml-crypto, and the decoding of
// the AuthnRequests Quire sends by HTTP-Redirect.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";
import { DOMParser } from "@xmldom/xmldom/lib/index.js";
import { buildResponseXml, type ResponseInput } from "./saml-xml";

const RSA = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";

/** A signing identity: PKCS#8 PEM private key and its certificate. */
interface Signer {
  keyPem: string;
  cert: x509.X509Certificate;
}

/** The test IdP the SSO tests sign in through. */
export interface TestIdp {
  entityID: string;
  ssoURL: string;
  certificatePem: string;
  /** Builds a base64 SAMLResponse. Defaults produce a valid signed response for the given SP. */
  response(input: ResponseInput): Promise<string>;
  /** Decodes an HTTP-Redirect AuthnRequest URL (inflate) into its fields. */
  decodeRedirect(url: string): {
    xml: string;
    id: string;
    acsURL: string;
    issuer: string;
    destination: string;
    relayState: string | null;
    sigAlg: string | null;
    signature: string | null;
  };
}

/** Base64 of bytes. */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** A fresh RSA key and a certificate for it, valid from a day ago for a year. */
async function newSigner(commonName: string): Promise<Signer> {
  const keys = (await crypto.subtle.generateKey(RSA, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "0" + Math.floor(Math.random() * 1e12).toString(16),
    name: new x509.Name([{ CN: [commonName] }]),
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    signingAlgorithm: RSA,
    keys,
  });
  const pkcs8 = new Uint8Array(
    (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer,
  );
  const body = toBase64(pkcs8).replace(/.{64}/g, "$&\n");
  return { keyPem: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`, cert };
}

/** Signs the element with this ID (enveloped, exc-c14n, RSA-SHA256), placing ds:Signature after its Issuer. */
function signElement(xml: string, id: string, signer: Signer): string {
  const certificate = signer.cert.toString("base64");
  const sig = new SignedXml({
    privateKey: signer.keyPem,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: EXC_C14N,
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : "";
      return `<${p}X509Data><${p}X509Certificate>${certificate}</${p}X509Certificate></${p}X509Data>`;
    },
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", EXC_C14N],
  });
  sig.computeSignature(xml, {
    prefix: "ds",
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: "after" },
  });
  return sig.getSignedXml();
}

/** Base64 of a UTF-8 string. */
export function encodeXml(xml: string): string {
  return toBase64(new TextEncoder().encode(xml));
}

/** The XML of a base64 SAMLResponse (to tamper with it in a test). */
export function decodeXml(base64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

/** Creates a test IdP with a fresh key pair and certificate (and a second, unrelated key). */
export async function createTestIdp(opts?: { entityID?: string }): Promise<TestIdp> {
  const tag = crypto.randomUUID().slice(0, 8);
  const entityID = opts?.entityID ?? `https://idp.example.com/saml/${tag}`;
  const [own, other] = await Promise.all([newSigner(`Test IdP ${tag}`), newSigner(`Other ${tag}`)]);
  return {
    entityID,
    ssoURL: `https://idp.example.com/sso/${tag}`,
    certificatePem: own.cert.toString("pem"),
    async response(input) {
      const built = buildResponseXml(entityID, input);
      const signer = input.signWith === "other" ? other : own;
      const sign = input.sign ?? "assertion";
      let xml = built.xml;
      if (sign === "assertion" || sign === "both")
        xml = signElement(xml, built.assertionId, signer);
      if (sign === "response" || sign === "both") xml = signElement(xml, built.responseId, signer);
      if (input.tamper) xml = input.tamper(xml);
      return encodeXml(xml);
    },
    decodeRedirect(url) {
      const params = new URL(url).searchParams;
      const encoded = params.get("SAMLRequest");
      if (!encoded) throw new Error("no SAMLRequest in the redirect URL");
      const xml = inflateRawSync(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))).toString(
        "utf8",
      );
      const root = new DOMParser().parseFromString(xml, "text/xml").documentElement;
      if (!root || root.localName !== "AuthnRequest") throw new Error("not an AuthnRequest");
      const issuer = root.getElementsByTagNameNS(
        "urn:oasis:names:tc:SAML:2.0:assertion",
        "Issuer",
      )[0];
      return {
        xml,
        id: root.getAttribute("ID") ?? "",
        acsURL: root.getAttribute("AssertionConsumerServiceURL") ?? "",
        issuer: issuer?.textContent ?? "",
        destination: root.getAttribute("Destination") ?? "",
        relayState: params.get("RelayState"),
        sigAlg: params.get("SigAlg"),
        signature: params.get("Signature"),
      };
    },
  };
}
