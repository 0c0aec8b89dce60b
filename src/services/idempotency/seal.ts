import { base64url, fromBase64url } from "../../lib/crypto";

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

/** The AES-GCM key of a bearer token's stored answers. */
async function sealingKey(token: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(token), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("quire idempotency"),
      info: new Uint8Array(0),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

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
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    await sealingKey(token),
    plain,
  );
  if (((iv.length + sealed.byteLength) * 4) / 3 > MAX_SEALED_CHARS) return null;
  const out = new Uint8Array(iv.length + sealed.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(sealed), iv.length);
  return base64url(out);
}

/** Opens a sealed answer; null if it does not open with this token and context. */
export async function openAnswer(
  token: string,
  context: string,
  stored: string,
): Promise<StoredAnswer | null> {
  const decoded = fromBase64url(stored);
  if (!decoded || decoded.length < 12) return null;
  const bytes = new Uint8Array(decoded);
  let plain: Uint8Array<ArrayBuffer>;
  try {
    plain = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(context) },
        await sealingKey(token),
        bytes.subarray(12),
      ),
    );
  } catch {
    return null;
  }
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
