import type { Draft, DraftStore, MaybePromise } from "./draft-store";

/**
 * One page's draft writes, in the order they were asked for: a synchronous store (localStorage)
 * writes at once, so the draft is durable before `edit` returns; an asynchronous one queues.
 * A write that fails (storage full) is counted, not thrown: the text stays in the loop's memory
 * and the save goes on.
 */
export class DraftWriter {
  private chain: Promise<void> | null = null;
  /** Writes the store refused since the loop started (the status line may say so). */
  failedWrites = 0;

  constructor(
    private readonly store: DraftStore,
    private readonly key: string,
  ) {}

  /** Keeps `draft` as the page's. */
  put(draft: Draft): void {
    this.run(() => this.store.put(this.key, draft));
  }

  /** Forgets the page's draft (it is saved, or the person took the server's version). */
  delete(): void {
    this.run(() => this.store.delete(this.key));
  }

  /** The page's draft, after every write asked for so far. */
  async get(): Promise<Draft | null> {
    await this.settled();
    return this.store.get(this.key);
  }

  /** Resolves when every write asked for so far is done. */
  async settled(): Promise<void> {
    while (this.chain !== null) await this.chain;
  }

  private run(write: () => MaybePromise<void>): void {
    if (this.chain === null) {
      const done = this.attempt(write);
      if (done !== undefined) this.track(done);
      return;
    }
    this.track(this.chain.then(() => this.attempt(write)));
  }

  /** Runs one write; a promise if the store answers later. */
  private attempt(write: () => MaybePromise<void>): Promise<void> | undefined {
    try {
      const result = write();
      if (result instanceof Promise) return result.catch(() => void this.failedWrites++);
    } catch {
      this.failedWrites++;
    }
    return undefined;
  }

  private track(done: Promise<void>): void {
    const tracked: Promise<void> = done.then(() => {
      if (this.chain === tracked) this.chain = null;
    });
    this.chain = tracked;
  }
}
