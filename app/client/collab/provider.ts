import { removeAwarenessStates, type Awareness } from "y-protocols/awareness";
import * as Y from "yjs";
import { reconnectDelay } from "./backoff";
import { stoppedReason, stopsLive } from "./close-codes";
import {
  awarenessMessage,
  MAX_MESSAGE_BYTES,
  receive,
  syncStep1,
  syncUpdate,
  type RoomStatus,
} from "./messages";
import { Throttle, type Timers } from "./throttle";

/**
 * The browser's side of a live room (issue 38; docs/app.md, "Co-editing"): one WebSocket to
 * `/v1/…/pages/{pageId}/live` on the app's origin (the session cookie goes along), keeping a
 * Y.Doc and its Awareness in step with the room. Edits are sent coalesced (at most one update
 * per 100 ms, awareness per 300 ms: within the room's 200 messages per 10 s); what could not be
 * sent waits in the doc and goes in our sync step 2 on the next open. A lost connection comes
 * back after a jittered backoff; a 44xx close stops with the room's reason; a socket that never
 * opened on the first try is `unavailable` (the editor then saves the way it does without rooms).
 */

/** Where the connection is. */
export type LiveState =
  | { kind: "connecting" }
  | { kind: "live" }
  | { kind: "offline"; retryAt: number }
  | { kind: "stopped"; code: number; reason: string }
  | { kind: "unavailable" };

/** What of a WebSocket the provider uses (the browser's has it; tests pass a fake). */
export interface SocketLike {
  binaryType: BinaryType;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

/** How a provider is made. */
export interface LiveProviderOptions {
  url: string;
  doc: Y.Doc;
  awareness: Awareness;
  /** Opens a socket (default: the browser's WebSocket). */
  connect?: (url: string) => SocketLike;
  timers?: Timers;
  random?: () => number;
  /** A socket not open by then counts as failed (ms). */
  openTimeoutMs?: number;
  onState?: (state: LiveState) => void;
  /** The room's write-back state; `saved` turns false at once on a local edit. */
  onStatus?: (status: RoomStatus) => void;
}

const DEFAULT_TIMERS: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A live room connection (see above). */
export class LiveProvider {
  state: LiveState = { kind: "connecting" };
  status: RoomStatus = { saved: true };
  private socket: SocketLike | null = null;
  private opened = false;
  private everOpened = false;
  private failures = 0;
  private timer: unknown = null;
  private pending: Uint8Array[] = [];
  private awarenessDirty = false;
  /** Our step 2 carried edits the room lacked: its greeting's "saved" predates them. */
  private greetingStale = false;
  private readonly timers: Timers;
  private readonly updates: Throttle;
  private readonly presence: Throttle;

  constructor(private readonly options: LiveProviderOptions) {
    this.timers = options.timers ?? DEFAULT_TIMERS;
    this.updates = new Throttle(this.timers, 100, () => this.flushUpdates());
    this.presence = new Throttle(this.timers, 300, () => this.flushAwareness());
    options.doc.on("update", this.onDocUpdate);
    options.awareness.on("update", this.onAwarenessUpdate);
  }

  /** Opens the first connection. */
  start(): void {
    this.open();
  }

  /** Connects again now (the network came back, or the person asked). */
  reconnectNow(): void {
    if (this.state.kind !== "offline") return;
    this.failures = 0;
    this.open();
  }

  /** The network went away: drop the socket at once instead of waiting for it to time out. */
  networkLost(): void {
    if (this.socket && this.state.kind !== "stopped") this.dropped();
  }

  /** Leaves the room: our presence removed, the socket closed, nothing more sent. */
  destroy(): void {
    const { doc, awareness } = this.options;
    // What the throttle still holds goes now (the tab is closing); IndexedDB keeps it too.
    this.flushUpdates();
    if (this.opened) {
      removeAwarenessStates(awareness, [doc.clientID], this);
      this.sendNow(awarenessMessage(awareness, [doc.clientID]));
    }
    doc.off("update", this.onDocUpdate);
    awareness.off("update", this.onAwarenessUpdate);
    this.updates.cancel();
    this.presence.cancel();
    this.clearTimer();
    this.detach()?.close(1000, "left");
    this.setState({ kind: "stopped", code: 1000, reason: "left the page" });
  }

