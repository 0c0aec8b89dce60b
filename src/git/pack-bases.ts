/**
 * What a streamed pack's reader remembers to resolve deltas: each entry's object id by its
 * offset (small, for every entry), the latest resolved objects by offset and id within a byte
 * budget (most deltas name a base written just before them), and the deltas whose base has not
 * been read yet, within a budget of their own.
 */
import { PackError } from "./errors";
import type { GitObject } from "./objects";

/** Resolved objects kept for delta bases: 16 MiB, least recently used out first. */
const CACHE_BYTES = 16 * 1024 * 1024;
/** Deltas waiting for a base named before it appears: at most 32 MiB of them. */
const PENDING_BYTES = 32 * 1024 * 1024;

/** Recently resolved objects by offset and id, bounded by bytes; every offset's id kept. */
export class BaseCache {
  private readonly ids = new Map<number, string>();
  private readonly offsets = new Map<string, number>();
  private readonly recent = new Map<number, GitObject>();
  private bytes = 0;

  constructor(private readonly budget = CACHE_BYTES) {}

  /** Whether an entry at this offset was resolved. */
  knows(offset: number): boolean {
    return this.ids.has(offset);
  }

  /** The id of the entry resolved at this offset. */
  idAt(offset: number): string | undefined {
    return this.ids.get(offset);
  }

  /** The object at an offset or with an id, if still cached (it becomes the most recent). */
  get(base: number | string): GitObject | undefined {
    const offset = typeof base === "number" ? base : this.offsets.get(base);
    if (offset === undefined) return undefined;
    const object = this.recent.get(offset);
    if (object) {
      this.recent.delete(offset);
      this.recent.set(offset, object);
    }
    return object;
  }

  /** Records an entry's object; cached unless larger than a quarter of the budget. */
  set(offset: number, id: string, object: GitObject) {
    this.ids.set(offset, id);
    if (!this.offsets.has(id)) this.offsets.set(id, offset);
    const size = object.body.byteLength;
    if (size > this.budget / 4) return;
    this.recent.set(offset, object);
    this.bytes += size;
    for (const [old, kept] of this.recent) {
      if (this.bytes <= this.budget) break;
      this.recent.delete(old);
      this.bytes -= kept.body.byteLength;
    }
  }
}

/** A delta read before its base: the base (an offset or an id) and the delta's bytes. */
interface Waiting {
  base: number | string;
  delta: Uint8Array;
}

/** Deltas waiting for their base, by their own offset, bounded by bytes. */
export class PendingDeltas {
  private readonly waiting = new Map<number, Waiting>();
  private bytes = 0;

  constructor(private readonly budget = PENDING_BYTES) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Whether the entry at this offset waits (an id is never an offset that waits). */
  has(base: number | string): boolean {
    return typeof base === "number" && this.waiting.has(base);
  }

  add(offset: number, base: number | string, delta: Uint8Array) {
    this.bytes += delta.byteLength;
    if (this.bytes > this.budget)
      throw new PackError(
        `A pack's deltas name bases that come after them, over ${this.budget} bytes of them`,
      );
    this.waiting.set(offset, { base, delta });
  }

  delete(offset: number) {
    const wait = this.waiting.get(offset);
    if (!wait) return;
    this.bytes -= wait.delta.byteLength;
    this.waiting.delete(offset);
  }

  entries(): [number, Waiting][] {
    return [...this.waiting];
  }
}
