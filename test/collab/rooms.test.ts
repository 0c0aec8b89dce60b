import { describe, expect, it, vi, afterEach, beforeAll } from "vitest";
import { makeOrg, makeMember, testDb } from "../helpers/factories";
import { makeSession } from "../helpers/sessions";
import {
  connect,
  mainRoomWorld,
  open,
  roomWorld,
  type,
  pageDocument,
  paragraphDoc,
  roomOf,
  saveNow,
  type RoomWorld,
  type TestClient,
  later,
  SETTLE,
} from "./client";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import { editorSchema } from "../../core/editor/schema";
import { as } from "../helpers/api";
import { createCr, postContent, postMerge } from "../helpers/change-requests-factories";
import { eq } from "drizzle-orm";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";
import * as syncProtocol from "y-protocols/sync";
import { apiTokens } from "../../src/db/schema";
import { emptyStorage } from "../helpers/storage";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Types `text` into `from` and waits until `to` has it (the room accepted it). With a fake Date,
 * each of `vi.waitFor`'s polls moves it 50 ms: times below are read with that slack.
 */
async function edit(from: TestClient, to: TestClient, text: string): Promise<void> {
  type(from, text);
  await vi.waitFor(() => expect(to.text()).toContain(text), SETTLE);
}

/** The room's alarm time and whether it still has unsaved edits (read in the object). */
async function roomState(w: RoomWorld): Promise<{ alarm: number | null; unsaved: boolean }> {
  return runInDurableObject(roomOf(w), async (_room, state) => ({
    alarm: await state.storage.getAlarm(),
    unsaved:
      state.storage.sql.exec("SELECT 1 FROM meta WHERE key = 'firstUnsavedAt'").toArray().length >
      0,
  }));
}

/** The text of the page's stored Document, read through the API. */
async function storedText(w: RoomWorld): Promise<string> {
  return JSON.stringify(await pageDocument(w.writer.token, w));
}

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
  await vi.waitFor(() => expect(to.text()).toContain(text), SETTLE);
}

describe("access", () => {
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
      await vi.waitFor(() => expect(r.text()).toContain("Shared"), SETTLE);
      type(r, "READER ");
      type(a, "WRITER ");
      await vi.waitFor(() => expect(r.text()).toContain("WRITER "), SETTLE);
      const late = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      await vi.waitFor(() => expect(late.text()).toContain("WRITER "), SETTLE);
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
      await vi.waitFor(() => expect(bad.closed?.code).toBe(4400), SETTLE);
      await vi.waitFor(() => expect(big.closed?.code).toBe(4413), SETTLE);
      const other = await open(w.url, { Authorization: `Bearer ${w.writer.token}` });
      type(good, "Still ");
      await vi.waitFor(() => expect(other.text()).toContain("Still Calm"), SETTLE);
      good.ws.close();
      other.ws.close();
    });
  });
});

