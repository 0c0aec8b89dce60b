import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { idempotencyKeys } from "../../db/schema/index";
import { runStatements } from "../../db/plan";
import { randomToken } from "../../lib/crypto";

/** A key's answer is replayed for this long; after it the key counts as absent and is purged. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * An in-flight record older than this is taken over by the next request with its key: the
 * Worker that claimed it died (requests do not run this long).
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

/** Rows deleted per statement, and statements per scheduled run. */
const PURGE_CHUNK = 1000;
const PURGE_STATEMENTS = 20;

/** Which key, of which token, for which request. */
export interface KeyRef {
  tokenDigest: string;
  key: string;
}

/** What claiming a key found: ours to run, another request's answer, or a conflict. */
export type Claim =
  | { kind: "claimed"; claim: string }
  | { kind: "replay"; status: number; response: string | null }
  | { kind: "mismatch" }
  | { kind: "in-flight" };

const isoAt = (ms: number) => new Date(ms).toISOString();

/**
 * Claims the key in one round trip: an upsert that inserts it as in flight, or takes over a
 * record that expired (24 h) or whose lease lapsed, then reads whatever record holds the key.
 * SQLite runs the batch atomically, so of two concurrent requests exactly one claims.
 */
export async function claimKey(
  db: Database,
  ref: KeyRef & { fingerprint: string; now: number },
): Promise<Claim> {
  const claim = randomToken(16);
  const createdAt = isoAt(ref.now);
  const t = idempotencyKeys;
  const { upsert, rows } = await runStatements(db, {
    upsert: db
      .insert(t)
      .values({
        tokenDigest: ref.tokenDigest,
        key: ref.key,
        fingerprint: ref.fingerprint,
        claim,
        createdAt,
      })
      .onConflictDoUpdate({
        target: [t.tokenDigest, t.key],
        set: { fingerprint: ref.fingerprint, claim, createdAt, status: null, response: null },
        setWhere: sql`${t.createdAt} <= ${isoAt(ref.now - IDEMPOTENCY_TTL_MS)}
          OR (${t.status} IS NULL AND ${t.createdAt} <= ${isoAt(ref.now - IDEMPOTENCY_LEASE_MS)})`,
      })
      .returning({ claim: t.claim }),
    rows: db
      .select({ fingerprint: t.fingerprint, status: t.status, response: t.response })
      .from(t)
      .where(and(eq(t.tokenDigest, ref.tokenDigest), eq(t.key, ref.key))),
  });
  if (upsert[0]?.claim === claim) return { kind: "claimed", claim };
  const row = rows[0];
  // Deleted between the two statements cannot happen inside one batch; be safe all the same.
  if (!row) return { kind: "in-flight" };
  if (row.fingerprint !== ref.fingerprint) return { kind: "mismatch" };
  if (row.status === null) return { kind: "in-flight" };
  return { kind: "replay", status: row.status, response: row.response };
}

/** Stores the answer of the request that holds the claim (no-op if another took it over). */
export async function completeKey(
  db: Database,
  ref: KeyRef & { claim: string; status: number; response: string | null },
): Promise<void> {
  const t = idempotencyKeys;
  await db
    .update(t)
    .set({ status: ref.status, response: ref.response })
    .where(and(eq(t.tokenDigest, ref.tokenDigest), eq(t.key, ref.key), eq(t.claim, ref.claim)));
}

/** Forgets a claim whose request must run again on retry (a 5xx, a conflict). */
export async function releaseKey(db: Database, ref: KeyRef & { claim: string }): Promise<void> {
  const t = idempotencyKeys;
  await db
    .delete(t)
    .where(and(eq(t.tokenDigest, ref.tokenDigest), eq(t.key, ref.key), eq(t.claim, ref.claim)));
}

/** What one purge run did, for the scheduled log line. */
export interface IdempotencyPurgeReport {
  keys: number;
}

/**
 * Deletes keys older than the 24 h window, in bounded chunks (at most PURGE_CHUNK ×
 * PURGE_STATEMENTS rows per run; the next run continues).
 */
export async function purgeIdempotencyKeys(
  db: Database,
  now: number,
): Promise<IdempotencyPurgeReport> {
  const t = idempotencyKeys;
  const cutoff = isoAt(now - IDEMPOTENCY_TTL_MS);
  let keys = 0;
  for (let i = 0; i < PURGE_STATEMENTS; i++) {
    const result = await db.run(
      sql`DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} WHERE ${t.createdAt} <= ${cutoff} LIMIT ${PURGE_CHUNK})`,
    );
    const changes = result.meta.changes ?? 0;
    keys += changes;
    if (changes < PURGE_CHUNK) break;
  }
  return { keys };
}
