import { sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client";
import { emailInvites, emailSignIns, mailOutbox, signInFailures } from "../../db/schema/index";

/** Rows deleted per statement, and statements per table per run: the purge stays bounded. */
const PURGE_CHUNK = 500;
const PURGE_STATEMENTS = 10;
/** The longest failure window (the codes' hour): older failures count for nothing. */
const LONGEST_WINDOW_MS = 60 * 60_000;
/** How long the dev outbox keeps a message. */
const OUTBOX_MS = 7 * 24 * 60 * 60_000;

/** Deletes up to a bounded number of one table's rows matching `where`. */
async function purgeWhere(db: Database, table: SQLiteTable, where: SQL): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < PURGE_STATEMENTS; i++) {
    const result = await db.run(
      sql`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${PURGE_CHUNK})`,
    );
    const changes = result.meta.changes ?? 0;
    deleted += changes;
    if (changes < PURGE_CHUNK) break;
  }
  return deleted;
}

/**
 * The scheduled purge of sign-in state that can no longer be used: e-mail sign-in requests past
 * their 15 minutes, failure counts whose window and lock both passed, invites past their 7 days
 * (accepted or not), and dev outbox messages older than a week.
 */
export async function purgeSignInLeftovers(db: Database, now: number) {
  const at = new Date(now).toISOString();
  const windowStart = new Date(now - LONGEST_WINDOW_MS).toISOString();
  return {
    emailSignIns: await purgeWhere(db, emailSignIns, sql`${emailSignIns.expiresAt} <= ${at}`),
    failures: await purgeWhere(
      db,
      signInFailures,
      sql`${signInFailures.windowStartedAt} < ${windowStart} AND coalesce(${signInFailures.lockedUntil}, '') <= ${at}`,
    ),
    invites: await purgeWhere(db, emailInvites, sql`${emailInvites.expiresAt} <= ${at}`),
    outbox: await purgeWhere(
      db,
      mailOutbox,
      sql`${mailOutbox.createdAt} <= ${new Date(now - OUTBOX_MS).toISOString()}`,
    ),
  };
}
