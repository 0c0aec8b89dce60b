import { base64url, fromBase64url } from "./crypto";

/**
 * Values sealed at rest under the deployment's SIGNING_SECRET: AES-GCM-256 with a key derived by
 * HKDF-SHA-256 for one `purpose` (so a value sealed for one use never opens as another's), a
 * fresh 12-byte nonce, and `boundTo` (the owning row's id) as authenticated data, so a sealed
 * value copied to another row, or read from the database alone, does not open. Stored as
 * base64url(nonce || ciphertext). Used for OIDC client secrets; the integrations' secrets and
 * the SAML SP keys have their own older copies of the same construction.
 */

const encoder = new TextEncoder();

async function sealingKey(secret: string, purpose: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(purpose), info: new Uint8Array(0) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Seals `plaintext` for `purpose`, bound to the row `boundTo`. */
export async function sealValue(
  secret: string,
  purpose: string,
  boundTo: string,
  plaintext: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) },
    await sealingKey(secret, purpose),
    encoder.encode(plaintext),
  );
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), iv.length);
  return base64url(out);
}

/** Opens what `sealValue` sealed; null when it does not open with this secret, purpose and row. */
export async function openValue(
  secret: string,
  purpose: string,
  boundTo: string,
  stored: string,
): Promise<string | null> {
  const decoded = fromBase64url(stored);
  if (!decoded || decoded.length < 13) return null;
  const bytes = new Uint8Array(decoded);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(boundTo) },
      await sealingKey(secret, purpose),
      bytes.subarray(12),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
