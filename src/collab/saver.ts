import * as Y from "yjs";
import type { Bindings } from "../env";
import { createDb } from "../db/client";
import { primaryOf } from "../db/session";
import { roomAccess, type RoomAccess, type RoomCredential } from "../auth/room-access";
import type { AfterMain } from "../platform/main-revision";
import { ApiError } from "../lib/errors";
import { readRoomPage, writeRoomPage } from "../services/collab/room-pages";
import { changeFrom, documentOf } from "./document";
import { compactedState } from "./moves";
import { CLOSE, type RoomStatus } from "./protocol";
import { closeWith, refusalCode, socketFacts, type RoomFacts } from "./sockets";
import type { RoomStore } from "./store";

/** The write-back's debounce: 2 s after the latest edit, at most 10 s after the first unsaved. */
const DEBOUNCE_MS = 2_000;
const MAX_WAIT_MS = 10_000;
/** Attempts of a save whose base another writer changed meanwhile (each merges first). */
const CONFLICT_ATTEMPTS = 3;

/** What the saver works with: the room's parts. */
interface SaverParts {
  env: Bindings;
  store: RoomStore;
  storage: DurableObjectStorage;
  doc: () => Y.Doc;
  status: (status: RoomStatus) => void;
  closeAll: (code: number, reason: string) => void;
  /** What follows a save on main (the platform's hooks, awaited in the save; no rooms told). */
  afterMain: () => AfterMain;
}

/**
 * A room's write-back and re-checks (one alarm serves both): the Document is written through the
 * content batch's service (on main: the commit-to-main step) as the person who made the latest
 * edit, after their write access is checked again; another writer's Document is merged into the Yjs document against the base
 * (`changeFrom`), never overwritten by it. Work runs one piece at a time.
 */
export class RoomSaver {
  private chain: Promise<void> = Promise.resolve();
  /** The latest edit (ms; in memory: a woken room saves by the cap, `dueAt`). */
  private lastEditAt = 0;
  private edits = 0;
  /** While a save runs: when the first edit it does not hold was made. */
  private saving: { since?: number } | null = null;
  /** No save before this (a failed save's backoff). */
  private notBefore = 0;

  constructor(private readonly parts: SaverParts) {}

  /** The state sockets are told (on open, and whenever it changes). */
  status(): RoomStatus {
    const meta = this.parts.store.meta();
    const saved = meta.firstUnsavedAt === undefined;
    const documentId = meta.baseDocumentId ?? undefined;
    return {
      saved,
      ...(saved && documentId ? { documentId } : {}),
      ...(meta.saveError ? { error: meta.saveError } : {}),
    };
  }

  /**
   * A writer's edit, pending until the debounced save. On the update's path: in memory but for
   * the first edit after a save (its time, the alarm) and a change of the latest editor.
   */
  edited(by: RoomFacts): void {
    const { store } = this.parts;
    const now = Date.now();
    this.lastEditAt = now;
    this.edits += 1;
    if (this.saving) this.saving.since ??= now;
    const pending = store.meta().firstUnsavedAt !== undefined;
    const editor = { userId: by.userId, digest: by.digest, kind: by.kind };
    store.setMeta(pending ? { lastEditor: editor } : { firstUnsavedAt: now, lastEditor: editor });
    if (pending) return;
    this.parts.status(this.status());
    // Later edits move the save's time in memory only: the alarm, when it runs, sets itself
    // again for a save not yet due (`alarm`).
    this.schedule(now + DEBOUNCE_MS);
  }

  /** Sets the next re-check of the sockets' access. */
  scheduleRecheck(at: number): void {
    this.parts.store.setMeta({ recheckAt: at });
    this.schedule(at);
  }

  /** Another writer changed the page: its Document merged in (queued behind other work). */
  refresh(sockets: WebSocket[]): Promise<void> {
    return this.serial(async () => {
      const someone = sockets[0] ? socketFacts(sockets[0]) : undefined;
      const found = await this.access(this.parts.store.meta().lastEditor ?? someone);
      if (found && !found.ok && found.why === "closed") {
        return this.parts.closeAll(CLOSE.closed, found.message);
      }
      if (found?.ok) await this.mergeCurrent(found);
    });
  }

  /**
   * The alarm: a due save (2 s after the latest edit, at most 10 s after the first unsaved), a
   * due re-check, a compaction of a long log, then the next alarm. An alarm that finds its save
   * not yet due (edits since it was set) only sets itself again.
   */
  async alarm(sockets: WebSocket[]): Promise<void> {
    await this.serial(async () => {
      const { store } = this.parts;
      const now = Date.now();
      const meta = store.meta();
      if (meta.firstUnsavedAt !== undefined && this.dueAt(meta.firstUnsavedAt) <= now) {
        await this.save();
      }
      if (meta.recheckAt !== undefined && meta.recheckAt <= now) {
        await this.recheck(sockets);
        store.setMeta({ recheckAt: sockets.length ? now + 60_000 : undefined });
      }
      if (store.wantsCompaction()) store.compact(compactedState(this.parts.doc(), store));
      const next = store.meta();
      const times = [next.recheckAt];
      if (next.firstUnsavedAt !== undefined) times.push(this.dueAt(next.firstUnsavedAt));
      const due = times.filter((t): t is number => t !== undefined);
      if (due.length) await this.parts.storage.setAlarm(Math.max(Math.min(...due), now + 50));
    });
  }

