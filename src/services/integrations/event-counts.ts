import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrationEventCounts } from "../../db/schema/index";

/** The statement that adds `n` to an integration's event count (in the batch that records them). */
export function bumpEventCount(db: Database, integrationId: string, n: number) {
  return db
    .insert(integrationEventCounts)
    .values({ integrationId, eventsCount: n })
    .onConflictDoUpdate({
      target: integrationEventCounts.integrationId,
      set: { eventsCount: sql`${integrationEventCounts.eventsCount} + ${n}` },
    });
}
