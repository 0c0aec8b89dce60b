import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { base64url, fromBase64url } from "../crypto";

/** scrypt's cost parameters, as a hash string records them. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * The parameters new hashes are made with: N = 2^14, r = 8, p = 1 (16 MiB and ~tens of ms per
 * hash in workerd: docs/security.md "Passwords"). Raising them makes older hashes `needsRehash`,
 * and a successful sign-in rewrites them.
 */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** The largest cost a stored hash may ask for (a forged row must not take the isolate down). */
const MAX_MEMORY = 64 * 1024 * 1024;

/** The scrypt derivation, awaited (workerd's node:crypto runs it on the calling thread). */
function derive(password: string, salt: Uint8Array, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_BYTES,
      { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEMORY + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** A self-describing hash: `scrypt$v=1$N=16384,r=8,p=1$<salt>$<hash>` (base64url parts). */
export async function hashPassword(
  password: string,
  params: ScryptParams = CURRENT_PARAMS,
): Promise<string> {
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const key = await derive(password, salt, params);
  return formatHash(params, salt, new Uint8Array(key));
}

function formatHash(params: ScryptParams, salt: Uint8Array, key: Uint8Array): string {
  return `scrypt$v=1$N=${params.N},r=${params.r},p=${params.p}$${base64url(salt)}$${base64url(key)}`;
}

/** A stored hash read back, or null when it is not one this code wrote (or asks too much). */
export function parseHash(
  stored: string,
): { params: ScryptParams; salt: Uint8Array; key: Uint8Array } | null {
  const match = /^scrypt\$v=1\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(
    stored,
  );
  if (!match) return null;
  const params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const powerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.r < 1 || params.p < 1 || 128 * params.N * params.r > MAX_MEMORY) {
    return null;
  }
  if (params.p > 16) return null;
  const salt = fromBase64url(match[4]!);
  const key = fromBase64url(match[5]!);
  if (!salt || !key || key.length !== KEY_BYTES) return null;
  return { params, salt, key };
}

/** Whether `password` matches the stored hash: recomputed with its own parameters, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(new Uint8Array(key), parsed.key);
}

/** Whether a stored hash was made with weaker parameters than `CURRENT_PARAMS` (rewrite it). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N < CURRENT_PARAMS.N || r < CURRENT_PARAMS.r || p < CURRENT_PARAMS.p;
}

/**
 * A hash of nothing anyone knows, with the current parameters: verified against when the address
 * has no account or no password, so every answer costs one derivation (the same timing shape).
 */
export const UNMATCHABLE_HASH = formatHash(
  CURRENT_PARAMS,
  new Uint8Array(SALT_BYTES),
  new Uint8Array(KEY_BYTES),
);
