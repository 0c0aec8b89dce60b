import type { Database } from "../../db/client";
import type { Bindings } from "../../env";
import type { Outbound } from "../../outbound";
import type { IntegrationEventLogLine } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import { buildEnvironment, type DispatchTarget } from "./environment";
import { encodeDispatch } from "./multipart";
import { deliverToTunnel, usesDevTunnel } from "./dev-tunnel";
import { runScript } from "./sandbox";

/** The Worker's pieces a delivery uses. */
export type DeliveryEnv = Pick<
  Bindings,
  "FILES" | "LOADER" | "PUBLIC_APP_URL" | "SIGNING_SECRET" | "INTEGRATION_TIMEOUT_MS"
>;

/** One delivery: the answer (when there is one), whether it counts as a success, and the logs. */
export interface Delivery {
  ok: boolean;
  /** Why it failed (a throw, the time limit, a non-2xx answer, an unreachable tunnel). */
  error: string | null;
  response: { status: number; headers: [string, string][]; body: Uint8Array } | null;
  logs: IntegrationEventLogLine[];
  version: number;
}

/** A short excerpt of an answer's body, for the error of a non-2xx delivery. */
function excerpt(body: Uint8Array): string {
  return new TextDecoder().decode(body.slice(0, 300));
}

/**
 * Delivers one event (the official Event, `eventId` included) to an integration: to its dev
 * tunnel when development mode covers the installation, else to its script in its isolate. The
 * same multipart request either way. A 2xx answer is a success; anything else an error.
 */
export async function deliverEvent(
  db: Database,
  env: DeliveryEnv,
  outbound: Outbound,
  target: DispatchTarget,
  event: Record<string, unknown>,
  fetchBody?: Uint8Array | null,
): Promise<Delivery> {
  const version = target.integration.version;
  const { environment, signingSecret } = await buildEnvironment(db, env, target);
  const encoded = await encodeDispatch(event, environment, fetchBody);
  const integration = target.integration;
  if (usesDevTunnel(integration, target.installation)) {
    const tunnel = await deliverToTunnel(
      outbound,
      integration.devTunnelUrl,
      signingSecret,
      encoded,
    );
    const line = (message: string): IntegrationEventLogLine[] => [
      { timestamp: nowIso(), level: tunnel.ok ? "info" : "error", message },
    ];
    if (!tunnel.ok) {
      return { ok: false, error: tunnel.error, response: null, logs: line(tunnel.error), version };
    }
    const ok = tunnel.status >= 200 && tunnel.status < 300;
    return {
      ok,
      error: ok ? null : `the tunnel answered ${tunnel.status}: ${excerpt(tunnel.body)}`,
      response: tunnel,
      logs: line(`delivered to the development tunnel: ${tunnel.status}`),
      version,
    };
  }
  const outcome = await runScript(
    env,
    {
      integrationId: integration.id,
      version,
      scriptKey: integration.scriptKey,
      scriptHash: integration.scriptHash,
    },
    {
      url: "https://integration.invalid/v1",
      method: "POST",
      headers: [["content-type", encoded.contentType]],
      body: encoded.body,
    },
  );
  if (!outcome.ok) {
    return { ok: false, error: outcome.error, response: null, logs: outcome.logs, version };
  }
  const ok = outcome.status >= 200 && outcome.status < 300;
  return {
    ok,
    error: ok ? null : `the script answered ${outcome.status}: ${excerpt(outcome.body)}`,
    response: outcome,
    logs: outcome.logs,
    version,
  };
}
