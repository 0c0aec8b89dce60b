import { sha256Hex } from "../digest";
import type { DraftStore } from "./draft-store";
import type { Clock, PageDocument, PageRef, SaveTransport } from "./transport";

/**
 * What the save loop tells the editor's status line, one event per change: the person always
 * sees whether what they typed is on the server, waiting, or needs them.
 */

/** The loop's states (docs/architecture.md, "Saving: nothing typed is lost"). */
type SaveState = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "signedOut" | "failed";

/** Both versions of a conflicted page: the person chooses (`keepMine` or `takeTheirs`). */
interface Conflict {
  mine: PageDocument;
  theirs: PageDocument;
  /** The server version's `documentId` (the base `keepMine` saves on). */
  theirsDocumentId: string | null;
}

/** One status event. */
export interface SaveStatus {
  state: SaveState;
  /** When a save last succeeded (the loop's clock, ms), null before the first. */
  lastSavedAt: number | null;
  /** Why (offline's reason, failed's message), for the person. */
  message?: string;
  /** In `conflict`: both versions. */
  conflict?: Conflict;
  /** In `offline`: when the next attempt is due (the loop's clock, ms). */
  retryAt?: number;
  /** Draft writes the store refused (storage full): the text is then only in this tab. */
  failedDraftWrites?: number;
}

/** What a save loop needs: the page, the API, the durable drafts, time and a status listener. */
export interface SaveLoopOptions {
  page: PageRef;
  transport: SaveTransport;
  store: DraftStore;
  clock?: Clock;
  timing?: Partial<SaveTiming>;
  onStatus?: (status: SaveStatus) => void;
}

/** The loop's timing: debounce, longest wait, request time limit and retry backoff (ms). */
export interface SaveTiming {
  /** Quiet time after the last edit before saving. */
  debounceMs: number;
  /** Longest time an edit waits for a save while typing goes on. */
  maxWaitMs: number;
  /** A save or read with no answer by then counts as offline. */
  timeoutMs: number;
  /** First retry delay after a failure; doubles per failure up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

/** The defaults: ~1 s debounce, at most ~5 s, 15 s time limit, retries from 1 s up to 30 s. */
export const DEFAULT_TIMING: SaveTiming = {
  debounceMs: 1000,
  maxWaitMs: 5000,
  timeoutMs: 15_000,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
};

/** The delay before retry number `failures` (1 for the first): doubling, capped. */
export function retryDelay(timing: SaveTiming, failures: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 20);
  return Math.min(timing.retryBaseMs * 2 ** exponent, timing.retryMaxMs);
}

/** When the next save is due: the debounce after the last edit, bounded by the longest wait. */
export function saveDueAt(timing: SaveTiming, lastEditAt: number, firstUnsavedAt: number): number {
  return Math.min(lastEditAt + timing.debounceMs, firstUnsavedAt + timing.maxWaitMs);
}

/**
 * Whether two documents are the same JSON (object keys in any order): a server version equal
 * to one this loop sent is its own save whose answer was lost, not someone else's change.
 */
export function sameDocument(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** A document's digest, the same for the same JSON (object keys in any order). */
export function documentDigest(document: PageDocument): Promise<string> {
  return sha256Hex(canonical(document));
}

/** JSON with object keys sorted. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A request's answer, or offline ("timeout") when none comes within `ms`, or "network" if it throws. */
export function withTimeLimit<T>(
  clock: Clock,
  ms: number,
  request: Promise<T>,
): Promise<T | { kind: "offline"; reason: string }> {
  return new Promise((resolve) => {
    const handle = clock.setTimeout(() => resolve({ kind: "offline", reason: "timeout" }), ms);
    request.then(
      (answer) => {
        clock.clearTimeout(handle);
        resolve(answer);
      },
      () => {
        clock.clearTimeout(handle);
        resolve({ kind: "offline", reason: "network" });
      },
    );
  });
}
