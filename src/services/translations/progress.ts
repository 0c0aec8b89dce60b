import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { translationStaged } from "../../db/schema/index";

/** How far a running translation's work list is: pages translated out of the pages to do. */
export interface RunProgress {
  pagesDone: number;
  pagesTotal: number;
}

/**
 * The progress of a translation's current run, from its work list (the rows `prepareRun` writes
 * and each batch marks done; a commit deletes them): read through the work list's index, as a
 * plan to run beside the access check. Meaningful only while the run is `running`.
 */
export function runProgressPlan(db: Database, translationId: string) {
  return plan(
    {
      progress: db
        .select({
          total: count(),
          done: sql<number>`coalesce(sum(${translationStaged.done}), 0)`.mapWith(Number),
        })
        .from(translationStaged)
        .where(eq(translationStaged.translationId, translationId)),
    },
    (r): RunProgress => ({
      pagesDone: r.progress[0]?.done ?? 0,
      pagesTotal: r.progress[0]?.total ?? 0,
    }),
  );
}
