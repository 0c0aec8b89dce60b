import { DraftWriter } from "./draft-writer";
import { draftKey } from "./draft-store";
import { DEFAULT_TIMING, documentDigest, retryDelay, saveDueAt } from "./save-status";
import { sameDocument, withTimeLimit } from "./save-status";
import type { SaveLoopOptions, SaveStatus, SaveTiming } from "./save-status";
import { systemClock, type Clock, type LoadResult, type PageDocument } from "./transport";
import type { PageRef, SaveResult, SaveTransport } from "./transport";

/** What to do once an answer is handled. */
type Next = "done" | "schedule";

/** Documents sent on one base whose answers may be lost (kept to recognise our own saves). */
const SENT_KEPT = 8;
/** The states `resume` leaves. */
const WAITING: ReadonlySet<string> = new Set(["signedOut", "failed", "offline"]);

/**
 * The save runtime of one edited page (docs/architecture.md, "Saving: nothing typed is lost"):
 * edits are durable drafts at once; saves are debounced, one at a time, on a named base; a
 * conflict, sign-out or refusal asks the person; network failures retry with a capped backoff.
 */
export class SaveLoop {
  private readonly page: PageRef;
  private readonly transport: SaveTransport;
  private readonly clock: Clock;
  private readonly timing: SaveTiming;
  private readonly drafts: DraftWriter;
  private readonly listener: (status: SaveStatus) => void;
  private current: SaveStatus = { state: "saved", lastSavedAt: null };
  private base: string | null = null;
  /** The newest edit not known to be saved, and its number. */
  private pending: PageDocument | null = null;
  private editSeq = 0;
  private lastEditAt = 0;
  /** The first edit no save has carried yet (the longest wait counts from it). */
  private firstUnsavedAt: number | null = null;
  private inFlight: Promise<void> | null = null;
  /** Numbers the saves sent, so an earlier one never clears a later one's flight. */
  private flights = 0;
  private timer: unknown = null;
  private failures = 0;
  /** Digests of documents sent on `base` whose answers may be lost (persisted with the draft). */
  private sentOnBase: string[] = [];
  /** Bumped by restore and close: answers of an earlier epoch are ignored. */
  private epoch = 0;

  constructor(options: SaveLoopOptions) {
    this.page = options.page;
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.drafts = new DraftWriter(options.store, draftKey(options.page));
    this.listener = options.onStatus ?? (() => {});
  }

  /** The status now. */
  get status(): SaveStatus {
    return this.current;
  }

  /**
   * Starts from what the server holds (`serverDocumentId`, read with the page) and the page's
   * draft, if any: the draft (returned, for the editor to show) resumes saving on its own base.
   * The server accepts that only when the base is still its document, or when it already holds
   * the draft's text (a save whose answer was lost); otherwise the 409 makes it a conflict.
   */
  async restore(serverDocumentId: string | null): Promise<PageDocument | null> {
    this.epoch++;
    this.clearTimer();
    this.inFlight = null;
    this.flights++;
    this.base = serverDocumentId;
    this.sentOnBase = [];
    this.pending = null;
    this.firstUnsavedAt = null;
    const draft = await this.drafts.get();
    if (draft === null) {
      this.emit({ state: "saved" });
      return null;
    }
    this.base = draft.baseDocumentId;
    this.sentOnBase = draft.sent ?? [];
    this.pending = draft.document;
    this.editSeq++;
    this.lastEditAt = draft.editedAt;
    this.emit({ state: "unsaved" });
    void this.saveNow();
    return draft.document;
  }

  /** The person changed the page: `document` (a snapshot, not mutated later) is kept at once. */
  edit(document: PageDocument): void {
    const now = this.clock.now();
    this.pending = document;
    this.editSeq++;
    this.lastEditAt = now;
    this.firstUnsavedAt ??= now;
    this.keepDraft(document);
    const { state, conflict } = this.current;
    if (state === "conflict" && conflict) {
      this.emit({ ...this.current, conflict: { ...conflict, mine: document } });
      return;
    }
    // Offline: the retry timer carries the edit; in flight: the answer schedules it.
    if (state === "signedOut" || state === "offline" || this.inFlight) return;
    if (state !== "unsaved") this.emit({ state: "unsaved" });
    this.schedule();
  }

  /** Saves now what is unsaved (pagehide), after the draft is durable; resolves on the answer. */
  async flush(): Promise<void> {
    await this.drafts.settled();
    const { state } = this.current;
    if (state === "conflict" || state === "signedOut" || state === "failed") return;
    await this.saveNow();
    await this.drafts.settled();
  }

  /** In a conflict, keeps the person's version: saved on the server's as its base. */
  keepMine(): Promise<void> {
    const { conflict } = this.current;
    if (this.current.state !== "conflict" || !conflict) return Promise.resolve();
    this.base = conflict.theirsDocumentId;
    this.sentOnBase = [];
    this.pending = conflict.mine;
    this.keepDraft(conflict.mine);
    this.emit({ state: "unsaved" });
    return this.saveNow();
  }

  /** In a conflict, drops the person's version: answers the server's, for the editor to show. */
  takeTheirs(): PageDocument | null {
    const { conflict } = this.current;
    if (this.current.state !== "conflict" || !conflict) return null;
    this.base = conflict.theirsDocumentId;
    this.sentOnBase = [];
    this.pending = null;
    this.firstUnsavedAt = null;
    this.drafts.delete();
    this.emit({ state: "saved" });
    return conflict.theirs;
  }

