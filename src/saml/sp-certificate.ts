// The SP's own signing identity for signed AuthnRequests: an RSA key pair from WebCrypto and a
// self-signed X.509 v3 certificate written with the small DER writer (no X.509 library).
import { base64Of, bytesOfBase64, der, derOid, derTime, TAG } from "./der";

const RSA_SHA256 = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;
const OID_SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
const OID_COMMON_NAME = "2.5.4.3";

/** An X.509 Name with one common name. */
function nameOf(commonName: string): Uint8Array<ArrayBuffer> {
  const value = der(TAG.utf8String, new TextEncoder().encode(commonName));
  return der(TAG.sequence, der(TAG.set, der(TAG.sequence, derOid(OID_COMMON_NAME), value)));
}

/** The certificate's serial: 16 random bytes, positive, minimally encoded (non-zero first byte). */
function serialNumber(): Uint8Array<ArrayBuffer> {
  const serial = crypto.getRandomValues(new Uint8Array(16));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  return der(TAG.integer, serial);
}

/** A self-signed RSA-SHA256 certificate for `keys`, as PEM. */
async function selfSigned(
  keys: CryptoKeyPair,
  commonName: string,
  notBefore: Date,
  notAfter: Date,
): Promise<string> {
  const spki: Uint8Array<ArrayBuffer> = new Uint8Array(
    (await crypto.subtle.exportKey("spki", keys.publicKey)) as ArrayBuffer,
  );
  const algorithm = der(TAG.sequence, derOid(OID_SHA256_WITH_RSA), der(TAG.null));
  const name = nameOf(commonName);
  const tbs = der(
    TAG.sequence,
    der(TAG.context0, der(TAG.integer, new Uint8Array([2]))),
    serialNumber(),
    algorithm,
    name,
    der(TAG.sequence, derTime(notBefore), derTime(notAfter)),
    name,
    spki,
  );
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, tbs);
  const bitString = der(TAG.bitString, new Uint8Array([0]), new Uint8Array(signature));
  const body = base64Of(der(TAG.sequence, tbs, algorithm, bitString)).replace(/.{64}/g, "$&\n");
  return `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

/** SP signing key pair + self-signed certificate for signed AuthnRequests (generated per provider). */
export async function generateSpKeyPair(
  commonName: string,
  now: Date,
): Promise<{ privateKeyPkcs8Base64: string; certificatePem: string }> {
  const keys = (await crypto.subtle.generateKey(RSA_SHA256, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const certificatePem = await selfSigned(
    keys,
    commonName.slice(0, 64) || "Quire SAML SP",
    new Date(now.getTime() - 60_000),
    new Date(now.getTime() + 10 * 365 * 86_400_000),
  );
  const pkcs8 = (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer;
  return { privateKeyPkcs8Base64: base64Of(new Uint8Array(pkcs8)), certificatePem };
}

/** Imports a stored SP private key (PKCS#8, base64) as a non-extractable RSA-SHA256 signing key. */
export async function importSpKey(pkcs8Base64: string): Promise<CryptoKey> {
  const bytes = bytesOfBase64(pkcs8Base64.replace(/\s+/g, ""));
  return crypto.subtle.importKey(
    "pkcs8",
    bytes,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
}
