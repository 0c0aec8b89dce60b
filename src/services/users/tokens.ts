import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens } from "../../db/schema/index";
import { mintToken } from "../../auth/tokens";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/** Issues a token for a user; returns the stored row and the secret, which is never stored. */
export async function issueToken(
  db: Database,
  input: { userId: string; label: string; scopes?: string[] | null; expiresAt?: string | null },
) {
  const minted = await mintToken();
  const row: typeof apiTokens.$inferInsert = {
    id: newId(),
    userId: input.userId,
    label: input.label,
    digest: minted.digest,
    hint: minted.hint,
    scopes: input.scopes ?? null,
    createdAt: nowIso(),
    expiresAt: input.expiresAt ?? null,
  };
  const [stored] = await db.insert(apiTokens).values(row).returning();
  return { row: stored!, secret: minted.secret };
}

/**
 * A page of a user's live API tokens (not their sessions: services/sessions lists those), newest
 * first, and their exact count, in one round trip.
 */
export async function listTokens(db: Database, userId: string, limit: number, after?: CursorKey) {
  const live = and(
    eq(apiTokens.userId, userId),
    eq(apiTokens.kind, "api"),
    isNull(apiTokens.revokedAt),
  );
  const [rows, total] = await db.batch([
    db
      .select()
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

/**
 * Revokes one of the user's API tokens; revoking an absent or foreign token, or a session (the
 * sessions routes revoke those), changes nothing.
 */
export async function revokeToken(db: Database, userId: string, tokenId: string) {
  await db
    .update(apiTokens)
    .set({ revokedAt: nowIso() })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        eq(apiTokens.userId, userId),
        eq(apiTokens.kind, "api"),
        isNull(apiTokens.revokedAt),
      ),
    );
}
