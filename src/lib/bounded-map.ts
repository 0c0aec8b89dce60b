/**
 * A map of at most `max` entries where the oldest set goes first: the form of every per-isolate
 * memory of derived values (token digests, verified site tokens) that must not grow without
 * bound however many different keys requests bring.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value remembered for `key`, if any. */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Remembers `value` as the newest entry, dropping the oldest past the bound. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** How many entries are remembered. */
  get size(): number {
    return this.entries.size;
  }
}
