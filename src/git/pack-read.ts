/**
 * Reads a packfile (gitformat-pack, version 2 or 3) as it arrives: its header, each entry's
 * type and size, the zlib stream of its data, OFS_DELTA and REF_DELTA entries resolved against
 * their bases, and the trailing SHA-1 of the whole pack (hashed on the way, checked at the end).
 * Only the entry being read is buffered; resolved objects go to an `ObjectSink` and delta bases
 * come from a bounded cache, else back from the sink. Bounded: object count, one object's size
 * and the total inflated bytes are limited, and going past one is a clear `PackError`.
 */
import { ByteReader, bytesSource } from "./byte-reader";
import { applyDelta } from "./delta";
import { PackError } from "./errors";
import { InflateCutShort, InflateError, inflateZlibAt } from "./inflate";
import { objectId, toHex, type GitObject, type ObjectType } from "./objects";
import { PackObjects, type ObjectSink } from "./pack-objects";
import { BaseCache, PendingDeltas } from "./pack-bases";

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

/** What reading a pack found: how many objects, and how many entries were deltas (of each kind). */
export interface PackStats {
  count: number;
  ofsDeltas: number;
  refDeltas: number;
}

/** A pack read whole into memory: its objects by id, and its delta counts. */
export interface ReadPack extends Omit<PackStats, "count"> {
  objects: PackObjects;
}

const TYPES: Record<number, ObjectType> = { 1: "commit", 2: "tree", 3: "blob", 4: "tag" };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** An entry's header, delta base included, is at most this long (a 20-byte id and two varints). */
const HEADER_MAX = 40;

/** Reads every object of a pack in memory (no spill), resolving deltas. */
export async function readPack(
  pack: Uint8Array,
  limits: PackLimits = DEFAULT_PACK_LIMITS,
): Promise<ReadPack> {
  const objects = new PackObjects();
  const stats = await readPackStream(new ByteReader(bytesSource(pack)), limits, objects);
  return { objects, ofsDeltas: stats.ofsDeltas, refDeltas: stats.refDeltas };
}

/** One entry's header: its type number, inflated size, delta base, and where its data starts. */
interface EntryHead {
  typeNumber: number;
  size: number;
  base: number | string | null;
  length: number;
}

/** The entry header at the reader's position (`start` is its offset in the pack). */
function entryHead(bytes: Uint8Array, start: number): EntryHead {
  let at = 0;
  const byteAt = () => bytes[at++] ?? cutShort();
  let byte = byteAt();
  const typeNumber = (byte >> 4) & 7;
  let size = byte & 0x0f;
  let shift = 4;
  while (byte & 0x80) {
    byte = byteAt();
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (shift > 53) throw new PackError("An entry's size is too long");
  }
  let base: number | string | null = null;
  if (typeNumber === OFS_DELTA) {
    byte = byteAt();
    let offset = byte & 0x7f;
    while (byte & 0x80) {
      byte = byteAt();
      offset = (offset + 1) * 128 + (byte & 0x7f);
    }
    if (offset <= 0 || offset > start) throw new PackError("A delta's base is outside the pack");
    base = start - offset;
  } else if (typeNumber === REF_DELTA) {
    if (at + 20 > bytes.byteLength) cutShort();
    base = toHex(bytes.subarray(at, at + 20));
    at += 20;
  } else if (!TYPES[typeNumber]) throw new PackError(`Unknown pack entry type ${typeNumber}`);
  return { typeNumber, size, base, length: at };
}

function cutShort(): never {
  throw new PackError("A pack is cut short");
}

/** Inflates the entry's zlib stream at `from` of the buffer, reading on while it is cut short. */
async function inflateEntry(reader: ByteReader, from: number, size: number) {
  // zlib seldom outgrows its input by more than a few bytes per 4 KiB: usually one attempt.
  let want = from + size + Math.ceil(size / 4096) * 8 + 64;
  for (;;) {
    await reader.fill(want);
    try {
      return inflateZlibAt(reader.view(), from, size);
    } catch (error) {
      if (error instanceof InflateCutShort && !reader.done) {
        want = Math.max(want * 2, reader.available + 64 * 1024);
        continue;
      }
      if (error instanceof InflateError) throw new PackError(error.message);
      throw error;
    }
  }
}

