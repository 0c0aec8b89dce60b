import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { signInFailures } from "../../db/schema/index";
import { sha256Hex } from "../../lib/crypto";
import { nowMs } from "../../lib/clock";

/** How many failures within a window lock a subject, and for how long. */
export interface LockRule {
  max: number;
  windowMs: number;
  lockMs: number;
}

/** Passwords: 5 wrong ones within 15 minutes lock the account's password sign-in for 15. */
export const PASSWORD_LOCK: LockRule = { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * E-mail codes per address, across its requests: 10 wrong codes within an hour lock code entry
 * for the address for an hour (each request locks itself after 5 anyway).
 */
export const CODE_LOCK: LockRule = { max: 10, windowMs: 60 * 60_000, lockMs: 60 * 60_000 };

/** The subject of an address's failures: a digest, so unknown addresses are not kept as typed. */
export async function failureSubject(kind: "password" | "code", email: string): Promise<string> {
  return `${kind}:${await sha256Hex(email.trim().toLowerCase())}`;
}

/** The statement reading a subject's lock (to join a read's round trip). */
export function lockStatement(db: Database, subject: string) {
  return db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(eq(signInFailures.subject, subject));
}

/** When a lock read by `lockStatement` ends, or null when the subject is not locked now. */
export function lockEnd(rows: { lockedUntil: string | null }[]): string | null {
  const until = rows[0]?.lockedUntil ?? null;
  return until && Date.parse(until) > nowMs() ? until : null;
}

/**
 * Counts one failure in one statement: a new window when the last one passed, and the lock
 * once `max` failures fall within a window. Answers when the subject is locked until, if it is.
 */
export async function recordFailure(
  db: Database,
  subject: string,
  rule: LockRule,
): Promise<string | null> {
  const now = nowMs();
  const at = new Date(now).toISOString();
  const windowStart = new Date(now - rule.windowMs).toISOString();
  const lockUntil = new Date(now + rule.lockMs).toISOString();
  const fresh = sql`${signInFailures.windowStartedAt} < ${windowStart}`;
  const count = sql`CASE WHEN ${fresh} THEN 1 ELSE ${signInFailures.failures} + 1 END`;
  const [row] = await db
    .insert(signInFailures)
    .values({
      subject,
      failures: 1,
      windowStartedAt: at,
      lockedUntil: rule.max <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: signInFailures.subject,
      set: {
        lockedUntil: sql`CASE WHEN ${count} >= ${rule.max} THEN ${lockUntil} ELSE ${signInFailures.lockedUntil} END`,
        failures: count,
        windowStartedAt: sql`CASE WHEN ${fresh} THEN ${at} ELSE ${signInFailures.windowStartedAt} END`,
      },
    })
    .returning({ lockedUntil: signInFailures.lockedUntil });
  return lockEnd(row ? [row] : []);
}

/** Forgets a subject's failures (a successful sign-in). */
export function clearFailuresStatement(db: Database, subject: string) {
  return db.delete(signInFailures).where(eq(signInFailures.subject, subject));
}
