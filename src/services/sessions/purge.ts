import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiTokens, signInLinks } from "../../db/schema/index";
import { SESSION_IDLE_MS } from "../../../core/sessions/session";

/** Rows deleted per statement, and statements per table per run: the purge stays bounded. */
const PURGE_CHUNK = 500;
const PURGE_STATEMENTS = 10;

/** What one purge deleted. */
export interface SessionPurgeReport {
  sessions: number;
  links: number;
}

/** Runs a bounded `DELETE … WHERE rowid IN (… LIMIT chunk)` until it deletes fewer than a chunk. */
async function purgeChunks(db: Database, statement: () => ReturnType<typeof sql>) {
  let deleted = 0;
  for (let i = 0; i < PURGE_STATEMENTS; i++) {
    const changes = (await db.run(statement())).meta.changes ?? 0;
    deleted += changes;
    if (changes < PURGE_CHUNK) break;
  }
  return deleted;
}

/**
 * The scheduled purge of sign-in state that can no longer be used: sessions revoked, past their
 * absolute end or idle past their window (every check refuses them already; their rows only
 * took room), and sign-in links used or expired. API tokens are never touched here.
 */
export async function purgeEndedSessions(db: Database, now: number): Promise<SessionPurgeReport> {
  const cutoff = new Date(now).toISOString();
  const idleCutoff = new Date(now - SESSION_IDLE_MS).toISOString();
  const t = apiTokens;
  const sessions = await purgeChunks(
    db,
    () =>
      sql`DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} WHERE ${t.kind} = 'session' AND (${t.revokedAt} IS NOT NULL OR ${t.expiresAt} <= ${cutoff} OR ${t.lastUsedAt} <= ${idleCutoff}) LIMIT ${PURGE_CHUNK})`,
  );
  const l = signInLinks;
  const links = await purgeChunks(
    db,
    () =>
      sql`DELETE FROM ${l} WHERE rowid IN (SELECT rowid FROM ${l} WHERE ${l.expiresAt} <= ${cutoff} OR ${l.usedAt} IS NOT NULL LIMIT ${PURGE_CHUNK})`,
  );
  return { sessions, links };
}
