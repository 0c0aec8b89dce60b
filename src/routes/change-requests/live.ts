import { createRoute } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import type { Context } from "hono";
import { requireScope } from "../../auth/organization";
import { resolveChangeRequest } from "../../auth/change-request";
import { callerDigest } from "../../auth/caller";
import { atLeast } from "../../lib/roles";
import { scopeAllows } from "../../lib/scopes";
import { ApiError, conflict, forbidden, notFound } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses } from "../../api-document/common";
import { LivePageParams } from "../../api/change-requests";
import { readRoomPage } from "../../services/collab/room-pages";
import { roomName } from "../../services/collab/live-rooms";
import { FACTS_HEADER, type RoomFacts } from "../../collab/sockets";

/**
 * The live room of a page in a change request (Quire extension; docs/compatibility.md): a
 * WebSocket upgrade, authorized here with the API's resolvers (404 for what the caller cannot
 * see, 409 for a merged or archived change request, read-only for readers), then handed to the
 * page's room (src/collab) with the caller's facts in a header only this Worker can send.
 */
export const liveRoutes = createRouter();

/** A session's upgrade must come from the app's origin (cross-site WebSocket hijacking). */
function requireAppOrigin(c: Context<AppEnv>): void {
  let app: string | null = null;
  try {
    app = new URL(c.env.PUBLIC_APP_URL).origin;
  } catch {
    app = null;
  }
  if (!app || c.req.header("Origin") !== app) {
    throw forbidden("A session's live connection must come from the app's origin");
  }
}

liveRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/change-requests/{changeRequestId}/pages/{pageId}/live",
    tags: ["change-request-content"],
    summary: "Open the live co-editing room of a page (WebSocket; Quire extension)",
    description:
      "Upgrades to a WebSocket speaking the y-websocket protocol (sync, awareness) plus Quire's " +
      "status message; readers connect read-only. See docs/architecture.md, Live rooms.",
    request: { params: LivePageParams },
    responses: {
      101: { description: "Switching to the WebSocket protocol" },
      ...errorResponses(403, 404, 409, 426),
    },
  }),
  async (c) => {
    const { spaceId, changeRequestId, pageId } = c.req.valid("param");
    const found = await resolveChangeRequest(c, spaceId, changeRequestId);
    requireScope(found.caller, "space:read");
    const session = found.caller.token.kind === "session";
    if (session) requireAppOrigin(c);
    const cr = found.changeRequest;
    if (cr.status === "merged" || cr.status === "archived") {
      throw conflict(`This change request is ${cr.status}: it has no live rooms`);
    }
    const page = await readRoomPage(c.get("db"), found.space, cr, pageId);
    if (!page) throw notFound("Page");
    if (!page.isDocument) throw conflict("Only a document page can be co-edited");
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "This endpoint is a WebSocket: send Upgrade: websocket");
    }
    const binding = c.env.COLLAB_ROOMS;
    if (!binding) throw new ApiError(503, "Live rooms are not configured on this deployment");
    const facts: RoomFacts = {
      spaceId,
      changeRequestId: cr.id,
      pageId,
      userId: found.caller.user.id,
      name: found.caller.user.displayName,
      digest: callerDigest(c),
      kind: session ? "session" : "api",
      writes: atLeast(found.role, "edit") && scopeAllows(found.caller.token.scopes, "space:write"),
    };
    const stub = binding.get(binding.idFromName(roomName(cr.id, pageId)));
    return stub.fetch("https://room/connect", {
      headers: { Upgrade: "websocket", [FACTS_HEADER]: JSON.stringify(facts) },
    });
  },
);
