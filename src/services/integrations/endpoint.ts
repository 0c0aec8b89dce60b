import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { integrationInstallations, integrations } from "../../db/schema/index";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import type { Outbound } from "../../outbound";
import type { DispatchTarget } from "./environment";
import { deliverEvent, type Delivery, type DeliveryEnv } from "./deliver";
import { recordFetchEvent } from "./events-store";

/** Largest request body forwarded to a script's fetch handler. */
export const MAX_FETCH_BODY_BYTES = 1024 * 1024;

/**
 * The integration (and installation, for an installation's endpoint) a public endpoint request
 * is for; null when either is unknown (the endpoint then answers 404, like an unknown path).
 */
export async function loadEndpointTarget(
  db: Database,
  name: string,
  installationId: string | null,
): Promise<DispatchTarget | null> {
  if (installationId === null) {
    const [integration] = await db
      .select()
      .from(integrations)
      .where(eq(integrations.name, name))
      .limit(1);
    return integration ? { integration, installation: null, target: null } : null;
  }
  const [found] = await db
    .select({ integration: integrations, installation: integrationInstallations })
    .from(integrationInstallations)
    .innerJoin(integrations, eq(integrations.id, integrationInstallations.integrationId))
    .where(and(eq(integrationInstallations.id, installationId), eq(integrations.name, name)))
    .limit(1);
  return found ? { ...found, target: null } : null;
}

/** The incoming HTTP request as a fetch event describes it (official FetchRequest). */
export interface IncomingRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * Handles a request to a public endpoint: a `fetch` event delivered at once (its caller waits)
 * to the script or the dev tunnel, recorded like every event, the script's answer returned.
 */
export async function dispatchFetch(
  db: Database,
  env: DeliveryEnv,
  outbound: Outbound,
  target: DispatchTarget,
  request: IncomingRequest,
): Promise<Delivery> {
  const eventId = newId();
  const installationId = target.installation?.id ?? null;
  const payload = {
    type: "fetch",
    ...(installationId ? { installationId } : {}),
    // Official FetchRequest spells methods in lower case.
    request: { url: request.url, method: request.method.toLowerCase(), headers: request.headers },
  };
  const delivery = await deliverEvent(
    db,
    env,
    outbound,
    target,
    { ...payload, eventId },
    request.body,
  );
  await recordFetchEvent(
    db,
    {
      id: eventId,
      integrationId: target.integration.id,
      installationId,
      type: "fetch",
      payload,
      createdAt: nowIso(),
    },
    delivery,
  );
  return delivery;
}
