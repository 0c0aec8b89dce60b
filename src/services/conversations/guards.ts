import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversationCorpus, conversations, type ConversationRow } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import type { Write } from "./writes";

// D1 has no interactive transactions, but a batch is atomic and stops at the first failing
// statement. A guard is an UPDATE that writes NULL into a NOT NULL column when the state it
// checks has moved: the constraint fails and the whole batch rolls back, so a job never writes
// what it computed from rows another job changed meanwhile. The job then reads again.

/** The columns whose NOT NULL failure means "a guard refused the batch". */
const GUARD_COLUMNS = ["conversation_corpus.clustering_version", "conversations.issues_count"];

/**
 * The first statement of every clustering batch: bumps the organization's clustering version,
 * or fails when it is no longer the one the job read (another job's batch came first).
 */
export function versionGuard(db: Database, organizationId: string, version: number): Write {
  return db
    .update(conversationCorpus)
    .set({
      clusteringVersion: sql`CASE WHEN ${conversationCorpus.clusteringVersion} = ${version}
        THEN ${version + 1} ELSE NULL END`,
    })
    .where(eq(conversationCorpus.organizationId, organizationId));
}

/**
 * Counts one more issue of the conversation (and marks it processed after its last one), or
 * fails when the conversation moved on: ingested again, already processed by a duplicate
 * delivery of the job, or holding another number of issues than this run wrote.
 */
export function progressGuard(
  db: Database,
  conv: ConversationRow,
  written: number,
  total: number,
): Write {
  const same = sql`${conversations.revision} = ${conv.revision}
    AND ${conversations.processedAt} IS NULL AND ${conversations.issuesCount} = ${written}`;
  const last = written + 1 === total;
  return db
    .update(conversations)
    .set({
      issuesCount: sql`CASE WHEN ${same} THEN ${written + 1} ELSE NULL END`,
      processedAt: last ? nowIso() : null,
    })
    .where(
      and(eq(conversations.organizationId, conv.organizationId), eq(conversations.id, conv.id)),
    );
}

/**
 * Takes a re-ingested conversation's issue count back to zero once its previous issues are
 * removed, or fails when the conversation moved on (see `progressGuard`).
 */
export function resetGuard(db: Database, conv: ConversationRow): Write {
  const same = sql`${conversations.revision} = ${conv.revision}
    AND ${conversations.processedAt} IS NULL`;
  return db
    .update(conversations)
    .set({ issuesCount: sql`CASE WHEN ${same} THEN 0 ELSE NULL END` })
    .where(
      and(eq(conversations.organizationId, conv.organizationId), eq(conversations.id, conv.id)),
    );
}

/** Whether an error is a guard refusing a stale batch (the job reads again and retries). */
export function isGuardConflict(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (
      /NOT NULL constraint failed/.test(message) &&
      GUARD_COLUMNS.some((c) => message.includes(c))
    ) {
      return true;
    }
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}
