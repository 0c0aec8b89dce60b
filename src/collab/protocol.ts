import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import { encodeStateAsUpdate, type Doc } from "yjs";

/**
 * The room's wire (docs/briefs collab-protocol; docs/architecture.md "Live rooms"): y-websocket's
 * framing (lib0 varUint message type) with Quire's status message, the close codes and limits.
 */

/** The message types of the framing. */
const MESSAGE = { sync: 0, awareness: 1, status: 3 } as const;

/** Close codes; the reason string says it for people. */
export const CLOSE = {
  malformed: 4400,
  signedOut: 4401,
  forbidden: 4403,
  closed: 4409,
  tooLarge: 4413,
  tooMany: 4429,
  full: 4503,
  restarting: 1012,
} as const;

/** The contract's limits. */
export const LIMITS = {
  /** Largest message, in bytes. */
  messageBytes: 1024 * 1024,
  /** Sockets per room. */
  sockets: 100,
  /** Messages per socket per window. */
  messagesPerWindow: 200,
  /** The rate window, in milliseconds. */
  windowMs: 10_000,
  /** Largest room state (the Yjs update of the whole document), in bytes. */
  stateBytes: 8 * 1024 * 1024,
} as const;

/** What the room tells sockets about its write-back. */
export interface RoomStatus {
  saved: boolean;
  documentId?: string;
  error?: string;
}

/** A status message (type 3): the JSON of `status` as a lib0 var string. */
export function statusMessage(status: RoomStatus): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.status);
  encoding.writeVarString(encoder, JSON.stringify(status));
  return encoding.toUint8Array(encoder);
}

/** The sync step 1 (the room's state vector) a socket receives on open. */
export function syncStep1(doc: Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  syncProtocol.writeSyncStep1(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** The sync step 2 (the whole document) a socket receives on open. */
export function syncStep2(doc: Doc): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  syncProtocol.writeSyncStep2(encoder, doc);
  return encoding.toUint8Array(encoder);
}

/** A sync update message carrying `update` (what the room broadcasts). */
export function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  syncProtocol.writeUpdate(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** An awareness message with the states of `clients`. */
export function awarenessMessage(
  awareness: awarenessProtocol.Awareness,
  clients: number[],
): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.awareness);
  encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(encoder);
}

/** A socket's message, decoded as far as the room needs; `malformed` when it is not one. */
export type Incoming =
  | { kind: "step1"; stateVector: Uint8Array }
  | { kind: "update"; update: Uint8Array }
  | { kind: "awareness"; update: Uint8Array }
  | { kind: "malformed"; reason: string };

/** Decodes a socket's binary message (a client never sends status messages). */
export function decodeIncoming(data: Uint8Array): Incoming {
  try {
    const decoder = decoding.createDecoder(data);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE.sync) {
      const sub = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (decoding.hasContent(decoder)) return { kind: "malformed", reason: "trailing bytes" };
      if (sub === syncProtocol.messageYjsSyncStep1) return { kind: "step1", stateVector: payload };
      if (sub === syncProtocol.messageYjsSyncStep2 || sub === syncProtocol.messageYjsUpdate) {
        return { kind: "update", update: payload };
      }
      return { kind: "malformed", reason: `unknown sync message ${sub}` };
    }
    if (type === MESSAGE.awareness) {
      const update = decoding.readVarUint8Array(decoder);
      if (decoding.hasContent(decoder)) return { kind: "malformed", reason: "trailing bytes" };
      return { kind: "awareness", update };
    }
    return { kind: "malformed", reason: `unknown message type ${type}` };
  } catch {
    return { kind: "malformed", reason: "not a y-websocket message" };
  }
}

/** The sync step 2 answering a socket's step 1: what the room has that the socket lacks. */
export function answerStep1(doc: Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE.sync);
  encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2);
  // Throws on a malformed state vector: the caller treats that as a malformed message.
  encoding.writeVarUint8Array(encoder, encodeStateAsUpdate(doc, stateVector));
  return encoding.toUint8Array(encoder);
}
