/**
 * Writes a packfile (version 2) of whole objects: no deltas, each body zlib-deflated by fflate,
 * the pack's SHA-1 at the end. What a push of one new commit sends (its new blobs, trees and the
 * commit); a remote stores it as it is or repacks it later.
 */
import { zlibSync } from "fflate";
import { concatBytes, sha1, type GitObject, type ObjectType } from "./objects";

const TYPE_NUMBERS: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };

/** The pack holding these objects, in the order given. */
export async function writePack(objects: readonly GitObject[]): Promise<Uint8Array> {
  const header = new Uint8Array(12);
  header.set([0x50, 0x41, 0x43, 0x4b], 0); // "PACK"
  const view = new DataView(header.buffer);
  view.setUint32(4, 2);
  view.setUint32(8, objects.length);
  const parts: Uint8Array[] = [header];
  for (const object of objects) {
    parts.push(entryHeader(TYPE_NUMBERS[object.type], object.body.byteLength));
    parts.push(zlibSync(object.body));
  }
  const body = concatBytes(parts);
  const digest = await sha1(body);
  return concatBytes([body, digest]);
}

/** An entry's type and size: 3 type bits and 4 size bits, then 7 size bits per byte. */
function entryHeader(type: number, size: number): Uint8Array {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return new Uint8Array(bytes);
}
