import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import type { IntegrationInstallationRow } from "../../db/schema/index";
import { queueIntegrationEvents } from "./queue-events";

/** One event for the runtime's queue (the official Event payload, less its `eventId`). */
interface QueuedEvent {
  integrationId: string;
  installationId: string;
  type: string;
  payload: Record<string, unknown>;
}

/** The event of an installation's setup or update (official InstallationSetupEvent). */
export function installationSetupEvent(
  installation: IntegrationInstallationRow,
  previous?: IntegrationInstallationRow,
): QueuedEvent {
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
export function installationDeletedEvent(installation: IntegrationInstallationRow): QueuedEvent {
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
): QueuedEvent {
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
): QueuedEvent {
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

/** Hands events to the integration runtime, which records and delivers them through its queue. */
export async function queueEvents(db: Database, env: Bindings, events: QueuedEvent[]) {
  if (events.length > 0) await queueIntegrationEvents(db, env, events);
}
