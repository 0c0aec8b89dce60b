import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { R2Sink } from "./sink";

/** Every entry's modification time, fixed so the same content always gives the same bytes. */
const ENTRY_TIME = new Date("2000-01-01T00:00:00Z");

/** An archive being written to a sink, entry by entry, with bounded memory. */
export interface ArchiveWriter {
  /** Adds a text or bytes entry (compressed in a zip). */
  addBytes(path: string, bytes: Uint8Array): Promise<void>;
  /** Adds an entry streamed from `body` of `size` bytes (stored as is: files are compressed already). */
  addStream(path: string, size: number, body: ReadableStream<Uint8Array>): Promise<void>;
  /** Writes the archive's end. */
  finish(): Promise<void>;
}

/** A zip (fflate's streaming `Zip`), deterministic: fixed times, entries in the order added. */
export function zipWriter(sink: R2Sink): ArchiveWriter {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else sink.write(chunk);
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    async addBytes(path, bytes) {
      const entry = new ZipDeflate(path, { level: 6 });
      entry.mtime = ENTRY_TIME;
      zip.add(entry);
      entry.push(bytes, true);
      check();
      await sink.drain();
    },
    async addStream(path, _size, body) {
      const entry = new ZipPassThrough(path);
      entry.mtime = ENTRY_TIME;
      zip.add(entry);
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.push(value, false);
        check();
        await sink.drain();
      }
      entry.push(new Uint8Array(0), true);
      check();
    },
    async finish() {
      zip.end();
      check();
      await sink.finish();
    },
  };
}

/** A ustar header block for one regular file. */
function tarHeader(path: string, size: number): Uint8Array {
  const header = new Uint8Array(512);
  const enc = new TextEncoder();
  const name = enc.encode(path);
  let prefix = new Uint8Array(0);
  let short = name;
  if (name.byteLength > 100) {
    const cut = path.lastIndexOf("/", 154);
    prefix = enc.encode(path.slice(0, cut));
    short = enc.encode(path.slice(cut + 1));
    if (cut < 0 || prefix.byteLength > 155 || short.byteLength > 100)
      throw new Error(`the path "${path}" is too long for a tar archive; export as zip`);
  }
  const put = (text: string | Uint8Array, at: number) =>
    header.set(typeof text === "string" ? enc.encode(text) : text, at);
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0");
  put(short, 0);
  put(octal(0o644, 8), 100);
  put(octal(0, 8), 108);
  put(octal(0, 8), 116);
  put(octal(size, 12), 124);
  put(octal(Math.floor(ENTRY_TIME.getTime() / 1000), 12), 136);
  put("        ", 148);
  put("0", 156);
  put("ustar\u000000", 257);
  put(prefix, 345);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${octal(sum, 7)}\u0000 `, 148);
  return header;
}

/** A ustar tar, deterministic like the zip. */
export function tarWriter(sink: R2Sink): ArchiveWriter {
  const pad = (size: number) => {
    const rest = size % 512;
    if (rest) sink.write(new Uint8Array(512 - rest));
  };
  return {
    async addBytes(path, bytes) {
      sink.write(tarHeader(path, bytes.byteLength));
      sink.write(bytes);
      pad(bytes.byteLength);
      await sink.drain();
    },
    async addStream(path, size, body) {
      sink.write(tarHeader(path, size));
      let written = 0;
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        written += value.byteLength;
        sink.write(value.slice());
        await sink.drain();
      }
      if (written !== size) throw new Error(`"${path}": stored size ${size}, read ${written}`);
      pad(size);
    },
    async finish() {
      sink.write(new Uint8Array(1024));
      await sink.finish();
    },
  };
}
