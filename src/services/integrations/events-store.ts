import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  integrationEvents,
  integrationInstallations,
  integrationInstallationTargets,
  integrations,
  type IntegrationEventRow,
} from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import type { DispatchTarget } from "./environment";
import type { Delivery } from "./deliver";
import { bumpEventCount } from "./counters";

/** Longest error kept on an event. */
const MAX_ERROR_CHARS = 2000;

/**
 * An event with everything its dispatch needs (the integration, the installation and the space
 * or site installation it names), in one round trip; null when the event is gone.
 */
export async function loadEventTarget(
  db: Database,
  eventId: string,
): Promise<(DispatchTarget & { event: IntegrationEventRow }) | null> {
  const [found] = await db
    .select({
      event: integrationEvents,
      integration: integrations,
      installation: integrationInstallations,
    })
    .from(integrationEvents)
    .innerJoin(integrations, eq(integrations.id, integrationEvents.integrationId))
    .leftJoin(
      integrationInstallations,
      eq(integrationInstallations.id, integrationEvents.installationId),
    )
    .where(eq(integrationEvents.id, eventId))
    .limit(1);
  if (!found) return null;
  const payload = found.event.payload;
  const kind = typeof payload.spaceId === "string" ? "space" : "site";
  const targetId = payload.spaceId ?? payload.siteId;
  let target = null;
  if (found.installation && typeof targetId === "string") {
    [target] = await db
      .select()
      .from(integrationInstallationTargets)
      .where(
        and(
          eq(integrationInstallationTargets.installationId, found.installation.id),
          eq(integrationInstallationTargets.targetType, kind),
          eq(integrationInstallationTargets.targetId, targetId),
        ),
      )
      .limit(1);
  }
  return { ...found, target: target ?? null };
}

/** Records one attempt: success ends the event; a failure keeps it pending for the retry. */
export async function recordAttempt(
  db: Database,
  eventId: string,
  delivery: Delivery,
  attempt: number,
): Promise<void> {
  await db
    .update(integrationEvents)
    .set({
      ...(delivery.ok ? { status: "success" as const } : {}),
      attempts: attempt,
      error: delivery.error?.slice(0, MAX_ERROR_CHARS) ?? null,
      responseStatus: delivery.response?.status ?? null,
      version: delivery.version,
      logs: delivery.logs,
      updatedAt: nowIso(),
    })
    .where(eq(integrationEvents.id, eventId));
}

/** The final state of an event whose attempts are used up: `failed`, with the last error. */
export async function markEventFailed(db: Database, eventId: string, error: string) {
  await db
    .update(integrationEvents)
    .set({ status: "failed", error: error.slice(0, MAX_ERROR_CHARS), updatedAt: nowIso() })
    .where(eq(integrationEvents.id, eventId));
}

/** Records a fetch event, dispatched at once rather than queued (its caller waits). */
export async function recordFetchEvent(
  db: Database,
  row: Omit<
    IntegrationEventRow,
    "status" | "attempts" | "error" | "responseStatus" | "version" | "logs" | "updatedAt"
  >,
  delivery: Delivery,
): Promise<void> {
  const insert = db.insert(integrationEvents).values({
    ...row,
    status: delivery.ok ? "success" : "failed",
    attempts: 1,
    error: delivery.error?.slice(0, MAX_ERROR_CHARS) ?? null,
    responseStatus: delivery.response?.status ?? null,
    version: delivery.version,
    logs: delivery.logs,
    updatedAt: row.createdAt,
  });
  await db.batch([insert, bumpEventCount(db, row.integrationId, 1)]);
}
