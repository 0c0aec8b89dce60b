import { createRoute } from "@hono/zod-openapi";
import { resolveChangeRequest } from "../../auth/change-request";
import { conflict } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses } from "../../api-document/common";
import { LivePageParams } from "../../api/change-requests";
import { readRoomPage } from "../../services/collab/room-pages";
import { forwardToRoom, requireLiveCaller } from "../live-room";

/**
 * The live room of a page in a change request (Quire extension; docs/compatibility.md): a
 * WebSocket upgrade, authorized here with the API's resolvers (404 for what the caller cannot
 * see, 409 for a merged or archived change request, read-only for readers), then handed to the
 * page's room (`forwardToRoom`).
 */
export const liveRoutes = createRouter();

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
    requireLiveCaller(c, found);
    const cr = found.changeRequest;
    if (cr.status === "merged" || cr.status === "archived") {
      throw conflict(`This change request is ${cr.status}: it has no live rooms`);
    }
    const page = await readRoomPage(c.get("db"), found.space, cr, pageId);
    return forwardToRoom(c, found, { spaceId, changeRequestId: cr.id, pageId }, page);
  },
);
