import { DurableObject } from "cloudflare:workers";
import * as awarenessProtocol from "y-protocols/awareness";
import * as Y from "yjs";
import type { Bindings } from "../env";
import { createDb } from "../db/client";
import { primaryOf } from "../db/session";
import { roomAccess } from "../auth/room-access";
import { markRoomClosed, markRoomOpen, REFRESH_PATH, roomKey } from "../services/collab/live-rooms";
import type { MainRevisionHook } from "../platform/main-revision";
import { readRoomPage } from "../services/collab/room-pages";
import { changeFrom } from "./document";
import { applyRepairingMoves, compactedState, keepMoved } from "./moves";
import {
  answerStep1,
  awarenessMessage,
  CLOSE,
  decodeIncoming,
  LIMITS,
  statusMessage,
  syncStep1,
  syncStep2,
  updateMessage,
  type RoomStatus,
} from "./protocol";
import { RoomSaver } from "./saver";
import {
  closeWith,
  colourOf,
  FACTS_HEADER,
  factsOf,
  RateWindows,
  sendTo,
  socketFacts,
  socketLimit,
  type RoomFacts,
  type SocketFacts,
} from "./sockets";
import { splitMemory } from "./splits";
import { RoomStore } from "./store";

/** How often the sockets' sessions and roles are re-checked. */
const RECHECK_MS = 60_000;

/**
 * The live co-editing room of one page in one change request, or on main of a space whose
 * `editMode` is `live` (docs/architecture.md "Live rooms"): a Yjs document over hibernating
 * WebSockets (y-websocket's sync and awareness protocol), its update log in the object's SQLite
 * (`RoomStore`), its Document written back to D1 through the content batch's service or the
 * commit-to-main step (`RoomSaver`), its people re-checked every minute. The Worker's class is
 * `collabRoomClass`'s, which hands it the platform's after-main hooks.
 */
class Room extends DurableObject<Bindings> {
  private readonly store: RoomStore;
  private readonly rates = new RateWindows();
  private doc: Y.Doc | null = null;
  /** The letters recent splits re-created, for `applyRepairingMoves` (kept in the store). */
  private splits = splitMemory();
  private awareness: awarenessProtocol.Awareness | null = null;
  private readonly saver: RoomSaver;

