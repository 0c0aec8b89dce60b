import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import { integrationEvents, type IntegrationInstallationRow } from "../../db/schema/index";
import { enqueueMany } from "../../jobs/enqueue";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { dispatchIntegrationEvent } from "./dispatch-job";
import { bumpEventCount } from "./counters";

// The events Quire hands to integrations: the one event type, the builders of the official
// install and uninstall events, and `queueEvents`, which records and queues them for delivery.

/** An event to deliver to one integration (the official Event payload, less its `eventId`). */
export interface IntegrationEventInput {
  integrationId: string;
  /** The installation it concerns; null for integration-level events. */
  installationId: string | null;
  type: string;
  payload: Record<string, unknown>;
}

/** The event of an installation's setup or update (official InstallationSetupEvent). */
export function installationSetupEvent(
  installation: IntegrationInstallationRow,
  previous?: IntegrationInstallationRow,
): IntegrationEventInput {
  return {
    integrationId: installation.integrationId,
    installationId: installation.id,
    type: "installation_setup",
    payload: {
      type: "installation_setup",
      installationId: installation.id,
      status: installation.status,
      ...(previous
        ? { previous: { status: previous.status, configuration: previous.configuration } }
        : {}),
    },
  };
}

/** The event of an uninstall (official InstallationDeletedEvent). */
export function installationDeletedEvent(
  installation: IntegrationInstallationRow,
): IntegrationEventInput {
  return {
    integrationId: installation.integrationId,
    installationId: installation.id,
    type: "installation_deleted",
    payload: {
      type: "installation_deleted",
      installationId: installation.id,
      previous: { configuration: installation.configuration },
    },
  };
}

/** A target installation's state, as the events describe it. */
interface TargetState {
  status: string;
  configuration: Record<string, unknown>;
}

/**
 * The event of an install on (or update of) a space or a site (official
 * SpaceInstallationSetupEvent / SiteInstallationSetupEvent).
 */
export function targetSetupEvent(
  installation: IntegrationInstallationRow,
  type: "space" | "site",
  targetId: string,
  state: TargetState,
  previous?: TargetState,
): IntegrationEventInput {
  const name = `${type}_installation_setup`;
  return {
    integrationId: installation.integrationId,
    installationId: installation.id,
    type: name,
    payload: {
      type: name,
      installationId: installation.id,
      [`${type}Id`]: targetId,
      status: state.status,
      ...(previous
        ? { previous: { status: previous.status, configuration: previous.configuration } }
        : {}),
    },
  };
}

/** The event of an uninstall from a space or a site. */
export function targetDeletedEvent(
  installation: IntegrationInstallationRow,
  type: "space" | "site",
  targetId: string,
  previous: TargetState,
): IntegrationEventInput {
  const name = `${type}_installation_deleted`;
  return {
    integrationId: installation.integrationId,
    installationId: installation.id,
    type: name,
    payload: {
      type: name,
      installationId: installation.id,
      [`${type}Id`]: targetId,
      previous: { configuration: previous.configuration },
    },
  };
}

/**
 * Records events as `pending` and queues one dispatch job each: the one way the rest of Quire
 * hands work to integrations (installs, uninstalls, new main revisions). Returns the event ids.
 */
export async function queueEvents(
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
