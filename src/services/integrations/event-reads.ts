import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrationEvents, integrations, type IntegrationEventRow } from "../../db/schema/index";
import { plan } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { readEventCount } from "./counters";

/** The id of the integration named `name`, as SQL: reads run beside the access check. */
export function integrationIdByName(name: string): SQL {
  return sql`(select ${integrations.id} from ${integrations} where ${integrations.name} = ${name})`;
}

/**
 * One page of an integration's events, newest first (`limit + 1` rows and the counter row: at
 * most `limit + 2` rows read), as a plan to run beside the access check.
 */
export function eventsPagePlan(
  db: Database,
  integrationId: string | SQL,
  limit: number,
  after: CursorKey | undefined,
) {
  const key = [integrationEvents.createdAt, integrationEvents.id];
  const where = after
    ? and(eq(integrationEvents.integrationId, integrationId), keysetAfter(key, after, "desc"))
    : eq(integrationEvents.integrationId, integrationId);
  return plan(
    {
      events: db
        .select()
        .from(integrationEvents)
        .where(where)
        .orderBy(desc(integrationEvents.createdAt), desc(integrationEvents.id))
        .limit(limit + 1),
      count: readEventCount(db, integrationId),
    },
    (r): { rows: IntegrationEventRow[]; count: number } => ({
      rows: r.events,
      count: r.count[0]?.n ?? 0,
    }),
  );
}

/** One event of an integration, as a plan to run beside the access check. */
export function eventPlan(db: Database, integrationId: string | SQL, eventId: string) {
  return plan(
    {
      event: db
        .select()
        .from(integrationEvents)
        .where(
          and(
            eq(integrationEvents.integrationId, integrationId),
            eq(integrationEvents.id, eventId),
          ),
        )
        .limit(1),
    },
    (r): IntegrationEventRow | null => r.event[0] ?? null,
  );
}
