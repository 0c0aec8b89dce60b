/**
 * pkt-lines and side-band frames read from a stream (a fetch answer whose packfile may be large):
 * one frame at a time, and the packfile's band-1 bytes handed on as a `ByteSource` for the pack
 * reader, so the answer is parsed as it arrives rather than held whole.
 */
import { GitRemoteError } from "./errors";
import { ByteReader, type ByteSource } from "./byte-reader";
import type { PktLine } from "./pkt-line";

/** The next frame of the stream, or null at its end; what is not a pkt-line is a protocol error. */
export async function readPkt(reader: ByteReader): Promise<PktLine | null> {
  if (await reader.atEnd()) return null;
  if (!(await reader.fill(4)))
    throw new GitRemoteError(
      "protocol",
      "The Git remote's answer is garbled: a length is cut short",
    );
  const head = String.fromCharCode(...reader.take(4));
  if (!/^[0-9a-f]{4}$/i.test(head))
    throw new GitRemoteError(
      "protocol",
      `The Git remote's answer is garbled: not a pkt-line length: ${JSON.stringify(head)}`,
    );
  const length = parseInt(head, 16);
  if (length === 0) return { kind: "flush" };
  if (length === 1) return { kind: "delim" };
  if (length === 2) return { kind: "end" };
  if (length < 4)
    throw new GitRemoteError("protocol", `The Git remote's answer is garbled: length ${length}`);
  if (!(await reader.fill(length - 4)))
    throw new GitRemoteError(
      "protocol",
      "The Git remote's answer is garbled: a pkt-line runs past the end of the answer",
    );
  return { kind: "data", bytes: reader.take(length - 4).slice() };
}

/**
 * The band-1 bytes of side-band frames up to the next frame that is not data (a flush ends a
 * packfile section): progress (band 2) goes to `onProgress`, a fatal error (band 3) is thrown.
 */
export function sideBandSource(
  reader: ByteReader,
  onProgress?: (line: string) => void,
): ByteSource {
  const decoder = new TextDecoder();
  let over = false;
  return async () => {
    while (!over) {
      const frame = await readPkt(reader);
      if (!frame || frame.kind !== "data") {
        over = true;
        return null;
      }
      const band = frame.bytes[0];
      const payload = frame.bytes.subarray(1);
      if (band === 1) return payload;
      if (band === 2) {
        for (const line of decoder.decode(payload).split(/[\r\n]+/))
          if (line.trim()) onProgress?.(line.trim());
      } else if (band === 3)
        throw new GitRemoteError(
          "remote",
          `The Git remote failed: ${decoder.decode(payload).trim()}`,
        );
      else throw new GitRemoteError("protocol", `Unknown side band ${band ?? "(empty frame)"}`);
    }
    return null;
  };
}
