import type { JsonDocument } from "../../core/document/types";
import type { MoveTimes } from "./moves";
import type { SplitStore } from "./splits";

/**
 * A room's durable state in its Durable Object's SQLite storage: the Yjs update log (every
 * accepted update is a row, written before it is broadcast: the output gate holds the broadcast
 * until the write is durable), its compacted snapshot, the "base" (the Yjs state of the last
 * Document the room read or wrote, to merge other writes against, and that Document's JSON, the
 * form the write-back keeps) and a few facts. The facts are read once (when the object wakes) and
 * kept in memory; a fact is written only when it changes, so an accepted update costs one write:
 * its log row.
 */

/** A stored blob's rows: SQLite values stay far under the storage's 2 MB per value. */
const CHUNK = 512 * 1024;

/** Compact (at the next alarm) once the log has this many rows, or this many bytes. */
const COMPACT_ROWS = 500;
const COMPACT_BYTES = 2 * 1024 * 1024;
/** Compact at once, on the update's path, past this many times those (no alarm came). */
const OVERDUE = 4;

/** The facts a room keeps besides its updates. */
export interface RoomMeta {
  spaceId?: string;
  changeRequestId?: string;
  pageId?: string;
  organizationId?: string;
  /** The Document id the base stands for (null: the page had none; undefined: never loaded). */
  baseDocumentId?: string | null;
  /** When the first edit not yet written back was made (ms), and who made the latest. */
  firstUnsavedAt?: number;
  lastEditor?: { userId: string; digest: string; kind: "session" | "api" };
  /** The last write-back's error, shown to sockets until the next success. */
  saveError?: string;
  /** Consecutive failed write-backs (the retry's backoff). */
  failures?: number;
  /** When the sockets' access is next re-checked (ms). */
  recheckAt?: number;
}

/** The room's SQLite storage. */
export class RoomStore implements MoveTimes, SplitStore {
  private logBytes = 0;
  private logRows = 0;
  private readonly facts: RoomMeta;
  private snapshotSize: number;
  /** When each kept original of a moved block was first seen (`MoveTimes`, moves.ts). */
  private readonly moves = new Map<string, number>();

  constructor(private readonly sql: SqlStorage) {
    sql.exec(`CREATE TABLE IF NOT EXISTS updates (seq INTEGER PRIMARY KEY AUTOINCREMENT, data BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS blobs (name TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (name, part));
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS moves (id TEXT PRIMARY KEY, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS splits (letter TEXT PRIMARY KEY, client INTEGER NOT NULL, clock INTEGER NOT NULL);`);
    for (const { id, at } of sql.exec<{ id: string; at: number }>("SELECT id, at FROM moves")) {
      this.moves.set(id, at);
    }
    const row = sql
      .exec<{
        n: number;
        bytes: number;
      }>("SELECT count(*) AS n, coalesce(sum(length(data)), 0) AS bytes FROM updates")
      .one();
    this.logRows = row.n;
    this.logBytes = row.bytes;
    const facts: Record<string, unknown> = {};
    for (const { key, value } of sql.exec<{ key: string; value: string }>(
      "SELECT key, value FROM meta",
    )) {
      facts[key] = JSON.parse(value);
    }
    this.facts = facts as RoomMeta;
    this.snapshotSize = sql
      .exec<{
        bytes: number;
      }>("SELECT coalesce(sum(length(data)), 0) AS bytes FROM blobs WHERE name = 'snapshot'")
      .one().bytes;
  }

  /** The facts (a copy of the memory's copy of the stored rows). */
  meta(): RoomMeta {
    return { ...this.facts };
  }

