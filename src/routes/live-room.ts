import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { Caller } from "../auth/caller";
import { callerDigest } from "../auth/caller";
import { requireScope } from "../auth/organization";
import { atLeast, type MemberRole } from "../lib/roles";
import { scopeAllows } from "../lib/scopes";
import { ApiError, conflict, forbidden, notFound } from "../lib/errors";
import type { RoomPage } from "../services/collab/room-pages";
import { roomKey, roomName } from "../services/collab/live-rooms";
import { FACTS_HEADER, type RoomFacts } from "../collab/sockets";

/**
 * What the two live-room routes share (a page in a change request, a page on main; Quire
 * extensions, docs/compatibility.md): the caller's scope and the app-Origin rule for sessions,
 * the page's checks, the upgrade's, and the hand-over to the page's room (src/collab) with the
 * caller's facts in a header only this Worker can send.
 */

/** What a route resolved: who calls, with which role on the space. */
interface Resolved {
  caller: Caller;
  role: MemberRole;
}

/** A session's upgrade must come from the app's origin (cross-site WebSocket hijacking). */
function requireAppOrigin(c: Context<AppEnv>): void {
  let app: string | null;
  try {
    app = new URL(c.env.PUBLIC_APP_URL).origin;
  } catch {
    app = null;
  }
  if (!app || c.req.header("Origin") !== app) {
    throw forbidden("A session's live connection must come from the app's origin");
  }
}

/** The caller may open a live socket at all: `space:read`, and a session from the app's origin. */
export function requireLiveCaller(c: Context<AppEnv>, found: Resolved): void {
  requireScope(found.caller, "space:read");
  if (found.caller.token.kind === "session") requireAppOrigin(c);
}

/**
 * Checks the page (there, a document) and the upgrade, then forwards the socket to the room of
 * `place` (readers connect read-only: their facts say `writes: false`).
 */
export async function forwardToRoom(
  c: Context<AppEnv>,
  found: Resolved,
  place: { spaceId: string; changeRequestId: string | null; pageId: string },
  page: RoomPage | null,
): Promise<Response> {
  if (!page) throw notFound("Page");
  if (!page.isDocument) throw conflict("Only a document page can be co-edited");
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError(426, "This endpoint is a WebSocket: send Upgrade: websocket");
  }
  const binding = c.env.COLLAB_ROOMS;
  if (!binding) throw new ApiError(503, "Live rooms are not configured on this deployment");
  const facts: RoomFacts = {
    ...place,
    userId: found.caller.user.id,
    name: found.caller.user.displayName,
    digest: callerDigest(c),
    kind: found.caller.token.kind === "session" ? "session" : "api",
    writes: atLeast(found.role, "edit") && scopeAllows(found.caller.token.scopes, "space:write"),
  };
  const name = roomName(roomKey(place.spaceId, place.changeRequestId), place.pageId);
  const stub = binding.get(binding.idFromName(name));
  return stub.fetch("https://room/connect", {
    headers: { Upgrade: "websocket", [FACTS_HEADER]: JSON.stringify(facts) },
  });
}
