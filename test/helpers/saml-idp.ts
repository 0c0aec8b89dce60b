// A SAML identity provider for the tests, inside workerd: its own RSA or EC key and self-signed
// certificate (WebCrypto + @peculiar/x509), Responses signed with xml-crypto (ECDSA through a
// WebCrypto signature algorithm registered with it: raw r||s, as RFC 4050 writes it), and the
// decoding of the AuthnRequests Quire sends by HTTP-Redirect. The signer shares no code with the
// SAML core's verifier.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";
import { DOMParser } from "@xmldom/xmldom/lib/index.js";
import { buildResponseXml, type ResponseInput, type SignatureAlgorithmName } from "./saml-xml";

const RSA = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const XMLDSIG_MORE = "http://www.w3.org/2001/04/xmldsig-more#";
const CURVE_HASH = { "P-256": "SHA-256", "P-384": "SHA-384" } as const;

/** The key a test IdP signs with: RSA (2048, RSA-SHA256) or EC on P-256 / P-384 (ECDSA). */
export type IdpKeyType = "rsa" | "P-256" | "P-384";

/** A signing identity: its key (PKCS#8 PEM, and the WebCrypto key for ECDSA) and certificate. */
interface Signer {
  keyType: IdpKeyType;
  keyPem: string;
  privateKey: CryptoKey;
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

/** A fresh key of this type and a certificate for it, valid from a day ago for a year. */
async function newSigner(commonName: string, keyType: IdpKeyType): Promise<Signer> {
  const algorithm =
    keyType === "rsa" ? RSA : { name: "ECDSA", namedCurve: keyType, hash: CURVE_HASH[keyType] };
  const keys = (await crypto.subtle.generateKey(algorithm, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "0" + Math.floor(Math.random() * 1e12).toString(16),
    name: new x509.Name([{ CN: [commonName] }]),
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    signingAlgorithm: algorithm,
    keys,
  });
  const pkcs8 = new Uint8Array(
    (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer,
  );
  const body = toBase64(pkcs8).replace(/.{64}/g, "$&\n");
  return {
    keyType,
    keyPem: `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`,
    privateKey: keys.privateKey,
    cert,
  };
}

/** The signer's own algorithm: RSA-SHA256, or ECDSA with its curve's hash. */
function defaultAlgorithm(keyType: IdpKeyType): SignatureAlgorithmName {
  return keyType === "rsa" ? "rsa-sha256" : keyType === "P-256" ? "ecdsa-sha256" : "ecdsa-sha384";
}

/**
 * An xml-crypto signature algorithm that signs with a WebCrypto ECDSA key (asynchronously; the
 * signer uses xml-crypto's callback flow). WebCrypto's ECDSA signature is raw r||s.
 */
function ecdsaAlgorithm(name: SignatureAlgorithmName, key: CryptoKey) {
  const hash = name.endsWith("384") ? "SHA-384" : name.endsWith("512") ? "SHA-512" : "SHA-256";
  return class {
    getSignature(
      signedInfo: string,
      _key: unknown,
      callback: (e: Error | null, s?: string) => void,
    ) {
      crypto.subtle
        .sign({ name: "ECDSA", hash }, key, new TextEncoder().encode(signedInfo))
        .then((signature) => callback(null, toBase64(new Uint8Array(signature))), callback);
    }
    verifySignature(): boolean {
      throw new Error("the test IdP does not verify");
    }
    getAlgorithmName() {
      return XMLDSIG_MORE + name;
    }
  };
}

/**
 * Signs the element with this ID (enveloped; exclusive C14N unless `input.c14n` says otherwise;
 * the signer's own algorithm unless `input.algorithm` names one), placing ds:Signature after its
 * Issuer.
 */
async function signElement(
  xml: string,
  id: string,
  signer: Signer,
  input: ResponseInput,
): Promise<string> {
  const algorithm = input.algorithm ?? defaultAlgorithm(signer.keyType);
  const c14n = input.c14n === "inclusive" ? C14N : EXC_C14N;
  const certificate = signer.cert.toString("base64");
  const sig = new SignedXml({
    ...(input.prefixList ? { inclusiveNamespacesPrefixList: input.prefixList } : {}),
    privateKey: signer.keyPem,
    signatureAlgorithm: XMLDSIG_MORE + algorithm,
    canonicalizationAlgorithm: c14n,
    getKeyInfoContent: ({ prefix } = {}) => {
      const p = prefix ? `${prefix}:` : "";
      return `<${p}X509Data><${p}X509Certificate>${certificate}</${p}X509Certificate></${p}X509Data>`;
    },
  });
  sig.addReference({
    xpath: `//*[@ID='${id}']`,
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", c14n],
    ...(input.prefixList ? { inclusiveNamespacesPrefixList: input.prefixList } : {}),
  });
  const options = {
    prefix: "ds",
    location: {
      reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`,
      action: "after" as const,
    },
  };
  if (!algorithm.startsWith("ecdsa")) {
    sig.computeSignature(xml, options);
    return sig.getSignedXml();
  }
  const algorithms = sig.SignatureAlgorithms as unknown as Record<string, unknown>;
  algorithms[XMLDSIG_MORE + algorithm] = ecdsaAlgorithm(algorithm, signer.privateKey);
  return new Promise((resolve, reject) =>
    sig.computeSignature(xml, options, (error) =>
      error ? reject(error) : resolve(sig.getSignedXml()),
    ),
  );
}

/** Base64 of a UTF-8 string. */
export function encodeXml(xml: string): string {
  return toBase64(new TextEncoder().encode(xml));
}

/** The XML of a base64 SAMLResponse (to tamper with it in a test). */
export function decodeXml(base64: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

/**
 * Creates a test IdP with a fresh key pair and certificate (and a second, unrelated key of the
 * same type): RSA unless `key` names an EC curve.
 */
export async function createTestIdp(opts?: {
  entityID?: string;
  key?: IdpKeyType;
}): Promise<TestIdp> {
  const tag = crypto.randomUUID().slice(0, 8);
  const entityID = opts?.entityID ?? `https://idp.example.com/saml/${tag}`;
  const keyType = opts?.key ?? "rsa";
  const [own, other] = await Promise.all([
    newSigner(`Test IdP ${tag}`, keyType),
    newSigner(`Other ${tag}`, keyType),
  ]);
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
        xml = await signElement(xml, built.assertionId, signer, input);
      if (sign === "response" || sign === "both")
        xml = await signElement(xml, built.responseId, signer, input);
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
