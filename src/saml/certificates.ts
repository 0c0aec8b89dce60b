// @peculiar/x509 resolves its algorithm registry with tsyringe, which needs the Reflect metadata
// API: the polyfill must be evaluated before the library.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { createHash } from "node:crypto";

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
const RSA_SHA256 = {
  name: "RSASSA-PKCS1-v1_5",
  hash: "SHA-256",
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

/** The one certificate of a PEM text, or a reason it is not exactly one X.509 certificate. */
function parseOne(pem: string): { cert: x509.X509Certificate } | { reason: string } {
  const blocks = pem.trim().match(PEM_CERTIFICATE);
  if (!blocks || blocks.length === 0) {
    return { reason: "malformed: expected a PEM certificate (-----BEGIN CERTIFICATE-----)" };
  }
  if (blocks.length > 1) return { reason: "malformed: expected one certificate, found several" };
  try {
    return { cert: new x509.X509Certificate(blocks[0] as string) };
  } catch {
    return { reason: "malformed: the PEM block is not a valid X.509 certificate" };
  }
}

/** Validates a PEM X.509 certificate: parses it; errors say why (malformed / expired / not yet valid). */
export function checkCertificate(
  pem: string,
  now: Date,
): { ok: true; notAfter: Date; fingerprint: string } | { ok: false; reason: string } {
  const parsed = parseOne(pem);
  if ("reason" in parsed) return { ok: false, reason: parsed.reason };
  const { cert } = parsed;
  if (
    cert.publicKey.algorithm.name !== "RSASSA-PKCS1-v1_5" &&
    cert.publicKey.algorithm.name !== "RSA-PSS"
  ) {
    return {
      ok: false,
      reason: "unsupported: the certificate's key must be RSA (RSA-SHA256 signatures)",
    };
  }
  if (cert.notAfter.getTime() < now.getTime()) {
    return { ok: false, reason: `expired on ${cert.notAfter.toISOString()}` };
  }
  if (cert.notBefore.getTime() > now.getTime()) {
    return { ok: false, reason: `not yet valid (valid from ${cert.notBefore.toISOString()})` };
  }
  return { ok: true, notAfter: cert.notAfter, fingerprint: fingerprintOf(cert) };
}

/** SHA-256 of the DER certificate, as upper-case hex pairs joined by colons (as IdPs show it). */
function fingerprintOf(cert: x509.X509Certificate): string {
  const hex = createHash("sha256").update(new Uint8Array(cert.rawData)).digest("hex").toUpperCase();
  return hex.match(/../g)?.join(":") ?? hex;
}

/**
 * The certificate's public key as SPKI PEM: what xml-crypto is given to verify with (workerd's
 * node:crypto reads an SPKI key, not a certificate). Throws on a malformed certificate.
 */
export function publicKeyPem(certificatePem: string): string {
  const parsed = parseOne(certificatePem);
  if ("reason" in parsed) throw new Error(parsed.reason);
  return parsed.cert.publicKey.toString("pem");
}

/** The base64 DER body of a PEM certificate, as metadata's ds:X509Certificate carries it. */
export function certificateBase64(certificatePem: string): string {
  const parsed = parseOne(certificatePem);
  if ("reason" in parsed) throw new Error(parsed.reason);
  return parsed.cert.toString("base64");
}

/** Base64 of bytes (standard alphabet, padded). */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
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
  const serial = new Uint8Array(16);
  crypto.getRandomValues(serial);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Array.from(serial, (b) => b.toString(16).padStart(2, "0")).join(""),
    name: new x509.Name([{ CN: [commonName.slice(0, 64) || "Quire SAML SP"] }]),
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 10 * 365 * 86_400_000),
    signingAlgorithm: RSA_SHA256,
    keys,
  });
  const pkcs8 = (await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer;
  return {
    privateKeyPkcs8Base64: toBase64(new Uint8Array(pkcs8)),
    certificatePem: cert.toString("pem"),
  };
}

/** Imports a stored SP private key (PKCS#8, base64) as a non-extractable RSA-SHA256 signing key. */
export async function importSpKey(pkcs8Base64: string): Promise<CryptoKey> {
  const der = Uint8Array.from(atob(pkcs8Base64.replace(/\s+/g, "")), (c) => c.charCodeAt(0));
  return crypto.subtle.importKey(
    "pkcs8",
    der,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
}
