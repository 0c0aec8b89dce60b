import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrationCounts, integrationEventCounts, integrations } from "../../db/schema/index";

// The counter rows of the integrations area, each moved in the batch of the write it follows so
// a read takes one row instead of counting: the list counters (`integration_counts`, keyed) and
// each integration's event count (`integration_event_counts`).

/**
 * The keys of the integration list counters: each list's `count` reads its row instead of
 * counting rows, so a list reads rows in proportion to its page, not to the data.
 */
export const countKey = {
  /** Public integrations (every caller sees them). */
  public: () => "public",
  /** An organization's private and unlisted integrations. */
  org: (organizationId: string) => `org:${organizationId}`,
  /** An integration's installations. */
  installations: (integrationId: string) => `installations:${integrationId}`,
  /** An integration's space or site installations (all of its installations'). */
  targets: (type: "space" | "site", integrationId: string) => `${type}s:${integrationId}`,
  /** One installation's space or site installations. */
  installationTargets: (type: "space" | "site", installationId: string) =>
    `installation-${type}s:${installationId}`,
};

/**
 * The statement adding `delta` (a number, or SQL such as `changes()`) to a counter, for the
 * batch of the write it follows.
 */
export function bumpCount(db: Database, key: string, delta: number | SQL) {
  return db
    .insert(integrationCounts)
    .values({ key, n: sql`max(0, ${delta})` })
    .onConflictDoUpdate({
      target: integrationCounts.key,
      set: { n: sql`max(0, ${integrationCounts.n} + ${delta})` },
    });
}

/** The statement reading a counter (one row at most). */
export function readCount(db: Database, key: string) {
  return db
    .select({ n: integrationCounts.n })
    .from(integrationCounts)
    .where(eq(integrationCounts.key, key));
}

/** The list counter of an integration row, as SQL over `integrations`: `public` or its owner's. */
function visibilityKey(): SQL {
  return sql`CASE WHEN ${integrations.visibility} = 'public' THEN 'public' ELSE 'org:' || ${integrations.organizationId} END`;
}

/** The integration named `name` owned by `organizationId`, as a WHERE condition. */
function owned(name: string, organizationId: string): SQL {
  return sql`${integrations.name} = ${name} AND ${integrations.organizationId} = ${organizationId}`;
}

/**
 * The statement that takes an integration out of its list counter (before a publish changes
 * its visibility, or before it is deleted); nothing when it does not exist.
 */
export function leaveListCount(db: Database, name: string, organizationId: string) {
  return db
    .update(integrationCounts)
    .set({ n: sql`max(0, ${integrationCounts.n} - 1)` })
    .where(
      sql`${integrationCounts.key} = (SELECT ${visibilityKey()} FROM ${integrations} WHERE ${owned(name, organizationId)})`,
    );
}

/** The statement that counts an integration in its list counter (after a publish). */
export function joinListCount(db: Database, name: string, organizationId: string) {
  return db
    .insert(integrationCounts)
    .select(
      sql`SELECT ${visibilityKey()}, 1 FROM ${integrations} WHERE ${owned(name, organizationId)}`,
    )
    .onConflictDoUpdate({
      target: integrationCounts.key,
      set: { n: sql`${integrationCounts.n} + 1` },
    });
}

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

/** The statement reading an integration's event count (one row at most, `n`). */
export function readEventCount(db: Database, integrationId: string | SQL) {
  return db
    .select({ n: integrationEventCounts.eventsCount })
    .from(integrationEventCounts)
    .where(eq(integrationEventCounts.integrationId, integrationId));
}
