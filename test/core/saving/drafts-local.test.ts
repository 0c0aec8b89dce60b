import { describe, expect, it } from "vitest";
import { localDraftStore, type KeyValueStorage } from "../../../app/client/editor/drafts-local";
import { draftKey } from "../../../core/saving/draft-store";
import { SaveLoop } from "../../../core/saving/save-loop";
import { FakeApi, FakeClock, PAGE, textDoc } from "./harness";

/** Web Storage's contract over a map (the browser's localStorage is the real one). */
class MapStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("the localStorage draft store", () => {
  it("keeps a draft across loops (a closed tab) and forgets it once saved", async () => {
    const storage = new MapStorage();
    const api = new FakeApi();
    const clock = new FakeClock();
    const open = () =>
      new SaveLoop({ page: PAGE, transport: api, store: localDraftStore(storage), clock });
    const first = open();
    await first.restore(api.documentId);
    first.edit(textDoc("typed"));
    expect(JSON.parse(storage.items.get(draftKey(PAGE))!).document).toEqual(textDoc("typed"));
    first.close();
    const again = open();
    expect(await again.restore(api.documentId)).toEqual(textDoc("typed"));
    await clock.advance(0);
    expect(api.document).toEqual(textDoc("typed"));
    expect(storage.items.size).toBe(0);
  });

  it("reads an unreadable entry as no draft", () => {
    const storage = new MapStorage();
    storage.setItem("k", "not json");
    storage.setItem("j", "42");
    expect(localDraftStore(storage).get("k")).toBeNull();
    expect(localDraftStore(storage).get("j")).toBeNull();
  });
});
