/**
 * Git's pkt-line framing (gitprotocol-common): every line of the smart HTTP protocol is a
 * 4-hex-digit length (itself included) then its bytes; "0000" is a flush, "0001" a delimiter
 * (protocol v2), "0002" a response end. Pure: no network, no storage.
 */

/** One frame of a pkt-line stream. */
export type PktLine =
  | { kind: "data"; bytes: Uint8Array }
  | { kind: "flush" }
  | { kind: "delim" }
  | { kind: "end" };

/** The largest data a frame carries (65520 bytes in all, less the 4-byte length). */
export const MAX_PKT_DATA = 65516;

const encoder = new TextEncoder();

/** Why a pkt-line stream cannot be read: the remote answered something that is not Git. */
export class PktLineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PktLineError";
  }
}

/** Frames one line (text gets its newline as given) or bytes as a data pkt-line. */
export function pktLine(data: string | Uint8Array): Uint8Array {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  if (bytes.byteLength > MAX_PKT_DATA)
    throw new PktLineError(`A pkt-line carries at most ${MAX_PKT_DATA} bytes`);
  const out = new Uint8Array(bytes.byteLength + 4);
  out.set(encoder.encode((bytes.byteLength + 4).toString(16).padStart(4, "0")), 0);
  out.set(bytes, 4);
  return out;
}

/** The flush frame "0000". */
export const FLUSH_PKT = encoder.encode("0000");
/** The delimiter frame "0001" (protocol v2). */
export const DELIM_PKT = encoder.encode("0001");

/** Splits a whole answer into frames; a length that is not hex, or runs past the end, is refused. */
export function readPktLines(bytes: Uint8Array): PktLine[] {
  const out: PktLine[] = [];
  let at = 0;
  while (at < bytes.byteLength) {
    if (at + 4 > bytes.byteLength) throw new PktLineError("A pkt-line length is cut short");
    const head = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (!/^[0-9a-f]{4}$/i.test(head))
      throw new PktLineError(`Not a pkt-line length: ${JSON.stringify(head)}`);
    const length = parseInt(head, 16);
    if (length === 0) out.push({ kind: "flush" });
    else if (length === 1) out.push({ kind: "delim" });
    else if (length === 2) out.push({ kind: "end" });
    else if (length < 4) throw new PktLineError(`Invalid pkt-line length ${length}`);
    else {
      if (at + length > bytes.byteLength)
        throw new PktLineError("A pkt-line runs past the end of the answer");
      out.push({ kind: "data", bytes: bytes.subarray(at + 4, at + length) });
    }
    at += length < 4 ? 4 : length;
  }
  return out;
}

/** A data frame as text without its trailing newline. */
export function pktText(line: PktLine): string | null {
  if (line.kind !== "data") return null;
  return new TextDecoder().decode(line.bytes).replace(/\n$/, "");
}
