import { Unzip, UnzipInflate } from "fflate";
import { ArchiveRefused, type ZipEntry } from "./zip-directory";

/** What the reader hands over: one entry's bytes in order, `final` on its last chunk. */
export type EntryChunk = (entry: ZipEntry, chunk: Uint8Array, final: boolean) => Promise<void>;

/**
 * Streams an archive's entries out of `body` (fflate's `Unzip`, one R2 read at a time, so
 * memory holds a read and what the handler keeps), each held to the central directory: an entry
 * the directory does not list, or whose bytes exceed (or fall short of) its declared size, ends
 * the read with the reason (a lying archive, a zip bomb). `wanted` skips entries unread.
 */
export async function streamZipEntries(
  body: ReadableStream<Uint8Array>,
  entries: readonly ZipEntry[],
  wanted: (entry: ZipEntry) => boolean,
  onChunk: EntryChunk,
): Promise<void> {
  const byName = new Map(entries.map((e) => [e.streamName, e]));
  const events: { entry: ZipEntry; chunk: Uint8Array; final: boolean }[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    const entry = byName.get(file.name);
    if (!entry) {
      failure ??= new ArchiveRefused(
        `The entry ${JSON.stringify(file.name.slice(0, 200))} is not in the archive's central directory`,
      );
      return;
    }
    if (entry.directory || !wanted(entry)) return;
    let seen = 0;
    file.ondata = (error, chunk, final) => {
      if (error) {
        failure ??= new ArchiveRefused(`The entry "${entry.name}" is damaged (${error.message})`);
        return;
      }
      seen += chunk.byteLength;
      if (seen > entry.size) {
        failure ??= new ArchiveRefused(
          `The entry "${entry.name}" expands beyond its declared ${entry.size} bytes: refused as a zip bomb`,
        );
        file.terminate();
        return;
      }
      if (final && seen !== entry.size) {
        failure ??= new ArchiveRefused(
          `The entry "${entry.name}" holds ${seen} bytes, not the ${entry.size} it declares`,
        );
        return;
      }
      events.push({ entry, chunk, final });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      unzip.push(value ?? new Uint8Array(0), done);
      if (failure) throw failure;
      while (events.length > 0) {
        const next = events.shift()!;
        await onChunk(next.entry, next.chunk, next.final);
      }
      if (done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
