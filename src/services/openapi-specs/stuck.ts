import { and, asc, inArray, isNull, lte, or } from "drizzle-orm";
import type { Bindings } from "../../env";
import type { Database } from "../../db/client";
import { openapiSpecs } from "../../db/schema";
import { enqueueMany } from "../../jobs/enqueue";
import { processSpecJob } from "./jobs";
import { processingDeadline, STUCK_AFTER_MINUTES } from "./process";

/** Most stuck specs queued again by one scheduled run (the rest wait for the next run). */
const MAX_STUCK_PER_RUN = 200;

/** Specs claimed by one statement (their ids and the condition's values stay under 100). */
const CLAIM_CHUNK = 80;

/**
 * Specs waiting on a run that will not come: `pending` or `progress` past their deadline
 * (`next_fetch_at`, set `STUCK_AFTER_MINUTES` ahead by every write and every run's start), or,
 * for rows written before deadlines were kept, not updated for that long.
 */
function stuckWhere(now: number) {
  return and(
    inArray(openapiSpecs.processingState, ["pending", "progress"]),
    or(
      lte(openapiSpecs.nextFetchAt, new Date(now).toISOString()),
      and(
        isNull(openapiSpecs.nextFetchAt),
        lte(openapiSpecs.updatedAt, new Date(now - STUCK_AFTER_MINUTES * 60_000).toISOString()),
      ),
    ),
  );
}

/**
 * The scheduled recovery of specs whose queue message was lost (or whose run died without
 * its failure being recorded): each stuck spec goes back to `pending` with a new deadline and
 * gets a processing job. The claim is a conditional update, so two overlapping runs never
 * queue a spec twice, and a spec whose run started meanwhile (its deadline moved ahead) is
 * left to that run. At most `MAX_STUCK_PER_RUN`, the longest-stuck first.
 */
export async function requeueStuckSpecs(
  env: Bindings,
  db: Database,
  now: number,
): Promise<{ requeued: number }> {
  const candidates = await db
    .select({ id: openapiSpecs.id })
    .from(openapiSpecs)
    .where(stuckWhere(now))
    .orderBy(asc(openapiSpecs.nextFetchAt), asc(openapiSpecs.updatedAt))
    .limit(MAX_STUCK_PER_RUN);
  const ids = candidates.map((c) => c.id);
  let requeued = 0;
  // D1 binds at most 100 parameters a statement: the claim goes by chunks.
  for (let i = 0; i < ids.length; i += CLAIM_CHUNK) {
    const claimed = await db
      .update(openapiSpecs)
      .set({ processingState: "pending", nextFetchAt: processingDeadline(now) })
      .where(and(inArray(openapiSpecs.id, ids.slice(i, i + CLAIM_CHUNK)), stuckWhere(now)))
      .returning({ id: openapiSpecs.id });
    if (claimed.length === 0) continue;
    await enqueueMany(
      env,
      processSpecJob,
      claimed.map(({ id }) => ({ specId: id })),
    );
    requeued += claimed.length;
  }
  return { requeued };
}
