import { lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jobFailures } from "../../db/schema/index";

/** How long the record of a failed background job is kept for operators. */
const KEEP_MS = 30 * 24 * 3600 * 1000;

/** Deletes job failure records older than 30 days (run by the cron trigger). */
export async function purgeJobFailures(db: Database, now: number) {
  const cutoff = new Date(now - KEEP_MS).toISOString();
  const result = await db.delete(jobFailures).where(lt(jobFailures.failedAt, cutoff));
  return { purged: result.meta.changes ?? 0 };
}