  constructor(ctx: DurableObjectState, env: Bindings, hooks: readonly MainRevisionHook[]) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql);
    this.saver = new RoomSaver({
      env,
      store: this.store,
      storage: ctx.storage,
      doc: () => this.loaded(),
      status: (status) => this.broadcastStatus(status),
      closeAll: (code, reason) => this.closeAll(code, reason),
      // Awaited in the save (no waitUntil): the alarm's work, off everyone's typing path.
      afterMain: () => ({ hooks, db: createDb(primaryOf(env)), jobs: env.JOBS }),
    });
  }

  /** The Worker's calls: a socket's upgrade (from the route) or a refresh (a content batch). */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === REFRESH_PATH) {
      if (this.store.meta().spaceId) await this.saver.refresh(this.ctx.getWebSockets());
      return new Response(null, { status: 204 });
    }
    const facts = factsOf(request.headers.get(FACTS_HEADER));
    if (!facts || request.headers.get("Upgrade") !== "websocket") {
      return new Response("Not a room connection", { status: 400 });
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    const limit = socketLimit(this.env);
    if (this.ctx.getWebSockets().length >= limit) {
      server.accept();
      closeWith(server, CLOSE.full, `This page has ${limit} people in it already`);
      return new Response(null, { status: 101, webSocket: client });
    }
    await this.open(facts);
    const attachment: SocketFacts = { ...facts, colour: colourOf(facts.userId), clients: [] };
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(attachment);
    const doc = this.loaded();
    sendTo(server, syncStep1(doc));
    sendTo(server, syncStep2(doc));
    const awareness = this.presence();
    const states = [...awareness.getStates().keys()];
    if (states.length) sendTo(server, awarenessMessage(awareness, states));
    sendTo(server, statusMessage(this.saver.status()));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** First socket of a fresh room: its place, its Document read from D1, its D1 row. */
  private async open(facts: RoomFacts): Promise<void> {
    const meta = this.store.meta();
    const db = createDb(primaryOf(this.env));
    if (meta.baseDocumentId === undefined) {
      const access = await roomAccess(db, facts.spaceId, facts.changeRequestId, facts);
      if (!access.ok) throw new Error(access.message);
      const page = await readRoomPage(db, access.space, access.changeRequest, facts.pageId);
      // The route checked the page a moment ago; gone since, the room starts empty.
      const { base } = changeFrom(null, page?.document ?? null);
      this.store.compact(base);
      this.store.setBase(base, page?.documentId ?? null, page?.document ?? null);
      this.store.setMeta({
        spaceId: facts.spaceId,
        changeRequestId: facts.changeRequestId ?? undefined,
        pageId: facts.pageId,
      });
      this.doc?.destroy();
      this.doc = null;
    }
    if (this.ctx.getWebSockets().length === 0) {
      await markRoomOpen(db, roomKey(facts.spaceId, facts.changeRequestId), facts.pageId);
      this.saver.scheduleRecheck(Date.now() + RECHECK_MS);
    }
  }

  /** The Yjs document, rebuilt from storage after the object woke. */
  private loaded(): Y.Doc {
    if (this.doc) return this.doc;
    // Moved blocks' originals are kept from garbage collection for `applyRepairingMoves`.
    const doc: Y.Doc = new Y.Doc({ gcFilter: keepMoved(() => doc, this.store) });
    for (const update of this.store.updates()) Y.applyUpdate(doc, update);
    this.splits = splitMemory(this.store);
    doc.on("update", (update: Uint8Array, origin: unknown) => this.accepted(update, origin));
    this.doc = doc;
    return doc;
  }

  /** The room's presence (awareness), without its timer: sockets renew their own states. */
  private presence(): awarenessProtocol.Awareness {
    if (this.awareness) return this.awareness;
    const awareness = new awarenessProtocol.Awareness(this.loaded());
    clearInterval(awareness._checkInterval);
    awareness.setLocalState(null);
    awareness.on(
      "update",
      ({ added }: { added: number[] }, origin: unknown) =>
        origin instanceof WebSocket && this.own(origin, added),
    );
    this.awareness = awareness;
    return awareness;
  }

  /** Records the awareness clients a socket added (removed when it closes). */
  private own(ws: WebSocket, added: number[]): void {
    if (!added.length) return;
    const facts = socketFacts(ws);
    ws.serializeAttachment({ ...facts, clients: [...new Set([...facts.clients, ...added])] });
  }

  /**
   * An update the document accepted: stored (its one write; the output gate holds the broadcast
   * until it is durable), sent to everyone else, then marked for the save. The log is compacted
   * by the alarm, here only when it outgrew its bound with no alarm.
   */
  private accepted(update: Uint8Array, origin: unknown): void {
    this.store.append(update);
    const message = updateMessage(update);
    for (const ws of this.ctx.getWebSockets()) if (ws !== origin) sendTo(ws, message);
    if (origin instanceof WebSocket) this.saver.edited(socketFacts(origin));
    if (this.store.overdueCompaction())
      this.store.compact(compactedState(this.loaded(), this.store));
  }

  override async webSocketMessage(ws: WebSocket, message: ArrayBuffer | string): Promise<void> {
    if (typeof message === "string") return closeWith(ws, CLOSE.malformed, "Binary frames only");
    if (message.byteLength > LIMITS.messageBytes) {
      return closeWith(ws, CLOSE.tooLarge, "Message over 1 MiB");
    }
    if (!this.rates.allow(ws, Date.now())) {
      return closeWith(ws, CLOSE.tooMany, "Over 200 messages in 10 s");
    }
    const incoming = decodeIncoming(new Uint8Array(message));
    try {
      if (incoming.kind === "malformed") return closeWith(ws, CLOSE.malformed, incoming.reason);
      if (incoming.kind === "step1")
        return sendTo(ws, answerStep1(this.loaded(), incoming.stateVector));
      if (incoming.kind === "awareness") {
        awarenessProtocol.applyAwarenessUpdate(this.presence(), incoming.update, ws);
        const out = new Uint8Array(message);
        for (const other of this.ctx.getWebSockets()) if (other !== ws) sendTo(other, out);
        return;
      }
      // A reader's document updates are dropped (their awareness is kept).
      if (!socketFacts(ws).writes) return;
      this.receive(ws, incoming.update);
    } catch {
      closeWith(ws, CLOSE.malformed, "Malformed message");
    }
  }

  /**
   * A writer's document update: checked, within the room's size, then applied, letters it left
   * only in a moved block's deleted original typed again into the copy (`moves.ts`).
   */
  private receive(ws: WebSocket, update: Uint8Array): void {
    Y.decodeUpdate(update); // Throws on a malformed update before the document sees it.
    const doc = this.loaded();
    if (this.store.pendingBytes + update.byteLength > LIMITS.stateBytes / 2) {
      this.store.compact(compactedState(doc, this.store));
    }
    const size = this.store.snapshotBytes + this.store.pendingBytes + update.byteLength;
    if (size > LIMITS.stateBytes) {
      return closeWith(ws, CLOSE.tooLarge, "The page's live state is over 8 MiB");
    }
    applyRepairingMoves(doc, update, ws, this.splits);
  }

  override async webSocketClose(ws: WebSocket): Promise<void> {
    this.leave(ws);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.leave(ws);
  }

  /** A socket left: its presence removed for the others; the last one closes the room's row. */
  private leave(ws: WebSocket): void {
    const { clients } = socketFacts(ws);
    if (clients.length) {
      const awareness = this.presence();
      awarenessProtocol.removeAwarenessStates(awareness, clients, "closed");
      const message = awarenessMessage(awareness, clients);
      for (const other of this.ctx.getWebSockets()) if (other !== ws) sendTo(other, message);
    }
    const left = this.ctx.getWebSockets().filter((other) => other !== ws);
    const meta = this.store.meta();
    if (left.length === 0 && meta.firstUnsavedAt === undefined && meta.spaceId) {
      const key = roomKey(meta.spaceId, meta.changeRequestId ?? null);
      this.ctx.waitUntil(markRoomClosed(createDb(primaryOf(this.env)), key, meta.pageId!));
    }
  }

  override async alarm(): Promise<void> {
    await this.saver.alarm(this.ctx.getWebSockets());
  }

  /** Sends every socket the room's write-back state. */
  private broadcastStatus(status: RoomStatus): void {
    const message = statusMessage(status);
    for (const ws of this.ctx.getWebSockets()) sendTo(ws, message);
  }

  /** Closes every socket (the change request closed, the space left live editing). */
  private closeAll(code: number, reason: string): void {
    for (const ws of this.ctx.getWebSockets()) closeWith(ws, code, reason);
  }
}

/**
 * The rooms' Durable Object class with the platform's after-main hooks (a save on main runs
 * them, as every write to main does): built once by the composition root (src/index.ts).
 */
export function collabRoomClass(hooks: readonly MainRevisionHook[]) {
  return class CollabRoom extends Room {
    constructor(ctx: DurableObjectState, env: Bindings) {
      super(ctx, env, hooks);
    }
  };
}
