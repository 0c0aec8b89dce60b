import { describe, expect, it, vi } from "vitest";
import { makeOrg, makeMember } from "../helpers/factories";
import { makeSession } from "../helpers/sessions";
import { connect, open, roomWorld, type } from "./client";

describe("live rooms: who may connect", () => {
  it("refuses no credential, another organization, a wrong Origin and a plain GET (no 5xx)", async () => {
    const w = await roomWorld();
    const none = await connect(w.url, {});
    expect(none instanceof Response && none.status).toBe(401);
    const { owner: stranger } = await makeOrg();
    const other = await connect(w.url, { Authorization: `Bearer ${stranger.token}` });
    expect(other instanceof Response && other.status).toBe(404);
    const session = await makeSession(w.writer.user.id);
    const wrongOrigin = await connect(w.url, {
      Cookie: session.cookie,
      Origin: "https://evil.example",
    });
    expect(wrongOrigin instanceof Response && wrongOrigin.status).toBe(403);
    const plain = await connect(w.url.replace(/\/live$/, "/live"), {
      Authorization: `Bearer ${w.writer.token}`,
      Upgrade: "h2c",
    });
    expect(plain instanceof Response && plain.status).toBe(426);
    const missing = await connect(w.url.replace(w.pageId, "nopage"), {
      Authorization: `Bearer ${w.writer.token}`,
    });
    expect(missing instanceof Response && missing.status).toBe(404);
    // The app's origin with the session: accepted.
    const ok = await open(w.url, { Cookie: session.cookie, Origin: session.origin });
    ok.ws.close();
  });

  it("drops a reader's document updates but syncs them the writers' edits", async () => {
    const w = await roomWorld("Shared");
    const reader = await makeMember(w.org.id, "read");
    const r = await open(w.url, { Authorization: `Bearer ${reader.token}` });
    const a = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(r.text()).toContain("Shared"));
    type(r, "READER ");
    type(a, "WRITER ");
    await vi.waitFor(() => expect(r.text()).toContain("WRITER "));
    const late = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    await vi.waitFor(() => expect(late.text()).toContain("WRITER "));
    expect(late.text()).not.toContain("READER ");
    for (const c of [r, a, late]) c.ws.close();
  });

  it("closes malformed (4400) and oversized (4413) senders; the others are unaffected", async () => {
    const w = await roomWorld("Calm");
    const bad = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    const big = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    const good = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    bad.ws.send(new Uint8Array([0, 2, 5, 1, 2]));
    big.ws.send(new Uint8Array(1024 * 1024 + 10));
    await vi.waitFor(() => expect(bad.closed?.code).toBe(4400));
    await vi.waitFor(() => expect(big.closed?.code).toBe(4413));
    const other = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
    type(good, "Still ");
    await vi.waitFor(() => expect(other.text()).toContain("Still Calm"));
    good.ws.close();
    other.ws.close();
  });
});
