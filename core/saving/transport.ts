/**
 * What the save loop asks of the API, and what it can answer (docs/architecture.md, "Saving:
 * nothing typed is lost"). The loop depends on this port only; `api-transport.ts` implements it
 * over `fetch`, tests with a scripted double.
 */

/** The page being edited: a document page inside a change request. */
export interface PageRef {
  spaceId: string;
  changeRequestId: string;
  pageId: string;
}

/** The body the editor saves: a GitBook JSON document (opaque to the save loop). */
export type PageDocument = object;

/** Why a request did not reach a verdict: the loop keeps the draft and tries again later. */
interface Unreachable {
  kind: "offline";
  /** "network", "timeout" or the 5xx status, for the status line. */
  reason: string;
}

/** The session is gone (401): the draft waits for the person to sign in again. */
interface SignedOut {
  kind: "signedOut";
}

/** A refusal that retrying will not change (400, 403, 404, 413, ...), with the API's message. */
interface Refused {
  kind: "failed";
  status: number;
  message: string;
}

/** The answers to a save. */
export type SaveResult =
  | { kind: "saved"; documentId: string }
  /** 409: the page's document is not the one the save was based on any more. */
  | { kind: "conflict" }
  | Unreachable
  | SignedOut
  | Refused;

/** The answers to reading the server's version of a page (for a conflict). */
export type LoadResult =
  | { kind: "loaded"; documentId: string | null; document: PageDocument }
  | Unreachable
  | SignedOut
  | Refused;

/** The API as the save loop sees it. */
export interface SaveTransport {
  /** Writes `document` as the page's, based on `baseDocumentId` (`update_page.baseDocumentId`). */
  save(page: PageRef, baseDocumentId: string | null, document: PageDocument): Promise<SaveResult>;
  /** The page's document in the change request now, with its id. */
  load(page: PageRef): Promise<LoadResult>;
}

/** Time as the loop sees it: injected so tests drive it without waiting. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's clock (`Date.now`, `setTimeout`), for the browser and Workers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
