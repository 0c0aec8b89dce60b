import type { IntegrationEvent, IntegrationEventDetail } from "../api/integration-events";
import type { IntegrationEventRow } from "../db/schema";

/**
 * Where an event's delivery stands: settled once it succeeded or its attempts are used up;
 * otherwise queued (no attempt yet) or retrying (an attempt failed, another is scheduled).
 */
function deliveryState(row: IntegrationEventRow): IntegrationEvent["state"] {
  if (row.status !== "pending") return "settled";
  return row.attempts > 0 ? "retrying" : "queued";
}

/**
 * An integration event as lists and reads show it: the official Event it carried, the official
 * `status` (`success` once delivered, else `failed`) and Quire's `state` (final or in flight).
 */
export function presentIntegrationEvent(row: IntegrationEventRow): IntegrationEvent {
  return {
    id: row.id,
    integrationId: row.integrationId,
    ...(row.installationId ? { installationId: row.installationId } : {}),
    createdAt: row.createdAt,
    payload: { ...row.payload, eventId: row.id },
    status: row.status === "success" ? "success" : "failed",
    state: deliveryState(row),
    ...(row.error && row.status !== "success" ? { error: row.error } : {}),
  };
}

/** One event with its trace: the log lines of its last attempt. */
export function presentIntegrationEventDetail(row: IntegrationEventRow): IntegrationEventDetail {
  return { event: presentIntegrationEvent(row), trace: { logs: row.logs } };
}
