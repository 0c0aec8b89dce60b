/**
 * Reads a packfile (gitformat-pack, version 2 or 3): its header, each entry's type and size,
 * the zlib stream of its data, OFS_DELTA and REF_DELTA entries resolved against their bases, and
 * the trailing SHA-1 of the whole pack. Bounded: object count, one object's size and the total
 * inflated bytes are limited, and going past one is a clear `PackError`.
 */
import { applyDelta } from "./delta";
import { PackError } from "./errors";
import { InflateError, inflateZlibAt } from "./inflate";
import { objectId, sha1, toHex, type GitObject, type ObjectType } from "./objects";

/** How much a pack may hold before it is refused. */
export interface PackLimits {
  maxObjects: number;
  /** One object's size, inflated (a delta's result included). */
  maxObjectBytes: number;
  /** All entries' inflated bytes together. */
  maxTotalBytes: number;
}

/** Defaults sized for a Worker's memory: a documentation repository, not a monorepo. */
export const DEFAULT_PACK_LIMITS: PackLimits = {
  maxObjects: 50_000,
  maxObjectBytes: 32 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
};

/** A read pack: its objects by id, and how many entries were deltas (of each kind). */
export interface ReadPack {
  objects: Map<string, GitObject>;
  ofsDeltas: number;
  refDeltas: number;
}

const TYPES: Record<number, ObjectType> = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
const OFS_DELTA = 6;
const REF_DELTA = 7;

type Entry =
  | { kind: "whole"; type: ObjectType; body: Uint8Array }
  | { kind: "ofs"; base: number; delta: Uint8Array }
  | { kind: "ref"; base: string; delta: Uint8Array };

/** Reads every object of a pack, resolving deltas; the pack's checksum is checked first. */
export async function readPack(
  pack: Uint8Array,
  limits: PackLimits = DEFAULT_PACK_LIMITS,
): Promise<ReadPack> {
  if (pack.byteLength < 32) throw new PackError("A pack is cut short");
  const body = pack.subarray(0, pack.byteLength - 20);
  const digest = toHex(await sha1(body));
  if (digest !== toHex(pack.subarray(pack.byteLength - 20)))
    throw new PackError("A pack's checksum does not match its content");
  if (String.fromCharCode(...pack.subarray(0, 4)) !== "PACK") throw new PackError("Not a pack");
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3) throw new PackError(`Pack version ${version} is not read`);
  const count = view.getUint32(8);
  if (count > limits.maxObjects)
    throw new PackError(`A pack of ${count} objects is over the limit of ${limits.maxObjects}`);

  const entries = new Map<number, Entry>();
  let at = 12;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const start = at;
    let byte = byteAt(body, at++);
    const typeNumber = (byte >> 4) & 7;
    let size = byte & 0x0f;
    let shift = 4;
    while (byte & 0x80) {
      byte = byteAt(body, at++);
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
      if (shift > 53) throw new PackError("An entry's size is too long");
    }
    if (size > limits.maxObjectBytes)
      throw new PackError(
        `An object of ${size} bytes is over the limit of ${limits.maxObjectBytes}`,
      );
    total += size;
    if (total > limits.maxTotalBytes)
      throw new PackError(`A pack inflating past ${limits.maxTotalBytes} bytes is over the limit`);
    let base: number | string | null = null;
    if (typeNumber === OFS_DELTA) {
      byte = byteAt(body, at++);
      let offset = byte & 0x7f;
      while (byte & 0x80) {
        byte = byteAt(body, at++);
        offset = (offset + 1) * 128 + (byte & 0x7f);
      }
      if (offset <= 0 || offset > start) throw new PackError("A delta's base is outside the pack");
      base = start - offset;
    } else if (typeNumber === REF_DELTA) {
      if (at + 20 > body.byteLength) throw new PackError("A pack is cut short");
      base = toHex(body.subarray(at, at + 20));
      at += 20;
    } else if (!TYPES[typeNumber]) throw new PackError(`Unknown pack entry type ${typeNumber}`);
    let inflated;
    try {
      inflated = inflateZlibAt(body, at, size);
    } catch (error) {
      if (error instanceof InflateError) throw new PackError(error.message);
      throw error;
    }
    at += inflated.consumed;
    if (typeof base === "number") entries.set(start, { kind: "ofs", base, delta: inflated.bytes });
    else if (typeof base === "string")
      entries.set(start, { kind: "ref", base, delta: inflated.bytes });
    else entries.set(start, { kind: "whole", type: TYPES[typeNumber]!, body: inflated.bytes });
  }
  if (at !== body.byteLength) throw new PackError("A pack has bytes after its last object");
  return resolve(entries, limits);
}

function byteAt(bytes: Uint8Array, at: number): number {
  const byte = bytes[at];
  if (byte === undefined) throw new PackError("A pack is cut short");
  return byte;
}

/** Gives every entry its object: whole ones first, then deltas, each chain walked without recursion. */
async function resolve(entries: Map<number, Entry>, limits: PackLimits): Promise<ReadPack> {
  const byOffset = new Map<number, GitObject>();
  const objects = new Map<string, GitObject>();
  let ofsDeltas = 0;
  let refDeltas = 0;
  const pendingRef: number[] = [];
  for (const [offset, entry] of entries) {
    if (entry.kind !== "whole") continue;
    const object = { type: entry.type, body: entry.body };
    byOffset.set(offset, object);
    objects.set(await objectId(object), object);
  }
  const resolveAt = async (offset: number): Promise<GitObject | null> => {
    const chain: number[] = [];
    let cursor = offset;
    let base: GitObject | undefined;
    for (;;) {
      base = byOffset.get(cursor);
      if (base) break;
      const entry = entries.get(cursor);
      if (!entry) throw new PackError("A delta's base is not an entry of the pack");
      if (chain.includes(cursor)) throw new PackError("A delta chain loops");
      chain.push(cursor);
      if (entry.kind === "ofs") cursor = entry.base;
      else if (entry.kind === "whole") throw new PackError("A pack entry was not read");
      else {
        const found = objects.get(entry.base);
        if (!found) return null; // its base may come later: retried below
        base = found;
        break;
      }
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const entry = entries.get(chain[i]!)!;
      if (entry.kind === "whole") continue;
      const body = applyDelta(base.body, entry.delta, limits.maxObjectBytes);
      base = { type: base.type, body };
      byOffset.set(chain[i]!, base);
      objects.set(await objectId(base), base);
      if (entry.kind === "ofs") ofsDeltas++;
      else refDeltas++;
    }
    return base;
  };
  for (const offset of entries.keys())
    if (!byOffset.has(offset) && !(await resolveAt(offset))) pendingRef.push(offset);
  // REF_DELTA bases named before they appear: retry until nothing more resolves.
  let left = pendingRef;
  while (left.length) {
    const next: number[] = [];
    for (const offset of left) if (!(await resolveAt(offset))) next.push(offset);
    if (next.length === left.length)
      throw new PackError("A delta's base is not in the pack (a thin pack is not accepted)");
    left = next;
  }
  return { objects, ofsDeltas, refDeltas };
}
