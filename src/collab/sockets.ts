import { CLOSE, LIMITS } from "./protocol";

/**
 * The facts of a room's sockets: what the API Worker's route established when the socket opened
 * (handed to the room in one header, which only the Worker can send: the room is reachable only
 * through its binding), kept with the socket across hibernation (`serializeAttachment`).
 */

/** The header carrying the connecting person's facts from the route to the room. */
export const FACTS_HEADER = "X-Quire-Room-Facts";

/** What the route established about the person connecting. */
export interface RoomFacts {
  spaceId: string;
  /** The page's change request; null for a page on main (a space whose `editMode` is `live`). */
  changeRequestId: string | null;
  pageId: string;
  userId: string;
  name: string;
  /** The credential's digest (never its secret) and how it was presented, for re-checks. */
  digest: string;
  kind: "session" | "api";
  /** Whether their document updates are accepted (edit role, write scope). */
  writes: boolean;
}

/** A socket's attachment: its person's facts, their colour, the awareness clients it controls. */
export interface SocketFacts extends RoomFacts {
  colour: string;
  clients: number[];
}

/** Parses the route's header (null: absent or not ours). */
export function factsOf(header: string | null): RoomFacts | null {
  if (!header) return null;
  try {
    const facts = JSON.parse(header) as RoomFacts;
    return typeof facts.userId === "string" && typeof facts.digest === "string" ? facts : null;
  } catch {
    return null;
  }
}

/** A person's colour, stable across their sockets: from their id. */
export function colourOf(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 70% 40%)`;
}

/** The socket's facts (written when it was accepted). */
export function socketFacts(ws: WebSocket): SocketFacts {
  return ws.deserializeAttachment() as SocketFacts;
}

/** Closes a socket with a contract code and its reason, ignoring one already closed. */
export function closeWith(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closing.
  }
}

/** Sends to a socket, ignoring one that is closing. */
export function sendTo(ws: WebSocket, message: Uint8Array): void {
  try {
    ws.send(message);
  } catch {
    // Closing: its close handler cleans up.
  }
}

/**
 * Each socket's message count in the current window (in memory: a woken room starts counting
 * afresh, which only ever lets a socket send a little more).
 */
export class RateWindows {
  private readonly windows = new WeakMap<WebSocket, { start: number; count: number }>();

  /** Counts a message; false when the socket is past its budget. */
  allow(ws: WebSocket, now: number): boolean {
    const w = this.windows.get(ws);
    if (!w || now - w.start >= LIMITS.windowMs) {
      this.windows.set(ws, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= LIMITS.messagesPerWindow;
  }
}

/** The sockets a room takes: the contract's 100, or COLLAB_ROOM_SOCKETS when set (tests). */
export function socketLimit(env: { COLLAB_ROOM_SOCKETS?: string }): number {
  const set = Number(env.COLLAB_ROOM_SOCKETS);
  return Number.isInteger(set) && set > 0 ? set : LIMITS.sockets;
}

/** The close code of a re-check's refusal. */
export function refusalCode(why: "signedOut" | "forbidden" | "closed"): number {
  if (why === "signedOut") return CLOSE.signedOut;
  if (why === "closed") return CLOSE.closed;
  return CLOSE.forbidden;
}
