import type { SpillStore } from "../../git/pack-objects";

/**
 * Where a sync's fetched blobs go past the memory budget (src/git/pack-objects.ts): R2, under a
 * prefix of the operation, deleted when the operation ends (and by a later one's sweep when a
 * job died before).
 */

/** Blobs a sync keeps in memory before it spills them to R2: 16 MiB. */
export const SYNC_BLOB_BUDGET = 16 * 1024 * 1024;

/** The R2 prefix of a space's spilled blobs. */
function prefixOf(spaceId: string): string {
  return `git-spill/${spaceId}/`;
}

/** A spill store for one operation of a space, and its cleanup. */
export function r2Spill(
  bucket: R2Bucket,
  spaceId: string,
  opId: string,
): SpillStore & { clear(): Promise<void> } {
  const base = `${prefixOf(spaceId)}${opId}/`;
  return {
    put: async (id, bytes) => {
      await bucket.put(base + id, bytes);
    },
    get: async (id) => {
      const object = await bucket.get(base + id);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    // Every operation of the space: one that died mid-way left its blobs too.
    clear: async () => {
      for (;;) {
        const listed = await bucket.list({ prefix: prefixOf(spaceId), limit: 1000 });
        if (listed.objects.length === 0) return;
        await bucket.delete(listed.objects.map((o) => o.key));
        if (!listed.truncated) return;
      }
    },
  };
}
