/** How much a `BoundedMap` holds at most: entries, and optionally a total weight (bytes). */
export interface Bound<V> {
  /** Entries kept at most. */
  entries: number;
  /** The most the entries may weigh together, by `weigh` (default: no bound but `entries`). */
  weight?: number;
  /** What one value weighs (e.g. its bytes); an entry heavier than `weight` is not kept. */
  weigh?: (value: V) => number;
}

/**
 * A map of at most `bound.entries` entries weighing at most `bound.weight` in all, where the
 * least recently used goes first (a `get` or a `set` makes an entry the newest): the one form and
 * the one eviction policy of every per-isolate memory, in both Workers (the API's memos and
 * platform memories, the reader's `Memory`), so none grows without bound however many different
 * keys requests bring.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;
  private readonly maxWeight: number;
  private readonly weigh: ((value: V) => number) | undefined;

  constructor(readonly bound: Bound<V>) {
    this.maxWeight = bound.weight ?? Number.POSITIVE_INFINITY;
    this.weigh = bound.weigh;
  }

  /** The value remembered for `key`, if any (and it becomes the most recently used). */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Whether `key` is remembered (without making it the most recently used). */
  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Remembers `value` as the newest entry, dropping the least recently used past the bound. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh ? this.weigh(value) : 0;
    if (weight > this.maxWeight) return;
    this.map.set(key, value);
    this.weight += weight;
    while (this.map.size > this.bound.entries || this.weight > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    if (!this.map.has(key)) return;
    const value = this.map.get(key) as V;
    if (this.weigh) this.weight -= this.weigh(value);
    this.map.delete(key);
  }

  /** The remembered entries, least recently used first. */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  /** How many entries are remembered. */
  get size(): number {
    return this.map.size;
  }
}
