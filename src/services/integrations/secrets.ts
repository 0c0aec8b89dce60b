import { base64url, fromBase64url, randomToken } from "../../lib/crypto";

/** HKDF `info` that binds the derived key to this one use of the deployment's secret. */
const INFO = "quire integration secrets";

/** The AES-GCM key derived from the deployment's signing secret (HKDF-SHA-256). */
async function sealingKey(signingSecret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(signingSecret),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(32),
      info: new TextEncoder().encode(INFO),
    },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * Seals a value at rest: AES-GCM under a key derived from SIGNING_SECRET, a fresh 12-byte IV,
 * stored as base64url(iv || ciphertext). Integration secrets are never stored in clear.
 */
export async function seal(signingSecret: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await sealingKey(signingSecret);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    key,
    new TextEncoder().encode(plaintext),
  );
  const out = new Uint8Array(12 + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), 12);
  return base64url(out);
}

/** Opens what `seal` produced; throws when it was tampered with or sealed under another key. */
export async function unseal(signingSecret: string, sealed: string): Promise<string> {
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < 13) throw new Error("sealed value is malformed");
  const key = await sealingKey(signingSecret);
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, 12) },
    key,
    bytes.slice(12),
  );
  return new TextDecoder().decode(plain);
}

/** An integration's secrets in clear, for its execution environment only (never on the wire). */
export async function openSecrets(
  signingSecret: string,
  sealed: string | null,
): Promise<Record<string, string>> {
  if (!sealed) return {};
  return JSON.parse(await unseal(signingSecret, sealed)) as Record<string, string>;
}

/** A new Standard-Webhooks signing secret (`whsec_` + 32 random bytes, base64). */
export function newSigningSecret(): string {
  const b64 = randomToken(32).replace(/-/g, "+").replace(/_/g, "/");
  return `whsec_${b64}${"=".repeat((4 - (b64.length % 4)) % 4)}`;
}
