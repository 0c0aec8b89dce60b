/**
 * A map whose entries weigh at most `max` in all (by default each weighs 1: at most `max`
 * entries), where the oldest set goes first: the form of every per-isolate memory (token
 * digests, verified tokens, kept answers) that must not grow without bound however many
 * different keys requests bring.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  /** The value remembered for `key`, if any. */
  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Remembers `value` as the newest entry, dropping the oldest past the bound. */
  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.weight += this.weigh(value);
    while (this.weight > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined && !this.map.has(key)) return;
    this.weight -= this.weigh(value as V);
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
