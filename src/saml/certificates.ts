import { createHash } from "node:crypto";
import {
  base64Of,
  bytesOfBase64,
  childrenOf,
  DerError,
  oidOf,
  readDer,
  TAG,
  timeOf,
  type DerNode,
} from "./der";

/**
 * A PEM certificate's armour around base64: the one form of it, which the request schemas carry
 * as `pattern` (the OpenAPI document says what is checked) and the parser finds blocks with.
 */
export const PEM_CERTIFICATE_PATTERN =
  /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/;
const PEM_CERTIFICATE = new RegExp(PEM_CERTIFICATE_PATTERN.source, "g");
const OID_RSA = "1.2.840.113549.1.1.1";
const OID_EC = "1.2.840.10045.2.1";
const CURVES: Record<string, "P-256" | "P-384"> = {
  "1.2.840.10045.3.1.7": "P-256",
  "1.3.132.0.34": "P-384",
};

/** What kind of key a certificate holds: which signature algorithms it can verify. */
type KeyKind = { kind: "RSA" } | { kind: "EC"; curve: "P-256" | "P-384" };

/** An IdP's public key as the signature check imports it: SPKI DER and its kind. */
export interface IdpKey {
  spki: Uint8Array<ArrayBuffer>;
  key: KeyKind;
}

/** What the SAML core reads of an X.509 certificate. */
interface Certificate extends IdpKey {
  der: Uint8Array<ArrayBuffer>;
  notBefore: Date;
  notAfter: Date;
}

/** The key kind of a SubjectPublicKeyInfo; null for a key Quire cannot verify with. */
function keyKindOf(algorithm: DerNode[]): KeyKind | null {
  const oid = oidOf(algorithm[0]);
  if (oid === OID_RSA) return { kind: "RSA" };
  if (oid !== OID_EC) return null;
  const curve = CURVES[oidOf(algorithm[1])];
  return curve ? { kind: "EC", curve } : null;
}

/** The certificate's fields; throws DerError when the DER is not an X.509 certificate. */
function readCertificate(bytes: Uint8Array<ArrayBuffer>): Certificate | { unsupported: true } {
  const [tbs] = childrenOf(readDer(bytes));
  if (!tbs) throw new DerError("no TBSCertificate");
  const fields = childrenOf(tbs);
  if (fields[0]?.tag === TAG.context0) fields.shift();
  const [serial, , , validity, , spki] = fields;
  if (serial?.tag !== TAG.integer || !validity || !spki) throw new DerError("not a certificate");
  const [notBefore, notAfter] = childrenOf(validity);
  const [algorithm, publicKey] = childrenOf(spki);
  if (!algorithm || publicKey?.tag !== TAG.bitString) throw new DerError("no public key");
  const key = keyKindOf(childrenOf(algorithm));
  if (!key) return { unsupported: true };
  return {
    der: bytes,
    notBefore: timeOf(notBefore),
    notAfter: timeOf(notAfter),
    spki: spki.der,
    key,
  };
}

/** The one certificate of a PEM text, or a reason it is not exactly one usable certificate. */
function parseOne(pem: string): { cert: Certificate } | { reason: string } {
  const blocks = pem.trim().match(PEM_CERTIFICATE);
  if (!blocks || blocks.length === 0) {
    return { reason: "malformed: expected a PEM certificate (-----BEGIN CERTIFICATE-----)" };
  }
  if (blocks.length > 1) return { reason: "malformed: expected one certificate, found several" };
  const body = (blocks[0] as string).replace(/-----[A-Z ]+-----|\s+/g, "");
  try {
    const cert = readCertificate(bytesOfBase64(body));
    if ("unsupported" in cert) {
      return {
        reason:
          "unsupported: the certificate's key must be RSA (RSA-SHA256 signatures) or EC on P-256 or P-384 (ECDSA-SHA256/384)",
      };
    }
    return { cert };
  } catch {
    return { reason: "malformed: the PEM block is not a valid X.509 certificate" };
  }
}

/** Validates a PEM X.509 certificate: parses it; errors say why (malformed / unsupported / expired / not yet valid). */
export function checkCertificate(
  pem: string,
  now: Date,
): { ok: true; notAfter: Date; fingerprint: string } | { ok: false; reason: string } {
  const parsed = parseOne(pem);
  if ("reason" in parsed) return { ok: false, reason: parsed.reason };
  const { cert } = parsed;
  if (cert.notAfter.getTime() < now.getTime()) {
    return { ok: false, reason: `expired on ${cert.notAfter.toISOString()}` };
  }
  if (cert.notBefore.getTime() > now.getTime()) {
    return { ok: false, reason: `not yet valid (valid from ${cert.notBefore.toISOString()})` };
  }
  return { ok: true, notAfter: cert.notAfter, fingerprint: fingerprintOf(cert.der) };
}

/** SHA-256 of the DER certificate, as upper-case hex pairs joined by colons (as IdPs show it). */
function fingerprintOf(der: Uint8Array): string {
  const hex = createHash("sha256").update(der).digest("hex").toUpperCase();
  return hex.match(/../g)?.join(":") ?? hex;
}

/**
 * The certificate's public key and its kind, what the signature check imports into WebCrypto
 * (the KeyInfo of a message is never used). Throws on a malformed or unsupported certificate.
 */
export function idpPublicKey(certificatePem: string): IdpKey {
  const parsed = parseOne(certificatePem);
  if ("reason" in parsed) throw new Error(parsed.reason);
  return { spki: parsed.cert.spki, key: parsed.cert.key };
}

/** The base64 DER body of a PEM certificate, as metadata's ds:X509Certificate carries it. */
export function certificateBase64(certificatePem: string): string {
  const parsed = parseOne(certificatePem);
  if ("reason" in parsed) throw new Error(parsed.reason);
  return base64Of(parsed.cert.der);
}
