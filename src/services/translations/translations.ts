import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan, runStatements } from "../../db/plan";
import { translationCounters, translations, type TranslationRow } from "../../db/schema/index";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { newId } from "../../lib/ids";
import { nowIso, nowMs } from "../../lib/clock";

/** A run whose lock was not refreshed for this long is taken over by the next `run`. */
const STALE_RUN_MS = 10 * 60 * 1000;

/** What a new translation is made of. */
export interface NewTranslation {
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  instructions: Record<string, unknown> | null;
  createdBy: string;
}

/** Creates a translation and counts it, in one batch; returns the stored row. */
export async function createTranslation(
  db: Database,
  input: NewTranslation,
): Promise<TranslationRow> {
  const id = newId();
  const now = nowIso();
  const { row } = await runStatements(db, {
    insert: db.insert(translations).values({ id, ...input, createdAt: now, updatedAt: now }),
    counter: db
      .insert(translationCounters)
      .values({ organizationId: input.organizationId, translations: 1 })
      .onConflictDoUpdate({
        target: translationCounters.organizationId,
        set: { translations: sql`${translationCounters.translations} + 1` },
      }),
    row: db.select().from(translations).where(eq(translations.id, id)),
  });
  return row[0]!;
}

/** A page of the organization's translations, newest first, and their count (the counter). */
export function translationListPlan(
  db: Database,
  input: { orgId: string; limit: number; after?: CursorKey },
) {
  const where = and(
    eq(translations.organizationId, input.orgId),
    input.after
      ? keysetAfter([translations.createdAt, translations.id], input.after, "desc")
      : undefined,
  );
  return plan(
    {
      rows: db
        .select()
        .from(translations)
        .where(where)
        .orderBy(desc(translations.createdAt), desc(translations.id))
        .limit(input.limit + 1),
      counter: db
        .select({ n: translationCounters.translations })
        .from(translationCounters)
        .where(eq(translationCounters.organizationId, input.orgId)),
    },
    (r) => ({ rows: r.rows, count: r.counter[0]?.n ?? 0 }),
  );
}

/** Replaces a translation's instructions; undefined when it no longer exists. */
export async function updateInstructions(
  db: Database,
  orgId: string,
  id: string,
  instructions: Record<string, unknown>,
): Promise<TranslationRow | undefined> {
  const [row] = await db
    .update(translations)
    .set({ instructions, updatedAt: nowIso() })
    .where(and(eq(translations.id, id), eq(translations.organizationId, orgId)))
    .returning();
  return row;
}

/**
 * Deletes a translation with its page mapping and staged work (foreign keys cascade); the
 * result space stays. The counter moves only when a row was really deleted.
 */
export async function deleteTranslation(db: Database, orgId: string, id: string): Promise<void> {
  await db.batch([
    db
      .delete(translations)
      .where(and(eq(translations.id, id), eq(translations.organizationId, orgId))),
    db
      .update(translationCounters)
      .set({ translations: sql`${translationCounters.translations} - changes()` })
      .where(eq(translationCounters.organizationId, orgId)),
  ]);
}

/**
 * Takes the run lock: a compare-and-set that succeeds only when no run is queued or running
 * (or the running one stopped refreshing its lock). Null: a run is already under way.
 */
export async function claimRun(
  db: Database,
  orgId: string,
  id: string,
): Promise<TranslationRow | null> {
  const now = nowIso();
  const stale = new Date(nowMs() - STALE_RUN_MS).toISOString();
  const [row] = await db
    .update(translations)
    .set({
      state: "queued",
      runId: newId(),
      runStartedAt: now,
      heartbeatAt: now,
      error: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(translations.id, id),
        eq(translations.organizationId, orgId),
        or(
          sql`${translations.state} NOT IN ('queued', 'running')`,
          lt(translations.heartbeatAt, stale),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives the lock back when the run could not be queued: the run is recorded as failed. */
export async function releaseRun(db: Database, id: string, runId: string, reason: string) {
  await db
    .update(translations)
    .set({ state: "failed", runId: null, error: reason })
    .where(and(eq(translations.id, id), eq(translations.runId, runId)));
}
