import type { IntegrationEvent, IntegrationEventDetail } from "../api/integration-events";
import type { IntegrationEventRow } from "../db/schema";

/** An integration event as lists and reads show it: the official Event it carried, its status. */
export function presentIntegrationEvent(row: IntegrationEventRow): IntegrationEvent {
  return {
    id: row.id,
    integrationId: row.integrationId,
    ...(row.installationId ? { installationId: row.installationId } : {}),
    createdAt: row.createdAt,
    payload: { ...row.payload, eventId: row.id },
    status: row.status,
    ...(row.error && row.status !== "success" ? { error: row.error } : {}),
  };
}

/** One event with its trace: the log lines of its last attempt. */
export function presentIntegrationEventDetail(row: IntegrationEventRow): IntegrationEventDetail {
  return { event: presentIntegrationEvent(row), trace: { logs: row.logs } };
}
