import { base64url, fromBase64url, randomToken } from "../../lib/crypto";
import { openBytes, sealBytes, sealingKey, type SealingUse } from "../../lib/sealed";

/**
 * Integration secrets' sealing (src/lib/sealed.ts): HKDF with a zero salt and this `info`, no
 * bound data — what they were always sealed with, so stored secrets keep opening.
 */
const USE: SealingUse = {
  salt: new Uint8Array(32),
  info: new TextEncoder().encode("quire integration secrets"),
};

/**
 * Seals a value at rest: AES-GCM under a key derived from SIGNING_SECRET, a fresh 12-byte IV,
 * stored as base64url(iv || ciphertext). Integration secrets are never stored in clear.
 */
export async function seal(signingSecret: string, plaintext: string): Promise<string> {
  const key = await sealingKey(signingSecret, USE);
  return base64url(await sealBytes(key, new TextEncoder().encode(plaintext)));
}

/** Opens what `seal` produced; throws when it was tampered with or sealed under another key. */
export async function unseal(signingSecret: string, sealed: string): Promise<string> {
  const bytes = fromBase64url(sealed);
  if (!bytes) throw new Error("sealed value is malformed");
  const plain = await openBytes(await sealingKey(signingSecret, USE), new Uint8Array(bytes));
  if (!plain) throw new Error("sealed value does not open");
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
