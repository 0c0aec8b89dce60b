import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { applyAwarenessUpdate, encodeAwarenessUpdate, type Awareness } from "y-protocols/awareness";
import { readSyncMessage, writeSyncStep1, writeUpdate } from "y-protocols/sync";
import * as Y from "yjs";

/**
 * The live room's messages (docs/app.md, "Co-editing"; the wire contract of issue 38): binary
 * frames in the y-websocket framing — a varUint type, then sync (0, y-protocols/sync),
 * awareness (1, y-protocols/awareness) or Quire's room status (3, server to client only: a
 * JSON string). Pure: what to send is answered as bytes, what arrived is applied to the doc.
 */

/** The message types of the contract. */
const MESSAGE = { sync: 0, awareness: 1, status: 3 } as const;

/** The largest message either side sends (the room closes a socket with 4413 above it). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** The room's write-back state (message type 3). */
export interface RoomStatus {
  saved: boolean;
  documentId?: string;
  error?: string;
}

/** What one message from the room asks of the provider. */
export type Received =
  | { kind: "sync"; reply: Uint8Array | null; synced: boolean; ahead: boolean }
  | { kind: "awareness" }
  | { kind: "status"; status: RoomStatus };

/** The first message on open: our state vector (sync step 1). */
export function syncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** A document update of ours (sync update). */
export function syncUpdate(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** An awareness update of `clients` (ours, or ours removed). */
export function awarenessMessage(awareness: Awareness, clients: number[]): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.awareness);
  encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(encoder);
}

/** Reads a status JSON; anything but the contract's shape is malformed. */
function parseStatus(text: string): RoomStatus {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null) throw new Error("status is not an object");
  const { saved, documentId, error } = value as Record<string, unknown>;
  if (typeof saved !== "boolean") throw new Error("status has no saved flag");
  return {
    saved,
    ...(typeof documentId === "string" ? { documentId } : {}),
    ...(typeof error === "string" ? { error } : {}),
  };
}

/** Whether `doc` holds edits a peer whose state vector is `vector` lacks (a client's later clock). */
function holdsMore(doc: Y.Doc, vector: Uint8Array): boolean {
  const theirs = Y.decodeStateVector(vector);
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(doc))) {
    if (clock > (theirs.get(client) ?? 0)) return true;
  }
  return false;
}

/** The state vector of a sync step 1 (`data` is the whole frame), or null for another message. */
function step1Vector(data: Uint8Array): Uint8Array | null {
  const decoder = decoding.createDecoder(data);
  if (decoding.readVarUint(decoder) !== MESSAGE.sync || decoding.readVarUint(decoder) !== 0) {
    return null;
  }
  return decoding.readVarUint8Array(decoder);
}

/**
 * Applies one message of the room to `doc` / `awareness` (`origin` marks what came from the
 * room, so it is not sent back). Throws on a malformed or unknown message.
 */
export function receive(
  data: Uint8Array,
  doc: Y.Doc,
  awareness: Awareness,
  origin: unknown,
): Received {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  if (type === MESSAGE.sync) {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE.sync);
    const vector = step1Vector(data);
    const step = readSyncMessage(decoder, encoder, doc, origin);
    // Step 1 from the room wants our step 2 (what we have that it lacks: offline edits too).
    const reply = encoding.length(encoder) > 1 ? encoding.toUint8Array(encoder) : null;
    const ahead = vector !== null && holdsMore(doc, vector);
    return { kind: "sync", reply, synced: step === 1, ahead };
  }
  if (type === MESSAGE.awareness) {
    applyAwarenessUpdate(awareness, decoding.readVarUint8Array(decoder), origin);
    return { kind: "awareness" };
  }
  if (type === MESSAGE.status) {
    return { kind: "status", status: parseStatus(decoding.readVarString(decoder)) };
  }
  throw new Error(`unknown message type ${type}`);
}
