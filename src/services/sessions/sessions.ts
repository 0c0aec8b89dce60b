import { and, count, desc, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { SessionRow } from "../../api/sessions";
import type { Database } from "../../db/client";
import { apiTokens, users } from "../../db/schema/index";
import type { UserLike } from "../../api/users";
import { SESSION_IDLE_MS } from "../../../core/sessions/session";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { nowIso, nowMs } from "../../lib/clock";

/** The columns a session's listing shows. */
const SESSION_FIELDS = {
  id: apiTokens.id,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  device: apiTokens.device,
  place: apiTokens.place,
  method: apiTokens.method,
};

/**
 * A person's sessions that still work: not revoked, before their absolute end and within their
 * idle window (ISO timestamps compare as text).
 */
function liveSessionsOf(userId: string): SQL {
  const now = nowMs();
  return and(
    eq(apiTokens.userId, userId),
    eq(apiTokens.kind, "session"),
    isNull(apiTokens.revokedAt),
    gt(apiTokens.expiresAt, new Date(now).toISOString()),
    gt(apiTokens.lastUsedAt, new Date(now - SESSION_IDLE_MS).toISOString()),
  )!;
}

/** A page of a person's live sessions, newest first, and their count, in one round trip. */
export async function listSessions(
  db: Database,
  userId: string,
  limit: number,
  after?: CursorKey,
): Promise<{ rows: SessionRow[]; count: number }> {
  const live = liveSessionsOf(userId);
  const [rows, total] = await db.batch([
    db
      .select(SESSION_FIELDS)
      .from(apiTokens)
      .where(
        after ? and(live, keysetAfter([apiTokens.createdAt, apiTokens.id], after, "desc")) : live,
      )
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(apiTokens).where(live),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** One of a person's live sessions, or null (absent, another person's, ended, an API token). */
export async function liveSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .select(SESSION_FIELDS)
    .from(apiTokens)
    .where(and(liveSessionsOf(userId), eq(apiTokens.id, sessionId)))
    .limit(1);
  return row ?? null;
}

/**
 * Revokes one of a person's sessions, or all of them (`sessionId` null); a session that is
 * absent, another person's or already revoked, and any API token, are left alone. Answers the
 * ids it revoked (the isolate forgets them as verified).
 */
export async function revokeSessions(
  db: Database,
  userId: string,
  sessionId: string | null,
): Promise<string[]> {
  const rows = await revokeSessionsStatement(db, userId, sessionId).returning({
    id: apiTokens.id,
  });
  return rows.map((r) => r.id);
}

/**
 * The statement that revokes a person's sessions (one, or all with `sessionId` null), for a
 * batch: a member's removal revokes them in the same batch as the change, `when` its condition
 * holds (the membership about to be deleted still exists).
 */
export function revokeSessionsStatement(
  db: Database,
  userId: string,
  sessionId: string | null,
  when?: SQL,
) {
  const mine = and(
    eq(apiTokens.userId, userId),
    eq(apiTokens.kind, "session"),
    isNull(apiTokens.revokedAt),
    when,
  );
  return db
    .update(apiTokens)
    .set({ revokedAt: nowIso() })
    .where(sessionId === null ? mine : and(mine, eq(apiTokens.id, sessionId)));
}

/** The person a new session signs in, as the sign-in's answer shows them, or null if deleted. */
export async function signedInPerson(db: Database, userId: string): Promise<UserLike | null> {
  const [user] = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      email: users.email,
      photoURL: users.photoURL,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}