  /** The person signed in again (or asked to retry a refused save): saving resumes. */
  resume(): Promise<void> {
    if (!WAITING.has(this.current.state)) return Promise.resolve();
    this.failures = 0;
    this.emit({ state: "unsaved" });
    return this.saveNow();
  }

  /** The editor is gone (tab closed, page left): no more timers or answers. The draft stays. */
  close(): void {
    this.epoch++;
    this.clearTimer();
  }

  /** Sends the pending edit unless a save is in flight (then resolves with that one). */
  private saveNow(): Promise<void> {
    this.clearTimer();
    if (this.inFlight) return this.inFlight;
    const document = this.pending;
    if (document === null) return Promise.resolve();
    const { base, epoch, editSeq } = this;
    this.firstUnsavedAt = null;
    this.emit({ state: "saving" });
    const { clock, timing } = this;
    const flight = ++this.flights;
    const run = (async () => {
      // Recorded with the draft before it leaves: a restart then recognises it if it landed.
      const digest = await documentDigest(document);
      if (epoch !== this.epoch) return;
      this.sentOnBase = [...this.sentOnBase, digest].slice(-SENT_KEPT);
      if (this.pending !== null) this.keepDraft(this.pending);
      const result = await withTimeLimit(
        clock,
        timing.timeoutMs,
        Promise.resolve().then(() => this.transport.save(this.page, base, document)),
      );
      const next = epoch === this.epoch ? await this.answered(result, editSeq, epoch) : "done";
      if (this.flights === flight) this.inFlight = null;
      if (next === "schedule" && epoch === this.epoch) this.schedule();
    })();
    this.inFlight = run;
    return run;
  }

  /** Handles a save's answer; `editSeq` is the edit it carried. */
  private async answered(result: SaveResult, editSeq: number, epoch: number): Promise<Next> {
    switch (result.kind) {
      case "saved":
        return this.saved(result.documentId, editSeq === this.editSeq);
      case "conflict":
        return this.conflicted(
          await withTimeLimit(this.clock, this.timing.timeoutMs, this.transport.load(this.page)),
          epoch,
        );
      default:
        return this.unanswered(result);
    }
  }

  /** The server holds `documentId`; `coversPending` when it is the newest edit's text. */
  private saved(documentId: string | null, coversPending: boolean): Next {
    this.base = documentId;
    this.sentOnBase = [];
    this.failures = 0;
    const lastSavedAt = this.clock.now();
    if (coversPending || this.pending === null) {
      this.pending = null;
      this.drafts.delete();
      this.emit({ state: "saved", lastSavedAt });
      return "done";
    }
    this.keepDraft(this.pending);
    this.emit({ state: "unsaved", lastSavedAt });
    return "schedule";
  }

  /** After a 409: our own lost save (adopted), or a conflict holding both versions. */
  private async conflicted(theirs: LoadResult, epoch: number): Promise<Next> {
    if (epoch !== this.epoch) return "done";
    if (theirs.kind !== "loaded") return this.unanswered(theirs);
    const mine = this.pending;
    if (mine === null) return "done";
    if (sameDocument(theirs.document, mine)) return this.saved(theirs.documentId, true);
    if (this.sentOnBase.includes(await documentDigest(theirs.document))) {
      return this.saved(theirs.documentId, false);
    }
    const conflict = { mine, theirs: theirs.document, theirsDocumentId: theirs.documentId };
    this.emit({ state: "conflict", conflict, message: "Someone else changed this page." });
    return "done";
  }

  /** No verdict on the document: offline retries; signed out and refused wait for the person. */
  private unanswered(result: Exclude<LoadResult, { kind: "loaded" }>): Next {
    if (result.kind === "offline") return this.offline(result.reason);
    if (result.kind === "signedOut") {
      this.emit({ state: "signedOut", message: "Signed out: sign in again to save." });
    } else this.emit({ state: "failed", message: result.message });
    return "done";
  }

  /** No verdict: the draft stays and the save is retried after a capped, doubling delay. */
  private offline(reason: string): Next {
    this.failures++;
    const delay = retryDelay(this.timing, this.failures);
    const retryAt = this.clock.now() + delay;
    this.emit({ state: "offline", message: `Not saved (${reason}); retrying.`, retryAt });
    this.setTimer(delay);
    return "done";
  }

  /** Keeps `document` as the page's draft, with its base and the saves sent on it. */
  private keepDraft(document: PageDocument): void {
    const { base: baseDocumentId, lastEditAt: editedAt, sentOnBase: sent } = this;
    this.drafts.put({ baseDocumentId, document, editedAt, ...(sent.length ? { sent } : {}) });
  }

  /** Plans the next save: the debounce after the last edit, at most the longest wait. */
  private schedule(): void {
    if (this.pending === null) return;
    const now = this.clock.now();
    const due =
      this.firstUnsavedAt === null
        ? now
        : saveDueAt(this.timing, this.lastEditAt, this.firstUnsavedAt);
    this.setTimer(Math.max(0, due - now));
  }

  private setTimer(ms: number): void {
    this.clearTimer();
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets and announces the status (the time of the last save carried over). */
  private emit(next: Omit<SaveStatus, "lastSavedAt"> & { lastSavedAt?: number | null }): void {
    const { failedWrites } = this.drafts;
    const lastSavedAt = next.lastSavedAt ?? this.current.lastSavedAt;
    this.current = {
      ...next,
      lastSavedAt,
      ...(failedWrites ? { failedDraftWrites: failedWrites } : {}),
    };
    this.listener(this.current);
  }
}