  /** When a save is due: debounced, capped, after a failure's backoff. */
  private dueAt(first: number): number {
    const debounced = Math.min(Math.max(this.lastEditAt, first) + DEBOUNCE_MS, first + MAX_WAIT_MS);
    return Math.max(debounced, this.notBefore);
  }

  /** Sets the alarm for `at` unless it is set sooner. */
  private schedule(at: number): void {
    void this.parts.storage.getAlarm().then((current) => {
      if (current === null || current > at) return this.parts.storage.setAlarm(at);
    });
  }

  private serial(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The latest editor's access now (null: nobody has edited yet and nobody to ask as). */
  private async access(editor: RoomCredential | undefined) {
    const meta = this.parts.store.meta();
    if (!editor || !meta.spaceId) return null;
    const db = createDb(primaryOf(this.parts.env));
    return roomAccess(db, meta.spaceId, meta.changeRequestId ?? null, editor);
  }

  /** Reads the page and merges its Document in when it is not the base's. */
  private async mergeCurrent(found: Extract<RoomAccess, { ok: true }>): Promise<string | null> {
    const { store } = this.parts;
    const meta = store.meta();
    const db = createDb(primaryOf(this.parts.env));
    const page = await readRoomPage(db, found.space, found.changeRequest, meta.pageId!);
    if (!page) {
      const where = found.changeRequest ? "in the change request" : "in this space";
      throw new ApiError(404, `The page is no longer ${where}`);
    }
    if (page.documentId === meta.baseDocumentId) return page.documentId;
    const { update, base } = changeFrom(store.base(), page.document);
    Y.applyUpdate(this.parts.doc(), update, "quire-merge");
    store.setBase(base, page.documentId, page.document);
    return page.documentId;
  }

  /** Writes the Document back, merging another writer's first when the base moved. */
  private async save(): Promise<void> {
    const { store } = this.parts;
    const meta = store.meta();
    const found = await this.access(meta.lastEditor);
    if (!found) return;
    if (!found.ok || !found.writes) {
      if (found.ok === false && found.why === "closed") {
        return this.parts.closeAll(CLOSE.closed, found.message);
      }
      return this.failed("The latest edit's author can no longer change this page");
    }
    this.saving = {};
    let since: number | undefined;
    try {
      for (let attempt = 1; ; attempt++) {
        const baseId = await this.mergeCurrent(found);
        const doc = this.parts.doc();
        const snapshot = Y.encodeStateAsUpdate(doc);
        this.saving = {}; // Edits from here on are not in this save.
        // The whole state is at hand: a long log is compacted with it (one encoding for both).
        if (store.wantsCompaction()) store.compact(compactedState(doc, store, snapshot));
        const baseDocument = store.baseDocument();
        const document = documentOf(doc, baseDocument);
        // Nothing changed since the base (edits undone, a reader's no-op): nothing to write.
        if (baseDocument && JSON.stringify(document) === JSON.stringify(baseDocument)) {
          store.setBase(snapshot, baseId, baseDocument);
          break;
        }
        try {
          const afterMain = this.parts.afterMain();
          const target = { ...found, userId: found.userId, pageId: meta.pageId!, afterMain };
          const written = await writeRoomPage(
            createDb(primaryOf(this.parts.env)),
            this.parts.env.FILES,
            undefined,
            target,
            baseId,
            document,
          );
          // The stored Document (new blocks got their keys) becomes the live one's and the base;
          // stored as sent (no new blocks), the snapshot it was made from is the base as it is.
          if (JSON.stringify(written.document) === JSON.stringify(document)) {
            store.setBase(snapshot, written.documentId, written.document);
            break;
          }
          const stored = changeFrom(snapshot, written.document);
          Y.applyUpdate(doc, stored.update, "quire-merge");
          store.setBase(stored.base, written.documentId, written.document);
          break;
        } catch (err) {
          const stale =
            err instanceof ApiError && err.status === 409 && /baseDocumentId/.test(err.message);
          if (!stale || attempt >= CONFLICT_ATTEMPTS) throw err;
        }
      }
    } catch (err) {
      const message = err instanceof ApiError ? err.message : "The save failed; it will be retried";
      if (!(err instanceof ApiError)) console.error("live room save failed", err);
      return this.failed(message);
    } finally {
      since = this.saving?.since;
      this.saving = null;
    }
    this.notBefore = 0;
    // Edits made while it ran are the next save's (their first one starts its cap).
    store.setMeta({ saveError: undefined, failures: undefined, firstUnsavedAt: since });
    this.parts.status(this.status());
  }

  /** A failed save: sockets told; the edits stay pending, retried with backoff. */
  private failed(message: string): void {
    const { store } = this.parts;
    const failures = (store.meta().failures ?? 0) + 1;
    this.notBefore = Date.now() + Math.min(60_000, 1000 * 2 ** failures);
    store.setMeta({ saveError: message, failures });
    this.parts.status(this.status());
  }

  /** Re-checks each socket's person; refused ones are closed with the contract's code. */
  private async recheck(sockets: WebSocket[]): Promise<void> {
    const byDigest = new Map<string, WebSocket[]>();
    for (const ws of sockets) {
      const { digest } = socketFacts(ws);
      byDigest.set(digest, [...(byDigest.get(digest) ?? []), ws]);
    }
    for (const group of byDigest.values()) {
      const found = await this.access(socketFacts(group[0]!));
      for (const ws of group) {
        if (!found) continue;
        if (!found.ok) closeWith(ws, refusalCode(found.why), found.message);
        else ws.serializeAttachment({ ...socketFacts(ws), writes: found.writes });
      }
    }
  }
}
