/**
 * The objects a streamed pack yields, kept within a memory budget: commits, trees and tags
 * always in memory (a documentation repository's are small), blobs in memory until the budget
 * is spent and past it in a `SpillStore` (R2 in a sync), each read back by id when needed. So
 * a pack near the 1 GiB limit is read with memory bounded by the budget, not by the pack.
 */
import type { GitObject, ObjectType } from "./objects";

/** Where blobs past the memory budget go, and are read back from, by object id. */
export interface SpillStore {
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array | null>;
}

/** What a pack's reader needs of the objects kept so far. */
export interface ObjectSink {
  add(id: string, object: GitObject): Promise<void>;
  load(id: string): Promise<GitObject | undefined>;
}

/** Blobs kept in memory by default: 16 MiB (the rest spilled, when there is a spill store). */
const DEFAULT_BLOB_BUDGET = 16 * 1024 * 1024;

/** A fetched pack's objects: in memory within the blob budget, spilled past it. */
export class PackObjects implements ObjectSink {
  private readonly kept = new Map<string, GitObject>();
  private readonly spilled = new Map<string, ObjectType>();
  private keptBlobBytes = 0;
  /** Bytes of blobs spilled (what a whole-pack reader would have held). */
  spilledBytes = 0;

  constructor(
    private readonly spill?: SpillStore,
    private readonly blobBudget = DEFAULT_BLOB_BUDGET,
  ) {}

  /** How many objects the pack held. */
  get size(): number {
    return this.kept.size + this.spilled.size;
  }

  /** Whether the pack held the object. */
  has(id: string): boolean {
    return this.kept.has(id) || this.spilled.has(id);
  }

  /** The object if it is in memory (commits, trees, tags, blobs within the budget). */
  get(id: string): GitObject | undefined {
    return this.kept.get(id);
  }

  /** The object, read back from the spill store when it went there. */
  async load(id: string): Promise<GitObject | undefined> {
    const kept = this.kept.get(id);
    if (kept) return kept;
    const type = this.spilled.get(id);
    if (!type || !this.spill) return undefined;
    const body = await this.spill.get(id);
    return body ? { type, body } : undefined;
  }

  /** Keeps one object of the pack (a second copy of an id is ignored). */
  async add(id: string, object: GitObject): Promise<void> {
    if (this.has(id)) return;
    const size = object.body.byteLength;
    if (object.type !== "blob" || !this.spill || this.keptBlobBytes + size <= this.blobBudget) {
      this.kept.set(id, object);
      if (object.type === "blob") this.keptBlobBytes += size;
      return;
    }
    await this.spill.put(id, object.body);
    this.spilled.set(id, object.type);
    this.spilledBytes += size;
  }
}
