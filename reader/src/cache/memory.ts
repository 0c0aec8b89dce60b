import type { BoundedMap } from "../../../core/memory/bounded-map";
import { isolateMemo } from "../../../core/memory/memos";

/** One kept value, with when it expires and what it weighs (bytes). */
interface Entry<V> {
  value: V;
  expires: number;
  size: number;
}

/**
 * A bounded per-isolate memory of the reader, where each entry may expire: the reader keeps what
 * is immutable (a revision's tree, a rendered page of a revision) and, for a few seconds, what
 * may change (a URL's resolution): a merge or a publish shows within seconds. Its entries live in
 * a `BoundedMap` of the one registry (core/memory/memos.ts: least recently used first, bounded
 * by entries and bytes), so every memory of the reader is listed with the API's. Made by
 * `readerMemory`, never directly.
 */
export class Memory<V> {
  constructor(private readonly entries: BoundedMap<string, Entry<V>>) {}

  /** The value under `key` while it has not expired (and marks it recently used). */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > now) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for `ttlMs`; `size` (bytes) counts towards the byte bound. */
  set(key: string, value: V, ttlMs: number, size = 0, now = Date.now()): void {
    this.entries.set(key, { value, expires: now + ttlMs, size });
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** A named memory of the reader: at most `maxEntries` entries and `maxBytes` bytes of them. */
export function readerMemory<V>(
  name: string,
  maxEntries: number,
  maxBytes = Number.POSITIVE_INFINITY,
): Memory<V> {
  return new Memory(
    isolateMemo<string, Entry<V>>(`reader: ${name}`, {
      entries: maxEntries,
      weight: maxBytes,
      weigh: (entry) => entry.size,
    }),
  );
}

/** Loads in flight by key (a few per concurrent request), for `loadOnce`. */
export function inflightLoads<V>(name: string): BoundedMap<string, Promise<V>> {
  return isolateMemo<string, Promise<V>>(`reader: ${name} in flight`, { entries: 1_000 });
}

/**
 * One value per key at a time: concurrent misses of the same key share one load (a page's first
 * readers wait for one render), and a failed load is not kept.
 */
export async function loadOnce<V>(
  inflight: BoundedMap<string, Promise<V>>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const running = inflight.get(key);
  if (running) return running;
  const promise = load().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}
