import { Awareness } from "y-protocols/awareness";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { reconnectDelay } from "../../../app/client/collab/backoff";
import { LiveProvider, type LiveState } from "../../../app/client/collab/provider";
import type { RoomStatus } from "../../../app/client/collab/messages";
import { FakeRoom, FakeSocket, manualClock, statusFrame, typeOf } from "./fake-room";

/**
 * The live provider (app/client/collab/provider.ts) against the wire contract of issue 38, with
 * a fake WebSocket at the boundary: the sync on open (offline edits in our step 2), coalesced
 * updates, the room's status messages, reconnection with jittered backoff on lost connections,
 * a stop with the reason on 44xx closes, `unavailable` when the first socket never opened.
 */

function setup(random = () => 0.5) {
  const clock = manualClock();
  const sockets: FakeSocket[] = [];
  const states: LiveState[] = [];
  const statuses: RoomStatus[] = [];
  const doc = new Y.Doc();
  const awareness = new Awareness(doc);
  awareness.setLocalStateField("user", { id: "u1", name: "Ada", colour: "#0a5bc4" });
  const provider = new LiveProvider({
    url: "wss://app.example/v1/spaces/s/change-requests/c/pages/p/live",
    doc,
    awareness,
    timers: clock.timers,
    random,
    connect: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onState: (state) => states.push(state),
    onStatus: (status) => statuses.push(status),
  });
  const text = () => doc.getXmlFragment("default").toString();
  const type = (word: string) => {
    const fragment = doc.getXmlFragment("default");
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText(word)]);
    fragment.insert(fragment.length, [paragraph]);
  };
  const last = () => sockets.at(-1)!;
  return { clock, sockets, states, statuses, doc, awareness, provider, text, type, last };
}