describe("saves", () => {
  beforeAll(emptyStorage);
  afterEach(() => {
    vi.useRealTimers();
  });
  describe("live rooms: the write-back's debounce", () => {
    it("saves 2 s after the latest edit: an earlier alarm only sets itself again", async () => {
      const w = await roomWorld("Debounce");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      const t0 = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: t0 });
      await edit(a, b, "One ");
      vi.setSystemTime(t0 + 1500);
      await edit(a, b, "Two ");
      // 2 s after the first edit, 0.6 s after the latest: not due.
      vi.setSystemTime(t0 + 2100);
      await runDurableObjectAlarm(roomOf(w));
      const early = await roomState(w);
      expect(early.unsaved).toBe(true);
      expect(early.alarm! - (t0 + 3500)).toBeGreaterThanOrEqual(0);
      expect(early.alarm! - (t0 + 3500)).toBeLessThan(500);
      expect(await storedText(w)).not.toContain("One");
      vi.setSystemTime(early.alarm!);
      await runDurableObjectAlarm(roomOf(w));
      await vi.waitFor(() => expect(a.statuses.at(-1)).toMatchObject({ saved: true }));
      expect(await storedText(w)).toContain("Two One Debounce");
      for (const c of [a, b]) c.ws.close();
    });

    it("saves at most 10 s after the first unsaved edit while someone keeps typing", async () => {
      const w = await roomWorld("Cap");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      const t0 = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: t0 });
      for (let i = 0; i <= 6; i++) {
        vi.setSystemTime(t0 + i * 1500);
        await edit(a, b, `w${i} `);
        await runDurableObjectAlarm(roomOf(w));
      }
      // The latest edit at 9 s would debounce to 11 s; the cap is 10 s.
      const capped = await roomState(w);
      expect(capped.unsaved).toBe(true);
      expect(capped.alarm! - (t0 + 10_000)).toBeGreaterThanOrEqual(0);
      expect(capped.alarm! - (t0 + 10_000)).toBeLessThan(500);
      vi.setSystemTime(capped.alarm!);
      await runDurableObjectAlarm(roomOf(w));
      await vi.waitFor(() => expect(a.statuses.at(-1)).toMatchObject({ saved: true }));
      expect(await storedText(w)).toContain("w6 w5 w4 w3 w2 w1 w0 Cap");
      for (const c of [a, b]) c.ws.close();
    });
  });
  describe("live rooms: an update's storage", () => {
    it("costs one write, its log row, and no alarm call while edits are pending", async () => {
      const w = await roomWorld("Cost");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      await edit(a, b, "First ");
      await vi.waitFor(() => expect(a.statuses.at(-1)?.saved).toBe(false), SETTLE);
      const calls: string[] = [];
      await runInDurableObject(roomOf(w), (_room, state) => {
        const sql = state.storage.sql;
        const exec = sql.exec.bind(sql);
        sql.exec = ((query: string, ...bindings: unknown[]) => {
          calls.push(query);
          return exec(query, ...bindings);
        }) as typeof sql.exec;
        for (const name of ["getAlarm", "setAlarm", "put", "get"] as const) {
          const original = state.storage[name].bind(state.storage) as (
            ...args: unknown[]
          ) => unknown;
          (state.storage as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
            calls.push(name);
            return original(...args);
          };
        }
      });
      for (let i = 0; i < 20; i++) await edit(a, b, `e${i} `);
      expect(calls).toHaveLength(20);
      expect(calls.every((query) => query.startsWith("INSERT INTO updates"))).toBe(true);
      for (const c of [a, b]) c.ws.close();
    });
  });
  describe("live rooms: a moved block keeps its key, so its comments follow it", () => {
    it("through the editor's binding, the room, the write-back and the API", async () => {
      const w = await roomWorld("First");
      const two = paragraphDoc("First");
      two.nodes.push(paragraphDoc("Second").nodes[0]!);
      const batch = [{ operation: "update_page", page: w.pageId, document: { document: two } }];
      expect((await postContent(w.writer, w.space.id, w.cr.id, batch, false)).status).toBe(200);
      const keys = (await pageDocument(w.writer.token, w)).nodes.map(
        (n) => (n as { key: string }).key,
      );
      const comments = `/spaces/${w.space.id}/change-requests/${w.cr.id}/comments`;
      const posted = await as(w.writer.token).post(comments, {
        page: w.pageId,
        node: keys[1],
        body: { markdown: "About the second block" },
      });
      expect(posted.status, posted.text).toBe(200);
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      // "Second" dragged (or moved by keyboard) above "First": the editor's new doc, written to
      // Yjs by y-tiptap's own diff, as the sync plugin does for every local edit.
      const fragment = a.doc.getXmlFragment("default");
      const shown = yXmlFragmentToProseMirrorRootNode(fragment, editorSchema);
      const moved = shown.copy(
        shown.content.cut(0).replaceChild(0, shown.child(1)).replaceChild(1, shown.child(0)),
      );
      a.doc.transact(() =>
        updateYFragment(a.doc, fragment, moved, { mapping: new Map(), isOMark: new Map() }),
      );
      // The other person's copy, the stored Document and the comment all agree.
      await vi.waitFor(() => expect(b.text()).toMatch(/Second.*First/), SETTLE);
      const remote = yXmlFragmentToProseMirrorRootNode(
        b.doc.getXmlFragment("default"),
        editorSchema,
      );
      expect([remote.child(0).attrs.key, remote.child(1).attrs.key]).toEqual([keys[1], keys[0]]);
      await saveNow(w, a);
      const stored = (await pageDocument(w.writer.token, w)).nodes as Array<{ key: string }>;
      expect(stored.map((n) => n.key)).toEqual([keys[1], keys[0]]);
      expect(JSON.stringify(stored[0])).toContain("Second");
      const comment = await as(w.writer.token).get(`${comments}/${posted.body.id}`);
      expect(comment.body.target).toMatchObject({ page: { id: w.pageId }, node: { id: keys[1] } });
      for (const c of [a, b]) c.ws.close();
    });
  });
  describe("live rooms: Enter pressed in a paragraph another person types at the end of", () => {
    /** The first paragraph's text, and every block's text, of a client's document. */
    const textOf = (client: TestClient) =>
      (client.doc.getXmlFragment("default").get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const blocks = (client: TestClient) =>
      yXmlFragmentToProseMirrorRootNode(
        client.doc.getXmlFragment("default"),
        editorSchema,
      ).content.content.map((node) => node.textContent);

    it("re-homes the letters in flight to the new paragraph, for both people and the API", async () => {
      const w = await roomWorld("Start.");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      textOf(b).insert(textOf(b).length, " Owner w");
      await vi.waitFor(() => expect(a.text()).toContain("Owner w"), SETTLE);
      // In one tick, before either hears of the other: a types at the start and splits there,
      // as y-tiptap writes a split (the tail deleted, a new paragraph holding it); b types on.
      const fragment = a.doc.getXmlFragment("default");
      textOf(a).insert(0, "Bea first.");
      a.doc.transact(() => {
        const tail = textOf(a).toString().slice(10);
        textOf(a).delete(10, tail.length);
        const next = new Y.XmlElement("paragraph");
        fragment.insert(1, [next]);
        next.insert(0, [new Y.XmlText(tail)]);
      });
      textOf(b).insert(textOf(b).length, "as here.");
      const expected = ["Bea first.", "Start. Owner was here."];
      await vi.waitFor(() => expect([blocks(a), blocks(b)]).toEqual([expected, expected]), SETTLE);
      await saveNow(w, a);
      expect(await storedText(w)).toMatch(/Bea first\..*Start\. Owner was here\./);
      for (const c of [a, b]) c.ws.close();
    });

    it("re-homes them after the room slept: letters typed offline across the split follow it", async () => {
      const w = await roomWorld("Start.");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      const c = await open(w.url, bearer(w.writer.token));
      textOf(b).insert(textOf(b).length, " Owner w");
      await vi.waitFor(() => expect(a.text()).toContain("Owner w"), SETTLE);
      // b goes offline and types on (kept in its document, not sent: origin "server")...
      b.ws.close();
      b.doc.transact(() => textOf(b).insert(textOf(b).length, "as here."), "server");
      // ...while a splits the paragraph before the tail (the room applied it: c hears of it).
      const fragment = a.doc.getXmlFragment("default");
      a.doc.transact(() => {
        textOf(a).insert(0, "Bea first.");
        const tail = textOf(a).toString().slice(10);
        textOf(a).delete(10, tail.length);
        const next = new Y.XmlElement("paragraph");
        fragment.insert(1, [next]);
        next.insert(0, [new Y.XmlText(tail)]);
      });
      await vi.waitFor(() => expect(blocks(c)).toHaveLength(2), SETTLE);
      // The object sleeps (its memory gone, its storage kept); b comes back with what it typed.
      await runInDurableObject(roomOf(w), (_room, state) => state.abort("sleep")).catch(
        () => undefined,
      );
      const back = await open(w.url, bearer(w.writer.token));
      Y.applyUpdate(back.doc, Y.encodeStateAsUpdate(b.doc));
      const expected = ["Bea first.", "Start. Owner was here."];
      await vi.waitFor(() => expect(blocks(back)).toEqual(expected), SETTLE);
      const later = await open(w.url, bearer(w.writer.token));
      await vi.waitFor(() => expect(blocks(later)).toEqual(expected), SETTLE);
      for (const c of [back, later]) c.ws.close();
    });
  });
});

