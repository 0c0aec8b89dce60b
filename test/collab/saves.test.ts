import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { updateYFragment, yXmlFragmentToProseMirrorRootNode } from "@tiptap/y-tiptap";
import { afterEach, describe, expect, it, vi } from "vitest";
import { editorSchema } from "../../core/editor/schema";
import { as } from "../helpers/api";
import { postContent } from "../helpers/change-requests-factories";
import {
  open,
  pageDocument,
  paragraphDoc,
  roomOf,
  roomWorld,
  saveNow,
  type,
  type RoomWorld,
  type TestClient,
} from "./client";

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Types `text` into `from` and waits until `to` has it (the room accepted it). With a fake Date,
 * each of `vi.waitFor`'s polls moves it 50 ms: times below are read with that slack.
 */
async function edit(from: TestClient, to: TestClient, text: string): Promise<void> {
  type(from, text);
  await vi.waitFor(() => expect(to.text()).toContain(text));
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
    await vi.waitFor(() => expect(a.statuses.at(-1)?.saved).toBe(false));
    const calls: string[] = [];
    await runInDurableObject(roomOf(w), (_room, state) => {
      const sql = state.storage.sql;
      const exec = sql.exec.bind(sql);
      sql.exec = ((query: string, ...bindings: unknown[]) => {
        calls.push(query);
        return exec(query, ...bindings);
      }) as typeof sql.exec;
      for (const name of ["getAlarm", "setAlarm", "put", "get"] as const) {
        const original = state.storage[name].bind(state.storage) as (...args: unknown[]) => unknown;
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
    await vi.waitFor(() => expect(b.text()).toMatch(/Second.*First/));
    const remote = yXmlFragmentToProseMirrorRootNode(b.doc.getXmlFragment("default"), editorSchema);
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