describe("the live provider", () => {
  it("syncs on open: the room's state arrives, our offline edits go in our step 2", async () => {
    const t = setup();
    const room = new FakeRoom();
    const roomParagraph = new Y.XmlElement("paragraph");
    roomParagraph.insert(0, [new Y.XmlText("from the room")]);
    room.doc.getXmlFragment("default").insert(0, [roomParagraph]);
    t.type("typed offline");
    t.provider.start();
    expect(t.provider.state.kind).toBe("connecting");
    expect(t.last().url).toBe("wss://app.example/v1/spaces/s/change-requests/c/pages/p/live");
    room.accept(t.last());
    expect(t.provider.state.kind).toBe("live");
    // Step 1 and our presence first, then our step 2 answering the room's step 1.
    expect(t.last().sent.map(typeOf)).toEqual([0, 1, 0]);
    expect(t.last().binaryType).toBe("arraybuffer");
    room.absorb(t.last());
    expect(room.doc.getXmlFragment("default").toString()).toBe(t.text());
    expect(t.text()).toContain("from the room");
    expect(t.text()).toContain("typed offline");
  });

  it("sends edits coalesced, at most one update per 100 ms, and marks the room unsaved", () => {
    const t = setup();
    const room = new FakeRoom();
    t.provider.start();
    room.accept(t.last());
    room.absorb(t.last());
    const before = t.last().sent.length;
    t.type("one");
    expect(t.provider.status.saved).toBe(false);
    t.type("two");
    t.type("three");
    expect(t.last().sent.length - before).toBe(1);
    t.clock.advance(100);
    expect(t.last().sent.length - before).toBe(2);
    room.absorb(t.last());
    expect(room.doc.getXmlFragment("default").toString()).toBe(t.text());
    expect(t.text()).toContain("three");
  });

  it("does not take the room's greeting for saved when our step 2 carried edits it lacked", () => {
    const t = setup();
    const room = new FakeRoom();
    // Edits this browser kept (IndexedDB) from a tab closed before they were sent.
    t.type("kept in this browser");
    t.provider.start();
    room.accept(t.last());
    expect(t.provider.status.saved).toBe(false);
    t.last().deliver(statusFrame(JSON.stringify({ saved: true, documentId: "doc_old" })));
    expect(t.provider.status.saved).toBe(false);
    t.last().deliver(statusFrame(JSON.stringify({ saved: false })));
    t.last().deliver(statusFrame(JSON.stringify({ saved: true, documentId: "doc_new" })));
    expect(t.provider.status).toEqual({ saved: true, documentId: "doc_new" });
  });

  it("sends what the throttle still holds when the tab leaves", () => {
    const t = setup();
    const room = new FakeRoom();
    t.provider.start();
    room.accept(t.last());
    t.type("first");
    t.type("last words");
    t.provider.destroy();
    room.absorb(t.last());
    expect(room.doc.getXmlFragment("default").toString()).toContain("last words");
  });

  it("reports the room's status messages and stops on a malformed one", () => {
    const t = setup();
    t.provider.start();
    new FakeRoom().accept(t.last());
    t.last().deliver(statusFrame(JSON.stringify({ saved: true, documentId: "doc_1" })));
    t.last().deliver(statusFrame(JSON.stringify({ saved: false, error: "refused" })));
    expect(t.statuses.slice(-2)).toEqual([
      { saved: true, documentId: "doc_1" },
      { saved: false, error: "refused" },
    ]);
    t.last().deliver(statusFrame("{not json"));
    expect(t.provider.state).toMatchObject({ kind: "stopped", code: 4400 });
    expect(t.last().closedWith).not.toBeNull();
    t.clock.advance(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it("reconnects after 1006, 1011 and 1012 with a growing, jittered delay", () => {
    const t = setup(() => 0);
    const room = new FakeRoom();
    t.provider.start();
    room.accept(t.last());
    const delays: number[] = [];
    for (const code of [1006, 1011, 1012]) {
      t.last().drop(code);
      const state = t.provider.state;
      expect(state.kind).toBe("offline");
      if (state.kind === "offline") delays.push(state.retryAt - t.clock.timers.now());
      const count = t.sockets.length;
      t.clock.advance(delays.at(-1)! - 1);
      expect(t.sockets).toHaveLength(count);
      t.clock.advance(1);
      expect(t.sockets).toHaveLength(count + 1);
      // Refused again before open: still offline (it had been live), the next delay longer.
    }
    expect(delays).toEqual([500, 1000, 2000]);
    // Back in the room: the backoff starts again from the first delay.
    room.accept(t.last());
    expect(t.provider.state.kind).toBe("live");
    t.last().drop(1006);
    const state = t.provider.state;
    expect(state.kind === "offline" && state.retryAt - t.clock.timers.now()).toBe(500);
  });

  it("keeps edits made while offline and sends them when the room is back", () => {
    const t = setup();
    const room = new FakeRoom();
    t.provider.start();
    room.accept(t.last());
    t.last().drop(1006);
    t.type("while away");
    t.clock.advance(1000);
    room.accept(t.last());
    room.absorb(t.last());
    expect(room.doc.getXmlFragment("default").toString()).toContain("while away");
  });

  it("stops with the room's reason on 44xx closes and does not reconnect", () => {
    for (const [code, words] of [
      [4401, "session ended"],
      [4403, "no longer have access"],
      [4409, "merged or closed"],
      [4413, "too large"],
      [4429, "too many messages"],
      [4503, "full"],
    ] as const) {
      const t = setup();
      t.provider.start();
      new FakeRoom().accept(t.last());
      t.last().drop(code, "the room's words");
      expect(t.provider.state).toMatchObject({ kind: "stopped", code });
      const state = t.provider.state;
      expect(state.kind === "stopped" && state.reason).toContain(words);
      t.clock.advance(120_000);
      expect(t.sockets).toHaveLength(1);
    }
  });

  it("is unavailable when the first socket closes before it opened (no room here)", () => {
    const t = setup();
    t.provider.start();
    t.last().drop(1006);
    expect(t.provider.state.kind).toBe("unavailable");
    t.clock.advance(120_000);
    expect(t.sockets).toHaveLength(1);
  });

  it("counts a socket that never opens in time as refused", () => {
    const t = setup();
    t.provider.start();
    t.clock.advance(10_000);
    expect(t.provider.state.kind).toBe("unavailable");
    expect(t.last().closedWith).not.toBeNull();
  });

  it("forgets the others' presence when the connection drops; leaves with its own removed", () => {
    const t = setup();
    t.provider.start();
    new FakeRoom().accept(t.last());
    const other = new Awareness(new Y.Doc());
    other.setLocalStateField("user", { id: "u2", name: "Grace", colour: "#b3261e" });
    const peer = new LiveProvider({
      url: "x",
      doc: other.doc,
      awareness: other,
      timers: manualClock().timers,
      connect: (url) => {
        const socket = new FakeSocket(url);
        queueMicrotask(() => undefined);
        peerSocket = socket;
        return socket;
      },
    });
    let peerSocket: FakeSocket | null = null;
    peer.start();
    new FakeRoom().accept(peerSocket!);
    // The peer's presence, relayed by the room to us.
    t.last().deliver(peerSocket!.sent.find((frame) => typeOf(frame) === 1)!);
    expect(t.awareness.getStates().size).toBe(2);
    t.provider.networkLost();
    expect(t.provider.state.kind).toBe("offline");
    expect([...t.awareness.getStates().keys()]).toEqual([t.doc.clientID]);
    t.provider.reconnectNow();
    new FakeRoom().accept(t.last());
    const sent = t.last().sent.length;
    t.provider.destroy();
    expect(t.last().sent.slice(sent).map(typeOf)).toEqual([1]);
    expect(t.last().closedWith?.code).toBe(1000);
  });
});

describe("the reconnection delay", () => {
  it("doubles from 1 s up to 30 s, with half of it random", () => {
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(1, () => 0.999)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(3000);
    expect(reconnectDelay(30, () => 0)).toBe(15_000);
    expect(reconnectDelay(30, () => 0.999)).toBe(29_985);
  });
});
