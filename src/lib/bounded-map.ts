/**
 * A map of at most `max` entries where the oldest set goes first: the form of every per-isolate
 * memory of derived values (token digests, verified site tokens) that must not grow without
 * bound however many different keys requests bring.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value remembered for `key`, if any. */
  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Remembers `value` as the newest entry, dropping the oldest past the bound. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.map.delete(key);
  }

  /** The remembered entries, oldest first. */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  /** How many entries are remembered. */
  get size(): number {
    return this.map.size;
  }
}
