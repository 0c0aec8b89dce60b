import { base64url, fromBase64url } from "./crypto";

/**
 * Values sealed at rest: the one construction every sealed column uses (OIDC client secrets,
 * SAML SP keys, integration secrets, idempotent answers). AES-GCM-256 under a key derived by
 * HKDF-SHA-256 from a secret (the deployment's SIGNING_SECRET, or the caller's token) for one
 * use (its salt and info, so a value sealed for one use never opens as another's), a fresh
 * 12-byte nonce, and optional authenticated data (the owning row's id), so a sealed value copied
 * to another row, or read from the database alone, does not open. Stored as
 * base64url(nonce || ciphertext). The uses' salts and infos are the ones they were written with:
 * stored values keep opening.
 */

const encoder = new TextEncoder();

/** What one use derives its key with (HKDF salt and info). */
export interface SealingUse {
  salt: Uint8Array<ArrayBuffer>;
  info?: Uint8Array<ArrayBuffer>;
}

/** The AES-GCM key of one use, derived from `secret`. */
export async function sealingKey(secret: string, use: SealingUse): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: use.salt, info: use.info ?? new Uint8Array(0) },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The AES-GCM parameters: the nonce, and the bound data when there is some. */
function gcm(iv: Uint8Array<ArrayBuffer>, boundTo: string | undefined): AesGcmParams {
  return boundTo === undefined
    ? { name: "AES-GCM", iv }
    : { name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) };
}

/** Seals bytes: nonce || ciphertext. */
export async function sealBytes(
  key: CryptoKey,
  plaintext: Uint8Array<ArrayBuffer>,
  boundTo?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(gcm(iv, boundTo), key, plaintext);
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), iv.length);
  return out;
}

/** Opens what `sealBytes` sealed; null when it does not open with this key and bound data. */
export async function openBytes(
  key: CryptoKey,
  sealed: Uint8Array<ArrayBuffer>,
  boundTo?: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (sealed.length < 13) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      gcm(sealed.slice(0, 12), boundTo),
      key,
      sealed.slice(12),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}

/** A use keyed by a purpose string as its salt (the OIDC client secrets, the SAML SP keys). */
export function purposeUse(purpose: string): SealingUse {
  return { salt: encoder.encode(purpose) };
}

/** Seals text for `purpose`, bound to the row `boundTo`, as stored text. */
export async function sealValue(
  secret: string,
  purpose: string,
  boundTo: string,
  plaintext: string,
): Promise<string> {
  const key = await sealingKey(secret, purposeUse(purpose));
  return base64url(await sealBytes(key, encoder.encode(plaintext), boundTo));
}

/** Opens what `sealValue` sealed; null when it does not open with this secret, purpose and row. */
export async function openValue(
  secret: string,
  purpose: string,
  boundTo: string,
  stored: string,
): Promise<string | null> {
  const decoded = fromBase64url(stored);
  if (!decoded) return null;
  const key = await sealingKey(secret, purposeUse(purpose));
  const plain = await openBytes(key, new Uint8Array(decoded), boundTo);
  return plain ? new TextDecoder().decode(plain) : null;
}
