import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Background jobs that used up their attempts: the final failed state every job reaches, kept
 * for operators (the area's own rows say `failed` too, through the job's `onFailed`). Purged
 * after 30 days by the scheduled job.
 */
export const jobFailures = sqliteTable(
  "job_failures",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>(),
    error: text("error").notNull(),
    attempts: integer("attempts").notNull(),
    queuedAt: text("queued_at").notNull(),
    failedAt: text("failed_at").notNull(),
  },
  (t) => [index("job_failures_failed_idx").on(t.failedAt)],
);