describe("edges", () => {
  beforeAll(emptyStorage);
  describe("live rooms: limits and access ending", () => {
    it("closes a socket past 200 messages in 10 s with 4429; the others are unaffected", async () => {
      const w = await roomWorld("Rate");
      const flood = await open(w.url, bearer(w.writer.token));
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.writer.token));
      for (let i = 0; i < 210; i++) flood.ws.send(step1(flood));
      await vi.waitFor(() => expect(flood.closed?.code).toBe(4429), SETTLE);
      await stillServes(a, b, "Calm ");
      for (const c of [a, b]) c.ws.close();
    });

    it("refuses the socket past the room's limit with 4503 (the suite's limit is 8)", async () => {
      const w = await roomWorld("Full");
      const inside: TestClient[] = [];
      for (let i = 0; i < 8; i++) inside.push(await open(w.url, bearer(w.writer.token)));
      const extra = await connect(w.url, bearer(w.writer.token));
      if (extra instanceof Response) throw new Error(`no upgrade: ${extra.status}`);
      await vi.waitFor(() => expect(extra.closed?.code).toBe(4503), SETTLE);
      expect(extra.closed?.reason).toMatch(/8 people/);
      await stillServes(inside[0]!, inside[7]!, "Room ");
      for (const c of inside) c.ws.close();
    });

    it("closes the sockets of a merged change request with 4409 and refuses new ones (409)", async () => {
      const w = await roomWorld("Merge me");
      const a = await open(w.url, bearer(w.writer.token));
      const merged = await postMerge(w.writer, w.space.id, w.cr.id);
      expect(merged.status, merged.text).toBe(200);
      await vi.waitFor(() => expect(a.closed?.code).toBe(4409), SETTLE);
      const late = await connect(w.url, bearer(w.writer.token));
      expect(late instanceof Response && late.status).toBe(409);
    });

    it("closes the sockets of an archived change request with 4409 and refuses new ones", async () => {
      const w = await roomWorld("Archive me");
      const a = await open(w.url, bearer(w.writer.token));
      const res = await as(w.owner.token).patch(
        `/spaces/${w.space.id}/change-requests/${w.cr.id}`,
        {
          status: "archived",
        },
      );
      expect(res.status, res.text).toBe(200);
      await vi.waitFor(() => expect(a.closed?.code).toBe(4409), SETTLE);
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
      await vi.waitFor(() => expect(s.closed?.code).toBe(4401), SETTLE);
      await stillServes(a, b, "Kept ");
      for (const c of [a, b]) c.ws.close();
    });

    it("closes a removed member's socket at the next re-check (4403)", async () => {
      const w = await roomWorld("Member");
      const a = await open(w.url, bearer(w.writer.token));
      const removed = await as(w.owner.token).delete(
        `/orgs/${w.org.id}/members/${w.writer.user.id}`,
      );
      expect(removed.status, removed.text).toBe(204);
      await recheckNow(w);
      await vi.waitFor(() => expect(a.closed?.code).toBe(4403), SETTLE);
    });

    it("closes a disabled member's sockets at the next re-check (session 4401, token 4403)", async () => {
      const w = await roomWorld("Disabled");
      const session = await makeSession(w.writer.user.id);
      const s = await open(w.url, { Cookie: session.cookie, Origin: session.origin });
      const a = await open(w.url, bearer(w.writer.token));
      const disabled = await as(w.owner.token).patch(
        `/orgs/${w.org.id}/members/${w.writer.user.id}`,
        { disabled: true },
      );
      expect(disabled.status, disabled.text).toBe(200);
      await recheckNow(w);
      await vi.waitFor(() => expect(s.closed?.code).toBe(4401), SETTLE);
      await vi.waitFor(() => expect(a.closed?.code).toBe(4403), SETTLE);
    });
  });
});

