import { describe, expect, it } from "vitest";
import { draftKey } from "../../../core/saving/draft-store";
import { FakeApi, makeLoop, PAGE, textDoc } from "./harness";

const KEY = draftKey(PAGE);

describe("the save loop: debounce, one save at a time, drafts", () => {
  it("keeps every edit as a draft at once and debounces many edits into few saves", async () => {
    const { api, store, clock, loop, states } = makeLoop();
    await loop.restore(api.documentId);
    loop.edit(textDoc("a"));
    // Durable before any time passes: a tab closed now loses nothing.
    expect(store.get(KEY)?.document).toEqual(textDoc("a"));
    for (let i = 0; i < 8; i++) {
      await clock.advance(100);
      loop.edit(textDoc(`a${i}`));
    }
    expect(api.saves).toHaveLength(0);
    await clock.advance(1000);
    expect(api.saves).toHaveLength(1);
    expect(api.document).toEqual(textDoc("a7"));
    expect(store.get(KEY)).toBeNull();
    expect(loop.status.state).toBe("saved");
    expect(states()).toEqual(["saved", "unsaved", "saving", "saved"]);

    // Typing without a pause still saves at most ~5 s after the first unsaved edit.
    for (let i = 0; i < 60; i++) {
      loop.edit(textDoc(`b${i}`));
      await clock.advance(200);
    }
    const duringTyping = api.saves.length - 1;
    expect(duringTyping).toBeGreaterThanOrEqual(2);
    expect(duringTyping).toBeLessThanOrEqual(3);
    await clock.advance(1000);
    expect(api.document).toEqual(textDoc("b59"));
    expect(store.get(KEY)).toBeNull();
  });

  it("saves edits made during an in-flight save next, on the base that save answered", async () => {
    const { api, store, clock, loop, statuses } = makeLoop();
    await loop.restore(api.documentId);
    api.hold = true;
    loop.edit(textDoc("one"));
    await clock.advance(1000);
    expect(loop.status.state).toBe("saving");
    loop.edit(textDoc("two"));
    loop.edit(textDoc("three"));
    await clock.advance(500);
    expect(api.saves).toHaveLength(1); // never two at once
    api.release();
    await clock.advance(0);
    expect(store.get(KEY)?.document).toEqual(textDoc("three"));
    expect(store.get(KEY)?.baseDocumentId).toBe(api.documentId);
    await clock.advance(1000);
    expect(api.saves).toHaveLength(2);
    expect(api.saves[1]!.base).toBe(`doc:${JSON.stringify(textDoc("one"))}`);
    expect(api.document).toEqual(textDoc("three"));
    expect(store.get(KEY)).toBeNull();
    expect(loop.status.state).toBe("saved");
    const savedAt = statuses.filter((s) => s.state === "saved" && s.lastSavedAt !== null);
    expect(savedAt.map((s) => s.lastSavedAt)).toEqual([1_002_000]); // the second save's answer
  });

  it("loses nothing when the tab closes right after typing: a new loop restores and saves", async () => {
    const first = makeLoop();
    await first.loop.restore(first.api.documentId);
    first.loop.edit(textDoc("typed, then the tab closed"));
    first.loop.close();
    await first.clock.advance(60_000);
    expect(first.api.saves).toHaveLength(0);

    const reopened = makeLoop({ api: first.api, store: first.store, clock: first.clock });
    const shown = await reopened.loop.restore(first.api.documentId);
    expect(shown).toEqual(textDoc("typed, then the tab closed"));
    await reopened.clock.advance(0);
    expect(first.api.document).toEqual(textDoc("typed, then the tab closed"));
    expect(first.store.keys()).toEqual([]);
    expect(reopened.loop.status.state).toBe("saved");
  });

  it("after a restart mid-save (the answer lost), the retried save on the same base succeeds", async () => {
    const first = makeLoop();
    await first.loop.restore(first.api.documentId);
    const base = first.api.documentId;
    first.api.faults.push("lost");
    first.loop.edit(textDoc("sent before the crash"));
    await first.clock.advance(1000);
    expect(first.api.document).toEqual(textDoc("sent before the crash"));
    first.loop.close(); // the browser restarts: the answer never arrives

    const again = makeLoop({ api: first.api, store: first.store, clock: first.clock });
    expect(first.store.get(KEY)?.baseDocumentId).toBe(base);
    await again.loop.restore(first.api.documentId);
    await again.clock.advance(0);
    expect(first.api.saves.at(-1)?.base).toBe(base);
    expect(again.loop.status.state).toBe("saved");
    expect(first.store.keys()).toEqual([]);
  });

  it("restores a draft on the server's base by saving it, and starts clean without a draft", async () => {
    const api = new FakeApi();
    const { store, clock, loop } = makeLoop({ api });
    store.put(KEY, { baseDocumentId: api.documentId, document: textDoc("kept"), editedAt: 0 });
    expect(await loop.restore(api.documentId)).toEqual(textDoc("kept"));
    await clock.advance(0);
    expect(api.document).toEqual(textDoc("kept"));
    const fresh = makeLoop({ api, store, clock });
    expect(await fresh.loop.restore(api.documentId)).toBeNull();
    expect(fresh.loop.status.state).toBe("saved");
  });

  it("flush saves at once (pagehide), without waiting for the debounce", async () => {
    const { api, store, loop } = makeLoop();
    await loop.restore(api.documentId);
    loop.edit(textDoc("leaving"));
    await loop.flush();
    expect(api.document).toEqual(textDoc("leaving"));
    expect(store.get(KEY)).toBeNull();
  });
});
