import type { PageDocument, PageRef } from "./transport";

/**
 * The port for durable drafts: what a person typed and has not seen saved, kept where a closed
 * tab, a crash or a restart does not lose it (the browser's localStorage in
 * app/client/editor/drafts-local.ts; memory for tests and Workers).
 */

/** One page's unsaved work: the document and the server document it was edited from. */
export interface Draft {
  /** The `documentId` the document was edited from (null: the page had none). */
  baseDocumentId: string | null;
  document: PageDocument;
  /** When it was last edited (the loop's clock, ms). */
  editedAt: number;
  /**
   * Digests (`documentDigest`) of documents sent on that base whose answers never came: if the
   * server holds one of them, it is this draft's own earlier save, not someone else's change.
   */
  sent?: string[];
}

/** A value now or later: localStorage answers at once, IndexedDB later. */
export type MaybePromise<T> = T | Promise<T>;

/** Durable drafts by page key (`draftKey`). */
export interface DraftStore {
  get(key: string): MaybePromise<Draft | null>;
  put(key: string, draft: Draft): MaybePromise<void>;
  delete(key: string): MaybePromise<void>;
}

/** The key of a page's draft: space, change request and page, which together name the page. */
export function draftKey(page: PageRef): string {
  return `quire-draft:${page.spaceId}:${page.changeRequestId}:${page.pageId}`;
}

/**
 * Drafts kept in memory (a copy of each, so later changes to an edited object do not reach
 * the stored one): the store of tests and of hosts without durable storage.
 */
export class MemoryDraftStore implements DraftStore {
  private readonly drafts = new Map<string, string>();

  get(key: string): Draft | null {
    const kept = this.drafts.get(key);
    return kept === undefined ? null : (JSON.parse(kept) as Draft);
  }

  put(key: string, draft: Draft): void {
    this.drafts.set(key, JSON.stringify(draft));
  }

  delete(key: string): void {
    this.drafts.delete(key);
  }

  /** The keys held now. */
  keys(): string[] {
    return [...this.drafts.keys()];
  }
}
