import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Bindings } from "../../env";
import type { Database } from "../../db/client";
import { openapiSpecs } from "../../db/schema";
import { enqueueMany } from "../../jobs/enqueue";
import { processSpecJob } from "./jobs";
import { refetchMinutes } from "./process";

/** Most URL specs queued for re-fetch by one scheduled run (the rest wait for the next). */
const MAX_PER_RUN = 500;

/**
 * The scheduled re-fetch of URL specs: every spec whose `next_fetch_at` has passed gets a
 * processing job (a new version only if the content changed), and its next time is pushed one
 * interval ahead at once so the next run does not queue it twice. At most `MAX_PER_RUN`.
 */
export async function enqueueDueSpecRefetches(
  env: Bindings,
  db: Database,
  now: number,
): Promise<{ queued: number }> {
  const due = await db
    .select({ id: openapiSpecs.id })
    .from(openapiSpecs)
    .where(
      and(
        eq(openapiSpecs.sourceKind, "url"),
        eq(openapiSpecs.processingState, "complete"),
        lte(openapiSpecs.nextFetchAt, new Date(now).toISOString()),
      ),
    )
    .orderBy(asc(openapiSpecs.nextFetchAt))
    .limit(MAX_PER_RUN);
  if (due.length === 0) return { queued: 0 };
  const ids = due.map((d) => d.id);
  const next = new Date(now + refetchMinutes(env) * 60_000).toISOString();
  for (let i = 0; i < ids.length; i += 90) {
    await db
      .update(openapiSpecs)
      .set({ nextFetchAt: next })
      .where(inArray(openapiSpecs.id, ids.slice(i, i + 90)));
  }
  await enqueueMany(
    env,
    processSpecJob,
    ids.map((specId) => ({ specId })),
  );
  return { queued: ids.length };
}
