import { base64url, fromBase64url } from "../../lib/crypto";

/**
 * The SP private keys of SAML providers, sealed at rest: AES-GCM under a key derived (HKDF) from
 * the deployment's SIGNING_SECRET, with the provider id as authenticated data, so a key copied
 * to another provider's row, or read from the database alone, does not open.
 */

const encoder = new TextEncoder();

/** The AES-GCM key that seals SP private keys. */
async function sealingKey(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("quire saml sp key"),
      info: new Uint8Array(0),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals a provider's PKCS#8 private key (base64) for storage: base64url of nonce + ciphertext. */
export async function sealSpKey(
  secret: string,
  providerId: string,
  pkcs8Base64: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(providerId) },
    await sealingKey(secret),
    encoder.encode(pkcs8Base64),
  );
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), iv.length);
  return base64url(out);
}

/** Opens a sealed SP key; null when it does not open with this secret and provider id. */
export async function openSpKey(
  secret: string,
  providerId: string,
  stored: string,
): Promise<string | null> {
  const decoded = fromBase64url(stored);
  if (!decoded || decoded.length < 13) return null;
  const bytes = new Uint8Array(decoded);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(providerId) },
      await sealingKey(secret),
      bytes.subarray(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