/**
 * Reads a pack from `reader`: each object, resolved, handed to `sink` in pack order (a delta
 * whose REF_DELTA base comes later waits, bounded); the pack's SHA-1 is checked at its end.
 */
export async function readPackStream(
  reader: ByteReader,
  limits: PackLimits,
  sink: ObjectSink,
): Promise<PackStats> {
  // workerd's streaming digest (crypto.DigestStream): the pack is hashed as it passes.
  const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream(
    "SHA-1",
  );
  const hasher = digest.getWriter();
  const take = async (count: number) => {
    await hasher.write(reader.take(count).slice());
  };
  if (!(await reader.fill(12))) cutShort();
  const head = reader.view();
  if (String.fromCharCode(...head.subarray(0, 4)) !== "PACK") throw new PackError("Not a pack");
  const view = new DataView(head.buffer, head.byteOffset, 12);
  const version = view.getUint32(4);
  if (version !== 2 && version !== 3) throw new PackError(`Pack version ${version} is not read`);
  const count = view.getUint32(8);
  if (count > limits.maxObjects)
    throw new PackError(`A pack of ${count} objects is over the limit of ${limits.maxObjects}`);
  await take(12);

  const bases = new BaseCache();
  const pending = new PendingDeltas();
  const stats: PackStats = { count, ofsDeltas: 0, refDeltas: 0 };
  const keep = async (offset: number, object: GitObject) => {
    const id = await objectId(object);
    bases.set(offset, id, object);
    await sink.add(id, object);
  };
  /** The object at a base offset or id: cached, else back from the sink; undefined: not yet. */
  const baseOf = async (base: number | string) => {
    const cached = bases.get(base);
    if (cached) return cached;
    const id = typeof base === "number" ? bases.idAt(base) : base;
    return id === undefined ? undefined : sink.load(id);
  };
  const resolveDelta = async (offset: number, base: number | string, delta: Uint8Array) => {
    const found = await baseOf(base);
    if (!found) return false;
    const body = applyDelta(found.body, delta, limits.maxObjectBytes);
    await keep(offset, { type: found.type, body });
    if (typeof base === "number") stats.ofsDeltas++;
    else stats.refDeltas++;
    return true;
  };

  let total = 0;
  for (let i = 0; i < count; i++) {
    const start = reader.taken;
    await reader.fill(HEADER_MAX);
    const entry = entryHead(reader.view(), start);
    if (entry.size > limits.maxObjectBytes)
      throw new PackError(
        `An object of ${entry.size} bytes is over the limit of ${limits.maxObjectBytes}`,
      );
    total += entry.size;
    if (total > limits.maxTotalBytes)
      throw new PackError(`A pack inflating past ${limits.maxTotalBytes} bytes is over the limit`);
    const inflated = await inflateEntry(reader, entry.length, entry.size);
    await take(entry.length + inflated.consumed);
    const { base } = entry;
    if (base === null) await keep(start, { type: TYPES[entry.typeNumber]!, body: inflated.bytes });
    else if (typeof base === "number" && !bases.knows(base) && !pending.has(base))
      throw new PackError("A delta's base is not an entry of the pack");
    else if (pending.has(base) || !(await resolveDelta(start, base, inflated.bytes)))
      pending.add(start, base, inflated.bytes);
  }
  // REF_DELTA bases named before they appear (and deltas on those): retried until none resolves.
  while (pending.size > 0) {
    let progressed = false;
    for (const [offset, wait] of pending.entries())
      if (!pending.has(wait.base) && (await resolveDelta(offset, wait.base, wait.delta))) {
        pending.delete(offset);
        progressed = true;
      }
    if (!progressed)
      throw new PackError("A delta's base is not in the pack (a thin pack is not accepted)");
  }

  if (!(await reader.fill(20))) cutShort();
  const trailer = reader.take(20).slice();
  await hasher.close();
  if (toHex(new Uint8Array(await digest.digest)) !== toHex(trailer))
    throw new PackError("A pack's checksum does not match its content");
  if (!(await reader.atEnd())) throw new PackError("A pack has bytes after its last object");
  return stats;
}
