import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import {
  publishScript,
  settledEvent,
  type WireEvent,
} from "../helpers/integration-events-factories";

describe("integration events in flight", () => {
  it("lists an event still being delivered inside the official enum, its state in flight", async () => {
    const { org, owner } = await makeOrg();
    // Never answers: the event stays in flight through its attempts (2 s each in tests).
    const hang = `export default { async fetch() { await new Promise((r) => setTimeout(r, 60_000)); return new Response("late"); } }`;
    const { name } = await publishScript(owner.token, org.id, hang);
    // `as(...)` validates every answer against the official schema, whose `status` enum is
    // `success | failed` only: an event in flight must pass it.
    const list = await as(owner.token).get(`/integrations/${name}/events`);
    expect(list.status, list.text).toBe(200);
    const items = list.body.items as WireEvent[];
    expect(items.map((e) => [e.payload.type, e.status])).toEqual([
      ["installation_setup", "failed"],
    ]);
    expect(["queued", "retrying"]).toContain(items[0]!.state);
    expect(list.body.count).toBe(1);
    const detail = await as(owner.token).get(`/integrations/${name}/events/${items[0]!.id}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.event.status).toBe("failed");
    expect(["queued", "retrying", "settled"]).toContain(detail.body.event.state);
    const { event } = await settledEvent(owner.token, name, "installation_setup", 30_000);
    expect(event).toMatchObject({ status: "failed", state: "settled" });
    expect(event.error).toEqual(expect.any(String));
  }, 40_000);

  it("answers a delivered event as success, settled", async () => {
    const { org, owner } = await makeOrg();
    const ok = `export default { async fetch() { return new Response("ok") } }`;
    const { name } = await publishScript(owner.token, org.id, ok);
    const { event } = await settledEvent(owner.token, name, "installation_setup");
    expect(event).toMatchObject({ status: "success", state: "settled" });
    expect(event.error).toBeUndefined();
  }, 40_000);
});
