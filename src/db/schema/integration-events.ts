import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { integrations } from "./integrations";

/** Where an event is in its delivery: queued, answered 2xx, or failed after its last attempt. */
export type IntegrationEventStatus = "pending" | "success" | "failed";

/** One line the integration's script logged while handling an event (official IntegrationEventLog). */
export interface IntegrationEventLogLine {
  timestamp: string;
  level: "debug" | "info" | "warn" | "error";
  message: string;
}

/**
 * Every event dispatched to an integration: the official `Event` it carried (`payload`, without
 * `eventId`, which is the row id), its delivery status and the script's own log lines. Written
 * `pending` when queued, then `success`/`failed` by the dispatch job.
 */
export const integrationEvents = sqliteTable(
  "integration_events",
  {
    id: text("id").primaryKey(),
    integrationId: text("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    // No foreign key: an `installation_deleted` event outlives its installation.
    installationId: text("installation_id"),
    type: text("type").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<IntegrationEventStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    responseStatus: integer("response_status"),
    version: integer("version"),
    logs: text("logs", { mode: "json" }).$type<IntegrationEventLogLine[]>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("integration_events_list_idx").on(t.integrationId, t.createdAt, t.id)],
);

/**
 * How many events each integration has: the `count` of its event list, kept in the batch that
 * records events (never a scan of the rows). Gone with the integration.
 */
export const integrationEventCounts = sqliteTable("integration_event_counts", {
  integrationId: text("integration_id")
    .primaryKey()
    .references(() => integrations.id, { onDelete: "cascade" }),
  eventsCount: integer("events_count").notNull().default(0),
});

/** An `integration_events` row as stored. */
export type IntegrationEventRow = typeof integrationEvents.$inferSelect;
