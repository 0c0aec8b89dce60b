import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import { integrationEvents } from "../../db/schema/index";
import { enqueueMany } from "../../jobs/enqueue";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { dispatchIntegrationEvent } from "./dispatch-job";
import { bumpEventCount } from "./event-counts";

/** An event to deliver to one integration (the official Event payload, less its `eventId`). */
export interface IntegrationEventInput {
  integrationId: string;
  /** The installation it concerns; null for integration-level events. */
  installationId: string | null;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Records events as `pending` and queues one dispatch job each: the one way the rest of Quire
 * hands work to integrations (installs, uninstalls, merges into main). Returns the event ids.
 */
export async function queueIntegrationEvents(
  db: Database,
  env: Pick<Bindings, "JOBS">,
  events: readonly IntegrationEventInput[],
): Promise<string[]> {
  if (events.length === 0) return [];
  const now = nowIso();
  const rows = events.map((e) => ({
    id: newId(),
    integrationId: e.integrationId,
    installationId: e.installationId,
    type: e.type,
    payload: { ...e.payload, type: e.type },
    status: "pending" as const,
    logs: [],
    createdAt: now,
    updatedAt: now,
  }));
  // One row per statement keeps every insert under D1's bound-parameter cap.
  const perIntegration = new Map<string, number>();
  for (const row of rows) {
    perIntegration.set(row.integrationId, (perIntegration.get(row.integrationId) ?? 0) + 1);
  }
  const [first, ...rest] = [
    ...rows.map((row) => db.insert(integrationEvents).values(row)),
    ...[...perIntegration].map(([id, n]) => bumpEventCount(db, id, n)),
  ];
  await db.batch([first!, ...rest]);
  await enqueueMany(
    env,
    dispatchIntegrationEvent,
    rows.map((r) => ({ eventId: r.id })),
  );
  return rows.map((r) => r.id);
}
