import { isolateMemo } from "../../core/memory/memos";
import { sha256Hex } from "../../core/digest";

/** Hex SHA-256 (core/digest.ts), used to store API token digests instead of the tokens. */
export { sha256Hex };

/** base64url without padding, for tokens, cursors and signatures. */
export function base64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Inverse of base64url; returns null for anything that is not valid base64url. */
export function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  try {
    const bin = atob(padded);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** Random bytes as base64url. */
export function randomToken(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return base64url(buf);
}

/** Signing secrets' imported keys: a deployment has one secret (a few while it is rotated). */
const signingKeys = isolateMemo<string, Promise<CryptoKey>>("signing keys", { entries: 4 });

/** The HMAC key of a secret (every list page signs its cursor: importing it each time cost 1 %). */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    signingKeys.set(secret, key);
  }
  return key;
}

/** HMAC-SHA256 of a message under the deployment's signing secret, base64url. */
export async function hmac(secret: string, message: string): Promise<string> {
  const key = await hmacKey(secret);
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return base64url(new Uint8Array(sig));
}

/** Constant-time string comparison for signatures. */
export function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Hex SHA-256 of bytes (core/digest.ts): the content address of an uploaded file. */
export function sha256HexBytes(bytes: Uint8Array): Promise<string> {
  return sha256Hex(bytes as Uint8Array<ArrayBuffer>);
}
