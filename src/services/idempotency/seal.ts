import { base64url, fromBase64url } from "../../lib/crypto";
import { openBytes, purposeUse, sealBytes, sealingKey } from "../../lib/sealed";

/**
 * The stored answer of an idempotent request, sealed with AES-GCM under a key derived (HKDF)
 * from the caller's bearer token. Quire stores only the token's SHA-256 digest, so a stored
 * answer (which may hold a new token's secret) cannot be read from the database alone.
 */

/** What a replay sends back besides the status. */
export interface StoredAnswer {
  contentType: string | null;
  location: string | null;
  body: Uint8Array<ArrayBuffer>;
}

/** Largest sealed answer kept (D1 caps a value at 2 MB); a larger one is not replayable. */
const MAX_SEALED_CHARS = 1_900_000;

const encoder = new TextEncoder();

/** SHA-256 (hex) of the request: method, path with query, and the SHA-256 of its body bytes. */
export async function requestFingerprint(
  method: string,
  pathAndQuery: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const bodyHash = hex(await crypto.subtle.digest("SHA-256", body));
  const line = encoder.encode(`${method}\n${pathAndQuery}\n${bodyHash}`);
  return hex(await crypto.subtle.digest("SHA-256", line));
}

/** Stored answers' sealing use (src/lib/sealed.ts): the salt they were always sealed with. */
const USE = purposeUse("quire idempotency");

/**
 * Seals an answer for storage: base64url of the nonce and the ciphertext of one header line
 * (JSON) and the body. `context` (the key and fingerprint) is authenticated with it. Null when
 * the result would be too large to store.
 */
export async function sealAnswer(
  token: string,
  context: string,
  answer: StoredAnswer,
): Promise<string | null> {
  const head = encoder.encode(`${JSON.stringify([answer.contentType, answer.location])}\n`);
  const plain = new Uint8Array(head.length + answer.body.length);
  plain.set(head, 0);
  plain.set(answer.body, head.length);
  const sealed = await sealBytes(await sealingKey(token, USE), plain, context);
  if ((sealed.length * 4) / 3 > MAX_SEALED_CHARS) return null;
  return base64url(sealed);
}

/** Opens a sealed answer; null if it does not open with this token and context. */
export async function openAnswer(
  token: string,
  context: string,
  stored: string,
): Promise<StoredAnswer | null> {
  const decoded = fromBase64url(stored);
  if (!decoded) return null;
  const plain = await openBytes(await sealingKey(token, USE), new Uint8Array(decoded), context);
  if (!plain) return null;
  const newline = plain.indexOf(10);
  const [contentType, location] = JSON.parse(
    new TextDecoder().decode(plain.subarray(0, newline)),
  ) as [string | null, string | null];
  return { contentType, location, body: plain.subarray(newline + 1) };
}

function hex(buffer: ArrayBuffer): string {
  let out = "";
  for (const b of new Uint8Array(buffer)) out += b.toString(16).padStart(2, "0");
  return out;
}
