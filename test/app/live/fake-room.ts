import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { readSyncMessage, writeSyncStep1, writeSyncStep2 } from "y-protocols/sync";
import * as Y from "yjs";
import type { SocketLike } from "../../../app/client/collab/provider";
import type { Timers } from "../../../app/client/collab/throttle";

/**
 * The boundary of the live provider's unit tests: a fake WebSocket the test opens, feeds and
 * closes, a room that answers the y-protocols sync as the contract's room does (its step 1 and
 * step 2 on open), and a manual clock for the provider's timers (no wall time).
 */

/** A socket driven by the test. */
export class FakeSocket implements SocketLike {
  binaryType: BinaryType = "blob";
  sent: Uint8Array[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }

  /** The server accepted the upgrade. */
  open(): void {
    this.onopen?.(new Event("open"));
  }

  /** A binary frame from the server. */
  deliver(bytes: Uint8Array): void {
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The server (or the network) closed the socket. */
  drop(code: number, reason = ""): void {
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

/** The message type (first varUint) of a frame. */
export function typeOf(frame: Uint8Array): number {
  return decoding.readVarUint(decoding.createDecoder(frame));
}

/** A room holding `doc`: it greets a socket and applies what the client sends. */
export class FakeRoom {
  readonly doc = new Y.Doc();
  private read = new WeakMap<FakeSocket, number>();

  /** Opens `socket` and sends the room's step 1 and step 2, as the contract's room does. */
  accept(socket: FakeSocket): void {
    socket.open();
    const step1 = encoding.createEncoder();
    encoding.writeVarUint(step1, 0);
    writeSyncStep1(step1, this.doc);
    socket.deliver(encoding.toUint8Array(step1));
    const step2 = encoding.createEncoder();
    encoding.writeVarUint(step2, 0);
    writeSyncStep2(step2, this.doc);
    socket.deliver(encoding.toUint8Array(step2));
  }

  /** Applies the sync frames `socket` sent since the last call (awareness is ignored). */
  absorb(socket: FakeSocket): void {
    const from = this.read.get(socket) ?? 0;
    for (const frame of socket.sent.slice(from)) {
      const decoder = decoding.createDecoder(frame);
      if (decoding.readVarUint(decoder) !== 0) continue;
      readSyncMessage(decoder, encoding.createEncoder(), this.doc, "client");
    }
    this.read.set(socket, socket.sent.length);
  }
}

/** A status frame (type 3) carrying `json`. */
export function statusFrame(json: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 3);
  encoding.writeVarString(encoder, json);
  return encoding.toUint8Array(encoder);
}

/** Timers on a clock the test moves. */
export function manualClock(): { timers: Timers; advance(ms: number): void } {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    timers: {
      set(run, ms) {
        const id = nextId++;
        due.set(id, { at: now + ms, run });
        return id;
      },
      clear: (id) => void due.delete(id as number),
      now: () => now,
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const first = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
        if (!first || first[1].at > end) break;
        due.delete(first[0]);
        now = first[1].at;
        first[1].run();
      }
      now = end;
    },
  };
}
