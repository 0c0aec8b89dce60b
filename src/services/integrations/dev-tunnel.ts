import type { Outbound } from "../../outbound";
import { OutboundError } from "../../outbound";
import { newId } from "../../lib/ids";
import { nowMs } from "../../lib/clock";
import type { IntegrationRow, IntegrationInstallationRow } from "../../db/schema/index";
import type { EncodedDispatch } from "./multipart";

/** Whether an event goes to the integration's development tunnel instead of its script. */
export function usesDevTunnel(
  integration: IntegrationRow,
  installation: IntegrationInstallationRow | null,
): integration is IntegrationRow & { devTunnelUrl: string } {
  if (!integration.devTunnelUrl) return false;
  if (integration.devAllRequests) return true;
  return installation?.organizationId === integration.organizationId;
}

/** Decodes a Standard Webhooks secret (`whsec_` + base64) into its key bytes. */
function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const b64 = secret.startsWith("whsec_") ? secret.slice(6) : secret;
  const raw = atob(b64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * The Standard Webhooks headers of a delivery: `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret.
 */
async function webhookHeaders(
  secret: string,
  body: Uint8Array,
  id = `msg_${newId()}`,
  timestamp = Math.floor(nowMs() / 1000),
): Promise<Record<string, string>> {
  const key = await crypto.subtle.importKey(
    "raw",
    secretBytes(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.byteLength + body.byteLength);
  signed.set(prefix);
  signed.set(body, prefix.byteLength);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, signed));
  let binary = "";
  for (const b of mac) binary += String.fromCharCode(b);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${btoa(binary)}`,
  };
}

/** What the tunnel answered, or why it could not be reached. */
export type TunnelOutcome =
  | { ok: true; status: number; headers: [string, string][]; body: Uint8Array }
  | { ok: false; error: string };

/**
 * POSTs an encoded event to a development tunnel (the `gitbook dev` session), signed with the
 * integration's signing secret, through the one outbound fetcher (no private addresses unless
 * local development allows loopback).
 */
export async function deliverToTunnel(
  outbound: Outbound,
  tunnelUrl: string,
  signingSecret: string,
  encoded: EncodedDispatch,
): Promise<TunnelOutcome> {
  const signature = await webhookHeaders(signingSecret, encoded.body);
  try {
    const res = await outbound.request(tunnelUrl, {
      method: "POST",
      headers: { "content-type": encoded.contentType, ...signature },
      body: new Uint8Array(encoded.body),
    });
    return { ok: true, status: res.status, headers: headerPairs(res.headers), body: res.body };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error: `tunnel: ${error.message}` };
    throw error;
  }
}

function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}
