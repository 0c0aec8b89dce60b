import { runDurableObjectAlarm } from "cloudflare:test";
import { eq } from "drizzle-orm";
import * as encoding from "lib0/encoding";
import * as syncProtocol from "y-protocols/sync";
import { describe, expect, it, vi } from "vitest";
import { apiTokens } from "../../src/db/schema";
import { as } from "../helpers/api";
import { postMerge } from "../helpers/change-requests-factories";
import { testDb } from "../helpers/factories";
import { makeSession } from "../helpers/sessions";
import {
  connect,
  later,
  open,
  roomOf,
  roomWorld,
  type,
  type RoomWorld,
  type TestClient,
} from "./client";

/** Runs the room's re-check of its sockets now (it is due a minute after the first socket). */
async function recheckNow(w: RoomWorld): Promise<void> {
  await later(60_001, () => runDurableObjectAlarm(roomOf(w)));
}

/** A sync step 1 of the client's document: a valid message the room answers. */
function step1(client: TestClient): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeSyncStep1(encoder, client.doc);
  return encoding.toUint8Array(encoder);
}

/** Types into `from` and expects `to` to see it (the room still serves the others). */
async function stillServes(from: TestClient, to: TestClient, text: string): Promise<void> {
  type(from, text);
  await vi.waitFor(() => expect(to.text()).toContain(text));
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("live rooms: limits and access ending", () => {
  it("closes a socket past 200 messages in 10 s with 4429; the others are unaffected", async () => {
    const w = await roomWorld("Rate");
    const flood = await open(w.url, bearer(w.writer.token));
    const a = await open(w.url, bearer(w.writer.token));
    const b = await open(w.url, bearer(w.writer.token));
    for (let i = 0; i < 210; i++) flood.ws.send(step1(flood));
    await vi.waitFor(() => expect(flood.closed?.code).toBe(4429));
    await stillServes(a, b, "Calm ");
    for (const c of [a, b]) c.ws.close();
  });

  it("refuses the socket past the room's limit with 4503 (the suite's limit is 8)", async () => {
    const w = await roomWorld("Full");
    const inside: TestClient[] = [];
    for (let i = 0; i < 8; i++) inside.push(await open(w.url, bearer(w.writer.token)));
    const extra = await connect(w.url, bearer(w.writer.token));
    if (extra instanceof Response) throw new Error(`no upgrade: ${extra.status}`);
    await vi.waitFor(() => expect(extra.closed?.code).toBe(4503));
    expect(extra.closed?.reason).toMatch(/8 people/);
    await stillServes(inside[0]!, inside[7]!, "Room ");
    for (const c of inside) c.ws.close();
  });

  it("closes the sockets of a merged change request with 4409 and refuses new ones (409)", async () => {
    const w = await roomWorld("Merge me");
    const a = await open(w.url, bearer(w.writer.token));
    const merged = await postMerge(w.writer, w.space.id, w.cr.id);
    expect(merged.status, merged.text).toBe(200);
    await vi.waitFor(() => expect(a.closed?.code).toBe(4409));
    const late = await connect(w.url, bearer(w.writer.token));
    expect(late instanceof Response && late.status).toBe(409);
  });

  it("closes the sockets of an archived change request with 4409 and refuses new ones", async () => {
    const w = await roomWorld("Archive me");
    const a = await open(w.url, bearer(w.writer.token));
    const res = await as(w.owner.token).patch(`/spaces/${w.space.id}/change-requests/${w.cr.id}`, {
      status: "archived",
    });
    expect(res.status, res.text).toBe(200);
    await vi.waitFor(() => expect(a.closed?.code).toBe(4409));
    const late = await connect(w.url, bearer(w.writer.token));
    expect(late instanceof Response && late.status).toBe(409);
  });

  it("closes a revoked session's socket at the next re-check (4401), not the others", async () => {
    const w = await roomWorld("Session");
    const session = await makeSession(w.writer.user.id);
    const s = await open(w.url, { Cookie: session.cookie, Origin: session.origin });
    const a = await open(w.url, bearer(w.writer.token));
    const b = await open(w.url, bearer(w.writer.token));
    await testDb()
      .update(apiTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(eq(apiTokens.id, session.id));
    await recheckNow(w);
    await vi.waitFor(() => expect(s.closed?.code).toBe(4401));
    await stillServes(a, b, "Kept ");
    for (const c of [a, b]) c.ws.close();
  });

  it("closes a removed member's socket at the next re-check (4403)", async () => {
    const w = await roomWorld("Member");
    const a = await open(w.url, bearer(w.writer.token));
    const removed = await as(w.owner.token).delete(`/orgs/${w.org.id}/members/${w.writer.user.id}`);
    expect(removed.status, removed.text).toBe(204);
    await recheckNow(w);
    await vi.waitFor(() => expect(a.closed?.code).toBe(4403));
  });
});