describe("main", () => {
  describe("live rooms on main (a space whose editMode is live)", () => {
    it("converges two writers and saves to main as one new revision per save", async () => {
      const w = await mainRoomWorld("Main text");
      const a = await open(w.url, bearer(w.writer.token));
      const b = await open(w.url, bearer(w.owner.token));
      await vi.waitFor(() => expect(b.text()).toContain("Main text"), SETTLE);
      await edit(a, b, "Ada ");
      await edit(b, a, "Bea ");
      expect(a.text()).toBe(b.text());
      const history = `/spaces/${w.space.id}/content/page/${w.pageId}/revisions`;
      const before = await as(w.writer.token).get(history);
      expect(before.status, before.text).toBe(200);
      await saveNow(w, a);
      expect(await storedText(w)).toContain("Bea Ada Main text");
      const after = await as(w.writer.token).get(history);
      expect(after.body.items.length).toBe(before.body.items.length + 1);
      for (const c of [a, b]) c.ws.close();
    });

    it("merges a change request's write to the page into the open room, keeping what was typed", async () => {
      const w = await mainRoomWorld("Shared base");
      const a = await open(w.url, bearer(w.writer.token));
      await vi.waitFor(() => expect(a.text()).toContain("Shared base"), SETTLE);
      type(a, "Typed live ");
      await vi.waitFor(() => expect(a.statuses.at(-1)?.saved).toBe(false), SETTLE);
      const cr = await createCr(w.writer, w.space.id, "Elsewhere");
      const doc = {
        ...paragraphDoc("Shared base"),
        nodes: [...paragraphDoc("Shared base").nodes, ...paragraphDoc("From the merge").nodes],
      };
      const changed = await postContent(w.writer, w.space.id, cr.id, [
        { operation: "update_page", page: w.pageId, document: { document: doc } },
      ]);
      expect(changed.status, changed.text).toBe(200);
      const merged = await postMerge(w.writer, w.space.id, cr.id);
      expect(merged.status, merged.text).toBe(200);
      await vi.waitFor(() => expect(a.text()).toContain("From the merge"), SETTLE);
      expect(a.text()).toContain("Typed live Shared base");
      await saveNow(w, a);
      const stored = await storedText(w);
      expect(stored).toContain("Typed live Shared base");
      expect(stored).toContain("From the merge");
      a.ws.close();
    });

    it("opens read-only for readers and answers non-members 404", async () => {
      const w = await mainRoomWorld("Guarded");
      const reader = await makeMember(w.org.id, "read");
      const r = await open(w.url, bearer(reader.token));
      const a = await open(w.url, bearer(w.writer.token));
      type(r, "READER ");
      await edit(a, r, "WRITER ");
      const late = await open(w.url, bearer(w.writer.token));
      await vi.waitFor(() => expect(late.text()).toContain("WRITER "), SETTLE);
      expect(late.text()).not.toContain("READER ");
      const { owner: stranger } = await makeOrg();
      const other = await connect(w.url, bearer(stranger.token));
      expect(other instanceof Response && other.status).toBe(404);
      for (const c of [r, a, late]) c.ws.close();
    });

    it("ends open rooms when editMode leaves live (4409, its reason) and refuses new ones (409)", async () => {
      const w = await mainRoomWorld("Locking");
      const reader = await makeMember(w.org.id, "read");
      // Nobody types: no save is due, so only the edit mode's change can end the sockets.
      const sockets = [
        await open(w.url, bearer(reader.token)),
        await open(w.url, bearer(w.writer.token)),
      ];
      const locked = await as(w.owner.token).patch(`/spaces/${w.space.id}`, {
        editMode: "locked",
      });
      expect(locked.status, locked.text).toBe(200);
      for (const c of sockets) {
        await vi.waitFor(() => expect(c.closed?.code).toBe(4409), SETTLE);
        expect(c.closed?.reason).toMatch(/edit mode is not live/);
      }
      const refused = await connect(w.url, bearer(w.writer.token));
      expect(refused instanceof Response && refused.status).toBe(409);
      if (refused instanceof Response) expect(await refused.text()).toMatch(/not live/);
    });
  });
});
