/**
 * A bounded per-isolate memory: least recently used entries leave first, each entry may expire.
 * The reader keeps what is immutable (a revision's tree, a rendered page of a revision) and, for
 * a few seconds, what may change (a URL's resolution): a merge or a publish shows within seconds.
 */
export class Memory<V> {
  private readonly entries = new Map<string, { value: V; expires: number; size: number }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** The value under `key` while it has not expired (and marks it recently used). */
  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) {
      this.bytes -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value` for `ttlMs`; `size` (bytes) counts towards the byte bound. */
  set(key: string, value: V, ttlMs: number, size = 0, now = Date.now()): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(key);
    }
    if (size > this.maxBytes) return;
    this.entries.set(key, { value, expires: now + ttlMs, size });
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.bytes -= this.entries.get(oldest.value)!.size;
      this.entries.delete(oldest.value);
    }
  }

  /** Forgets `key`. */
  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }
}

/**
 * One value per key at a time: concurrent misses of the same key share one load (a page's first
 * readers wait for one render), and a failed load is not kept.
 */
export async function loadOnce<V>(
  inflight: Map<string, Promise<V>>,
  key: string,
  load: () => Promise<V>,
): Promise<V> {
  const running = inflight.get(key);
  if (running) return running;
  const promise = load().finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}
