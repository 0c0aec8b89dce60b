import { env } from "cloudflare:test";
import { tokenDigest } from "../../src/auth/tokens";

/** The org's collections, counted in the database. */
export async function collectionsIn(organizationId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM collections WHERE organization_id = ?",
  )
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The stored idempotency rows of a token. */
export async function keysOf(token: string) {
  const { results } = await env.DB.prepare(
    "SELECT key, status, response, created_at FROM idempotency_keys WHERE token_digest = ?",
  )
    .bind(await tokenDigest(token))
    .all<{ key: string; status: number | null; response: string | null; created_at: string }>();
  return results;
}

/** An idempotency row written directly, as another request (or a dead Worker) left it. */
export async function insertKey(token: string, key: string, createdAt: string, fingerprint = "f") {
  await env.DB.prepare(
    "INSERT INTO idempotency_keys (token_digest, key, fingerprint, claim, created_at) VALUES (?, ?, ?, 'other', ?)",
  )
    .bind(await tokenDigest(token), key, fingerprint, createdAt)
    .run();
}

/** Call options carrying the header. */
export const withKey = (key: string) => ({ headers: { "Idempotency-Key": key } });