  /** Sets (or, with undefined, removes) facts; only the ones that change are written. */
  setMeta(facts: Partial<RoomMeta>): void {
    const kept = this.facts as Record<string, unknown>;
    for (const [key, value] of Object.entries(facts)) {
      const text = value === undefined ? undefined : JSON.stringify(value);
      const before = kept[key] === undefined ? undefined : JSON.stringify(kept[key]);
      if (text === before) continue;
      if (text === undefined) {
        this.sql.exec("DELETE FROM meta WHERE key = ?", key);
        delete kept[key];
      } else {
        this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, text);
        kept[key] = JSON.parse(text);
      }
    }
  }

  /** The snapshot and every update after it, in order (empty: a new room). */
  updates(): Uint8Array[] {
    const out: Uint8Array[] = [];
    const snapshot = this.blob("snapshot");
    if (snapshot) out.push(snapshot);
    for (const row of this.sql.exec<{ data: ArrayBuffer }>(
      "SELECT data FROM updates ORDER BY seq",
    )) {
      out.push(new Uint8Array(row.data));
    }
    return out;
  }

  movedAt(id: string): number | undefined {
    return this.moves.get(id);
  }

  noteMove(id: string, at: number): void {
    this.moves.set(id, at);
    this.sql.exec("INSERT OR IGNORE INTO moves (id, at) VALUES (?, ?)", id, at);
  }

  /** The split memory's letters, oldest first (`SplitStore`, splits.ts). */
  *splitCopies(): Iterable<readonly [string, number, number]> {
    const rows = this.sql.exec<{ letter: string; client: number; clock: number }>(
      "SELECT letter, client, clock FROM splits ORDER BY rowid",
    );
    for (const { letter, client, clock } of rows) yield [letter, client, clock] as const;
  }

  noteSplitCopy(letter: string, client: number, clock: number): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO splits (letter, client, clock) VALUES (?, ?, ?)",
      letter,
      client,
      clock,
    );
  }

  forgetSplitCopy(letter: string): void {
    this.sql.exec("DELETE FROM splits WHERE letter = ?", letter);
  }

  hasMoves(): boolean {
    return this.moves.size > 0;
  }

  forgetMovesBefore(at: number): void {
    for (const [id, movedAt] of this.moves) if (movedAt < at) this.moves.delete(id);
    this.sql.exec("DELETE FROM moves WHERE at < ?", at);
  }

  /** Appends an accepted update to the log. */
  append(update: Uint8Array): void {
    this.sql.exec("INSERT INTO updates (data) VALUES (?)", update);
    this.logRows += 1;
    this.logBytes += update.byteLength;
  }

  /** Whether the log is long enough to be compacted (the alarm does it, off the update's path). */
  wantsCompaction(): boolean {
    return this.logRows >= COMPACT_ROWS || this.logBytes >= COMPACT_BYTES;
  }

  /** Whether the log outgrew its bound with no alarm compacting it: compacted on the spot. */
  overdueCompaction(): boolean {
    return this.logRows >= OVERDUE * COMPACT_ROWS || this.logBytes >= OVERDUE * COMPACT_BYTES;
  }

  /** Bytes of the snapshot. */
  get snapshotBytes(): number {
    return this.snapshotSize;
  }

  /** Bytes in the log since the snapshot. */
  get pendingBytes(): number {
    return this.logBytes;
  }

  /** Replaces the snapshot and the log by `state` (the whole document as one update). */
  compact(state: Uint8Array): void {
    this.putBlob("snapshot", state);
    this.snapshotSize = state.byteLength;
    this.sql.exec("DELETE FROM updates");
    this.logRows = 0;
    this.logBytes = 0;
  }

  /** The base's Yjs state (null: none kept). */
  base(): Uint8Array | null {
    return this.blob("base");
  }

  /** The base's Document itself (null: the page had none, or a room from before it was kept). */
  baseDocument(): JsonDocument | null {
    const bytes = this.blob("baseDocument");
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as JsonDocument) : null;
  }

  /** Keeps the Yjs state of the Document `document` (named `documentId`) as the base. */
  setBase(state: Uint8Array, documentId: string | null, document: JsonDocument | null): void {
    this.putBlob("base", state);
    if (document) this.putBlob("baseDocument", new TextEncoder().encode(JSON.stringify(document)));
    else this.sql.exec("DELETE FROM blobs WHERE name = 'baseDocument'");
    this.setMeta({ baseDocumentId: documentId });
  }

  /** Deletes everything (a room whose page or change request is gone). */
  clear(): void {
    this.sql.exec(
      "DELETE FROM updates; DELETE FROM blobs; DELETE FROM meta; DELETE FROM moves; DELETE FROM splits;",
    );
    this.moves.clear();
    for (const key of Object.keys(this.facts)) delete (this.facts as Record<string, unknown>)[key];
    this.snapshotSize = 0;
    this.logRows = 0;
    this.logBytes = 0;
  }

  private blob(name: string): Uint8Array | null {
    const parts = [
      ...this.sql.exec<{ data: ArrayBuffer }>(
        "SELECT data FROM blobs WHERE name = ? ORDER BY part",
        name,
      ),
    ].map((row) => new Uint8Array(row.data));
    if (parts.length === 0) return null;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }

  private putBlob(name: string, data: Uint8Array): void {
    this.sql.exec("DELETE FROM blobs WHERE name = ?", name);
    for (let part = 0, at = 0; at < data.byteLength || part === 0; part++, at += CHUNK) {
      this.sql.exec(
        "INSERT INTO blobs (name, part, data) VALUES (?, ?, ?)",
        name,
        part,
        data.subarray(at, at + CHUNK),
      );
    }
  }
}
