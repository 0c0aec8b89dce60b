import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import {
  publishScript,
  settledEvent,
  type WireEvent,
} from "../helpers/integration-events-factories";

describe("integration events: pending", () => {
  it("lists an event still being delivered as pending, and the answer validates", async () => {
    const { org, owner } = await makeOrg();
    // Never answers: the event stays pending through its attempts (2 s each in tests).
    const hang = `export default { async fetch() { await new Promise((r) => setTimeout(r, 60_000)); return new Response("late"); } }`;
    const { name } = await publishScript(owner.token, org.id, hang);
    // `as(...)` validates every answer against the official schema (with the documented
    // `pending` extension): a pending item must pass it.
    const list = await as(owner.token).get(`/integrations/${name}/events`);
    expect(list.status, list.text).toBe(200);
    const items = list.body.items as WireEvent[];
    expect(items.map((e) => [e.payload.type, e.status])).toEqual([
      ["installation_setup", "pending"],
    ]);
    expect(list.body.count).toBe(1);
    const detail = await as(owner.token).get(`/integrations/${name}/events/${items[0]!.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(["pending", "failed"]).toContain(detail.body.event.status);
    const { event } = await settledEvent(owner.token, name, "installation_setup", 30_000);
    expect(event.status).toBe("failed");
  }, 40_000);
});
