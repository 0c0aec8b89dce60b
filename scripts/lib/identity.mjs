// Ids and API tokens minted outside the Worker, in the exact formats of src/lib/ids.ts and
// src/auth/tokens.ts (Web Crypto only, so the same code runs in Node and in workerd tests).

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Prefix of every Quire API token (src/auth/tokens.ts TOKEN_PREFIX). */
const TOKEN_PREFIX = "quire_";

const TOKEN_PATTERN = /^quire_[A-Za-z0-9_-]{43}$/;

/** A new 20-character base62 id, as `newId()` makes them, for rows the scripts insert. */
export function newId(length = 20) {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return out;
}

/** Lowercase hex SHA-256 of a string: the digest under which a token secret is stored. */
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let out = "";
  for (const b of new Uint8Array(digest)) out += b.toString(16).padStart(2, "0");
  return out;
}

/** 32 random bytes in base64url without padding, as src/lib/crypto.ts `randomToken` makes. */
function randomToken() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new token: `quire_` + base64url(32 random bytes), its digest and its 4-character hint. */
export async function mintToken() {
  const secret = TOKEN_PREFIX + randomToken();
  return { secret, digest: await sha256Hex(secret), hint: secret.slice(-4) };
}

/**
 * A new one-time sign-in link token (core/sessions/session.ts: `qsl_` + base64url(32 random
 * bytes)) and its digest, the only part stored.
 */
export async function mintSignInLink() {
  const token = "qsl_" + randomToken();
  return { token, digest: await sha256Hex(token) };
}

/** True when a saved string still has the shape of a token (a stale or edited file does not). */
export function isWellFormedToken(value) {
  return TOKEN_PATTERN.test(value);
}

/** ISO 8601 UTC timestamp of now, as `nowIso()` writes them. */
export function nowIso() {
  return new Date().toISOString();
}
