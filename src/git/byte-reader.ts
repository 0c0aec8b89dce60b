/**
 * Bytes read from a stream as they arrive, for parsers that need a few bytes ahead (a pkt-line's
 * length, a pack entry's header, a zlib stream whose end is found by inflating it): the reader
 * keeps only what was asked for and not yet taken, so a whole answer is never held at once.
 */

/** Where the bytes come from: the next chunk, or null at the end. */
export type ByteSource = () => Promise<Uint8Array | null>;

/** A source reading a `ReadableStream` (a fetch answer's body). */
export function streamSource(stream: ReadableStream<Uint8Array>): ByteSource {
  const reader = stream.getReader();
  return async () => {
    const { done, value } = await reader.read();
    return done ? null : value;
  };
}

/** A source of one chunk (a pack already in memory). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  let given = false;
  return async () => {
    if (given) return null;
    given = true;
    return bytes;
  };
}

/** A buffered reader over a `ByteSource`; `taken` counts the bytes handed out so far. */
export class ByteReader {
  private buffer = new Uint8Array(0);
  private start = 0;
  private end = 0;
  private ended = false;
  taken = 0;

  constructor(private readonly source: ByteSource) {}

  /** How many bytes are buffered and not yet taken. */
  get available(): number {
    return this.end - this.start;
  }

  /** Whether the source has ended (what is buffered is all there is). */
  get done(): boolean {
    return this.ended;
  }

  /** Reads until `count` bytes are buffered or the source ends; whether they are. */
  async fill(count: number): Promise<boolean> {
    while (this.available < count && !this.ended) {
      const chunk = await this.source();
      if (chunk === null) this.ended = true;
      else if (chunk.byteLength > 0) this.append(chunk);
    }
    return this.available >= count;
  }

  /** The buffered bytes not yet taken (a view: valid until the next `fill`). */
  view(): Uint8Array {
    return this.buffer.subarray(this.start, this.end);
  }

  /** Takes `count` buffered bytes: a view of them (valid until the next `fill`). */
  take(count: number): Uint8Array {
    if (count > this.available) throw new RangeError("ByteReader: taking past the buffer");
    const out = this.buffer.subarray(this.start, this.start + count);
    this.start += count;
    this.taken += count;
    return out;
  }

  /** Whether nothing is left, reading ahead one byte to know. */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }

  private append(chunk: Uint8Array) {
    const kept = this.available;
    if (this.end + chunk.byteLength <= this.buffer.byteLength) {
      this.buffer.set(chunk, this.end);
      this.end += chunk.byteLength;
      return;
    }
    // Room for what is kept and the chunk: the same buffer moved down, or a larger one.
    const needed = kept + chunk.byteLength;
    const next =
      needed <= this.buffer.byteLength
        ? this.buffer
        : new Uint8Array(
            Math.max(needed, Math.min(this.buffer.byteLength * 2, needed + (1 << 20))),
          );
    if (next === this.buffer) next.copyWithin(0, this.start, this.end);
    else next.set(this.buffer.subarray(this.start, this.end), 0);
    next.set(chunk, kept);
    this.buffer = next;
    this.start = 0;
    this.end = needed;
  }
}
