import type { Draft, DraftStore } from "../../../core/saving/draft-store";

/**
 * The browser's durable drafts for the save loop (core/saving/): one localStorage entry per
 * page, written synchronously, so a draft survives a closed tab, a crash or a restart.
 */

/** What of the Web Storage API the store uses (`window.localStorage` has it). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A `DraftStore` over `storage` (pass `localStorage`); an unreadable entry reads as none. */
export function localDraftStore(storage: KeyValueStorage): DraftStore {
  return {
    get(key) {
      const kept = storage.getItem(key);
      if (kept === null) return null;
      try {
        const draft = JSON.parse(kept) as Draft;
        return typeof draft === "object" && draft !== null && "document" in draft ? draft : null;
      } catch {
        return null;
      }
    },
    // A full storage throws: the save loop counts the failed write and keeps the text in memory.
    put: (key, draft) => storage.setItem(key, JSON.stringify(draft)),
    delete: (key) => storage.removeItem(key),
  };
}
