/**
 * One zlib stream out of a packfile. A pack stores each object's inflated size but not its
 * compressed length, so the inflater must say where the stream ended: fflate 0.8.3's streaming
 * `Inflate` keeps its unread input (`p`) and bit position (`s.p`) as internal state, read here
 * (docs/architecture.md, "Git from a Worker"). The Adler-32 that closes every zlib stream is
 * checked against the output, so a misread end cannot pass unnoticed.
 */
import { Inflate } from "fflate";

/** fflate's streaming state (fflate 0.8.3, index.mjs `Inflate`): unread input, bit position, end flags. */
interface InflateInternals {
  p: Uint8Array;
  s: { p?: number; f?: number; l?: unknown };
}

/** Why a zlib stream cannot be read. */
export class InflateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InflateError";
  }
}

/** The input ends inside the zlib stream: more input may complete it (a streamed pack reads on). */
export class InflateCutShort extends InflateError {
  constructor(message: string) {
    super(message);
    this.name = "InflateCutShort";
  }
}

/** The inflated bytes and how many input bytes the zlib stream took (header and checksum included). */
export interface Inflated {
  bytes: Uint8Array;
  consumed: number;
}

/** Input handed over per push after the first: fflate copies what a push leaves unread, so pushes stay small. */
const CHUNK = 64 * 1024;
/** The first push: the whole stream for most objects (zlib rarely outgrows its input by 128 bytes). */
const FIRST_MAX = 256 * 1024;

/**
 * Inflates the zlib stream that starts at `start` of `input`, expecting exactly `size` bytes
 * out (the pack entry's header says so); more than `size` is refused as it arrives.
 */
export function inflateZlibAt(input: Uint8Array, start: number, size: number): Inflated {
  const cmf = input[start];
  const flg = input[start + 1];
  if (cmf === undefined || flg === undefined)
    throw new InflateCutShort("A zlib stream is cut short");
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || flg & 0x20)
    throw new InflateError("Not a zlib stream");
  const out = new Uint8Array(size);
  let written = 0;
  let failure: InflateError | null = null;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.byteLength > size) {
      failure = new InflateError(`An object inflates to more than its stated ${size} bytes`);
      return;
    }
    out.set(chunk, written);
    written += chunk.byteLength;
  });
  const state = inflater as unknown as InflateInternals;
  let at = start + 2;
  let window = Math.min(input.byteLength - at, size + 128, FIRST_MAX);
  let pushed = 0;
  for (;;) {
    try {
      inflater.push(input.subarray(at, at + window), false);
    } catch (error) {
      throw new InflateError(`A zlib stream is corrupt: ${(error as Error).message}`);
    }
    if (failure) throw failure;
    pushed += window;
    at += window;
    if (state.s.f && !state.s.l) break;
    if (at >= input.byteLength) throw new InflateCutShort("A zlib stream is cut short");
    window = Math.min(input.byteLength - at, CHUNK);
  }
  if (written !== size)
    throw new InflateError(`An object inflates to ${written} bytes, not its stated ${size}`);
  const bitsLeft = state.s.p ?? 0;
  const deflateLength = pushed - state.p.byteLength + (bitsLeft > 0 ? 1 : 0);
  const checksumAt = start + 2 + deflateLength;
  if (checksumAt + 4 > input.byteLength) throw new InflateCutShort("A zlib checksum is cut short");
  const stored =
    ((input[checksumAt]! << 24) |
      (input[checksumAt + 1]! << 16) |
      (input[checksumAt + 2]! << 8) |
      input[checksumAt + 3]!) >>>
    0;
  if (stored !== adler32(out)) throw new InflateError("A zlib checksum does not match");
  return { bytes: out, consumed: 2 + deflateLength + 4 };
}

/** Adler-32 (RFC 1950), the checksum ending every zlib stream. */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  const NMAX = 5552;
  for (let i = 0; i < bytes.byteLength; ) {
    const end = Math.min(i + NMAX, bytes.byteLength);
    for (; i < end; i++) {
      a += bytes[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
