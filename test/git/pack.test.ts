import { describe, expect, it } from "vitest";
import { PackError } from "../../src/git/errors";
import { objectId, toHex, type GitObject } from "../../src/git/objects";
import { DEFAULT_PACK_LIMITS, readPack } from "../../src/git/pack-read";
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
});