  private open(): void {
    this.clearTimer();
    this.setState({ kind: "connecting" });
    const connect = this.options.connect ?? ((url: string) => new WebSocket(url));
    let socket: SocketLike;
    try {
      socket = connect(this.options.url);
    } catch {
      this.closed(1006, "");
      return;
    }
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => this.onOpen();
    socket.onmessage = (event) => this.onMessage(event);
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code, event.reason);
    };
    socket.onerror = () => undefined;
    this.timer = this.timers.set(() => {
      if (!this.opened && this.socket === socket) this.dropped();
    }, this.options.openTimeoutMs ?? 10_000);
  }

  private onOpen(): void {
    this.clearTimer();
    this.opened = true;
    this.everOpened = true;
    const { doc, awareness } = this.options;
    // Everything unsent goes in our step 2, the room's answer to this step 1's reply.
    this.pending = [];
    this.greetingStale = false;
    this.sendNow(syncStep1(doc));
    if (awareness.getLocalState() !== null) {
      this.sendNow(awarenessMessage(awareness, [doc.clientID]));
    }
  }

  private onMessage(event: MessageEvent): void {
    if (!(event.data instanceof ArrayBuffer)) return this.fail(4400, "a text frame");
    const { doc, awareness } = this.options;
    try {
      const got = receive(new Uint8Array(event.data), doc, awareness, this);
      if (got.kind === "sync") {
        if (got.reply) this.sendNow(got.reply);
        if (got.ahead) {
          this.greetingStale = true;
          this.setStatus({ saved: false });
        }
        if (got.synced && this.state.kind !== "live") {
          this.failures = 0;
          this.setState({ kind: "live" });
        }
      } else if (got.kind === "status") {
        // The room greets with its status before it has read our step 2's edits.
        const stale = this.greetingStale && got.status.saved;
        this.greetingStale = false;
        if (!stale) this.setStatus(got.status);
      }
    } catch (error) {
      this.fail(4400, error instanceof Error ? error.message : "malformed message");
    }
  }

  /** A message from the room we cannot read: this tab's copy may be wrong, so it stops. */
  private fail(code: number, reason: string): void {
    this.detach()?.close(1000, "unreadable message");
    this.closed(code, `the room sent a message this tab cannot read (${reason})`);
  }

  private dropped(): void {
    this.detach()?.close(1000, "network lost");
    this.closed(1006, "");
  }

  private detach(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    }
    return socket;
  }

  private closed(code: number, reason: string): void {
    this.socket = null;
    this.opened = false;
    this.clearTimer();
    const { doc, awareness } = this.options;
    const others = [...awareness.getStates().keys()].filter((id) => id !== doc.clientID);
    removeAwarenessStates(awareness, others, this);
    if (stopsLive(code)) {
      this.setState({ kind: "stopped", code, reason: stoppedReason(code, reason) });
    } else if (!this.everOpened) {
      this.setState({ kind: "unavailable" });
    } else {
      this.failures += 1;
      const delay = reconnectDelay(this.failures, this.options.random);
      this.timer = this.timers.set(() => this.open(), delay);
      this.setState({ kind: "offline", retryAt: this.timers.now() + delay });
    }
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (origin === this) return;
    if (this.status.saved) this.setStatus({ saved: false });
    if (!this.opened) return;
    this.pending.push(update);
    this.updates.request();
  };

  private readonly onAwarenessUpdate = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin === this) return;
    const id = this.options.doc.clientID;
    if (![...change.added, ...change.updated, ...change.removed].includes(id)) return;
    this.awarenessDirty = true;
    this.presence.request();
  };

  private flushUpdates(): void {
    if (this.pending.length === 0 || !this.opened) return;
    const update = this.pending.length === 1 ? this.pending[0]! : Y.mergeUpdates(this.pending);
    this.pending = [];
    this.sendNow(syncUpdate(update));
  }

  private flushAwareness(): void {
    if (!this.awarenessDirty || !this.opened) return;
    this.awarenessDirty = false;
    const { doc, awareness } = this.options;
    this.sendNow(awarenessMessage(awareness, [doc.clientID]));
  }

  private sendNow(message: Uint8Array): void {
    if (!this.socket || !this.opened) return;
    if (message.byteLength > MAX_MESSAGE_BYTES) {
      this.detach()?.close(1000, "too large");
      this.closed(4413, "");
      return;
    }
    this.socket.send(message);
  }

  private setState(state: LiveState): void {
    this.state = state;
    this.options.onState?.(state);
  }

  private setStatus(status: RoomStatus): void {
    this.status = status;
    this.options.onStatus?.(status);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}
