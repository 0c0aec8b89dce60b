import { env } from "cloudflare:test";
import { expect } from "vitest";
import { as, type ApiResponse } from "./api";
import { eventually } from "./jobs";
import { publishAndInstall } from "./integrations-factories";

/** An integration event as the list shows it. */
export interface WireEvent {
  id: string;
  status: "success" | "failed";
  /** Quire's own: whether `status` is final or the delivery is in flight. */
  state: "queued" | "retrying" | "settled";
  installationId?: string;
  payload: Record<string, unknown> & { type: string };
  error?: string;
}

/**
 * Publishes `script` (default: the bundled example) and installs it in `organization`; returns
 * the integration name and the installation id the event tests follow.
 */
export async function publishScript(
  token: string,
  organization: string,
  script: string = env.HELLO_INTEGRATION_SCRIPT,
  overrides: Record<string, unknown> = {},
) {
  const { name, installation } = await publishAndInstall(token, organization, {
    script,
    ...overrides,
  });
  return { name, installationId: installation.id as string };
}

/** Waits until an event of `type` settled (success or failed) and returns it with its trace. */
export async function settledEvent(
  token: string,
  name: string,
  type: string,
  timeout = 20_000,
): Promise<{ event: WireEvent; logs: { level: string; message: string; timestamp: string }[] }> {
  return eventually(
    async () => {
      const list: ApiResponse = await as(token).get(`/integrations/${name}/events`);
      expect(list.status, list.text).toBe(200);
      const found = (list.body.items as WireEvent[]).find(
        (e) => e.payload.type === type && e.state === "settled",
      );
      expect(found, `no settled ${type} event yet`).toBeDefined();
      const detail = await as(token).get(`/integrations/${name}/events/${found!.id}`);
      expect(detail.status, detail.text).toBe(200);
      return { event: detail.body.event as WireEvent, logs: detail.body.trace.logs };
    },
    { timeout },
  );
}
