import { count, desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";

/**
 * A page of the dev outbox, newest first, with its exact count (`GET /v1/dev/outbox`): the
 * messages the `outbox` transport kept instead of sending.
 */
export function outboxPagePlan(db: Database, limit: number, after?: CursorKey) {
  const keys = [mailOutbox.createdAt, mailOutbox.id];
  return plan(
    {
      rows: db
        .select()
        .from(mailOutbox)
        .where(after ? keysetAfter(keys, after, "desc") : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit + 1),
      total: db.select({ n: count() }).from(mailOutbox),
    },
    (results) => ({ rows: results.rows, count: results.total[0]?.n ?? 0 }),
  );
}
