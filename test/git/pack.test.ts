import { describe, expect, it } from "vitest";
import { PackError } from "../../src/git/errors";
import { objectId, toHex, type GitObject } from "../../src/git/objects";
import { DEFAULT_PACK_LIMITS, readPack, readPackStream } from "../../src/git/pack-read";
import { ByteReader } from "../../src/git/byte-reader";
import { PackObjects } from "../../src/git/pack-objects";
import { writePack } from "../../src/git/pack-write";

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, i + 65536));
  return out;
}

describe("packfiles", () => {
  it("reads back what it writes, small, empty, incompressible and repetitive objects alike", async () => {
    const objects: GitObject[] = [
      { type: "blob", body: new Uint8Array() },
      { type: "blob", body: new TextEncoder().encode("hi\n") },
      { type: "blob", body: randomBytes(200_000) },
      { type: "blob", body: new Uint8Array(300_000).fill(7) },
      { type: "blob", body: randomBytes(15) },
      // Inflated over many pushes (more than the first window of the inflater).
      { type: "blob", body: randomBytes(400_000) },
    ];
    const pack = await writePack(objects);
    const read = await readPack(pack);
    expect(read.objects.size).toBe(objects.length);
    for (const object of objects) {
      const found = read.objects.get(await objectId(object));
      expect(found?.type).toBe("blob");
      // Compared as one hex string: toEqual walks a large Uint8Array slowly.
      expect(toHex(found!.body)).toBe(toHex(object.body));
    }
  });

  it("refuses a changed byte, a cut pack and a pack over its limits", async () => {
    const pack = await writePack([{ type: "blob", body: new Uint8Array(1000).fill(1) }]);
    // Read as it streams: a changed byte of an entry fails its inflation (or its zlib
    // checksum), a changed byte of the trailer the pack's checksum.
    const changed = pack.slice();
    changed[20] = changed[20]! ^ 1;
    await expect(readPack(changed)).rejects.toThrow(PackError);
    const trailer = pack.slice();
    trailer[trailer.length - 1] = trailer[trailer.length - 1]! ^ 1;
    await expect(readPack(trailer)).rejects.toThrow(/pack's checksum/);
    await expect(readPack(pack.subarray(0, 30))).rejects.toThrow(PackError);
    await expect(readPack(pack, { ...DEFAULT_PACK_LIMITS, maxObjectBytes: 999 })).rejects.toThrow(
      /over the limit/,
    );
    await expect(readPack(pack, { ...DEFAULT_PACK_LIMITS, maxObjects: 0 })).rejects.toThrow(
      /over the limit/,
    );
  });

  it("streams a pack in small chunks, spilling blobs past the memory budget and reading them back", async () => {
    const objects: GitObject[] = [
      { type: "tree", body: new Uint8Array() },
      ...[1, 2, 3].map((n) => ({ type: "blob" as const, body: randomBytes(40_000 + n) })),
    ];
    const pack = await writePack(objects);
    let at = 0;
    // 1,000-byte chunks: every entry's zlib stream spans several of them.
    const reader = new ByteReader(async () =>
      at < pack.byteLength ? pack.slice(at, (at += 1000)) : null,
    );
    const spilled = new Map<string, Uint8Array>();
    const spill = {
      put: async (id: string, bytes: Uint8Array) => void spilled.set(id, bytes),
      get: async (id: string) => spilled.get(id) ?? null,
    };
    const kept = new PackObjects(spill, 50_000);
    const stats = await readPackStream(reader, DEFAULT_PACK_LIMITS, kept);
    expect(stats.count).toBe(4);
    expect(kept.size).toBe(4);
    // One blob fits the 50 KB budget; the other two went to the spill store.
    expect(spilled.size).toBe(2);
    expect(kept.spilledBytes).toBe(80_005);
    for (const object of objects) {
      const id = await objectId(object);
      expect(kept.has(id)).toBe(true);
      expect(toHex((await kept.load(id))!.body)).toBe(toHex(object.body));
    }
  });
});
