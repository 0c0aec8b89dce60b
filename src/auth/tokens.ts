import { isolateMemo } from "../../core/memory/memos";
import { randomToken, sha256Hex } from "../lib/crypto";

/** Every Quire API token starts with this, so leaked tokens are recognizable by scanners. */
const TOKEN_PREFIX = "quire_";

const TOKEN_PATTERN = /^quire_[A-Za-z0-9_-]{43}$/;

/** A new token secret (32 random bytes) with its digest and the hint shown in listings. */
export async function mintToken(): Promise<{ secret: string; digest: string; hint: string }> {
  const secret = TOKEN_PREFIX + randomToken(32);
  return { secret, digest: await sha256Hex(secret), hint: secret.slice(-4) };
}

/** True when the string has the shape of a Quire token (checked before any database work). */
export function isWellFormedToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/**
 * Digests this isolate computed, by token. A client sends the same token on every request, and
 * the SHA-256 with its hex was ~3 % of a member's read. The digest is only the lookup key: every
 * access check still reads the token's row, so a revoked or expired token stops at once.
 */
const digests = isolateMemo<string, string>("token digests", { entries: 1_000 });

/** The digest under which a token is stored and looked up (computed once per isolate). */
export async function tokenDigest(secret: string): Promise<string> {
  const known = digests.get(secret);
  if (known !== undefined) return known;
  const digest = await sha256Hex(secret);
  digests.set(secret, digest);
  return digest;
}
