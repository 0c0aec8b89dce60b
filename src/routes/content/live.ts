import { createRoute } from "@hono/zod-openapi";
import { resolveSpace } from "../../auth/space";
import { NOT_LIVE_MESSAGE } from "../../auth/room-access";
import { conflict } from "../../lib/errors";
import { createRouter } from "../../http/router";
import { errorResponses } from "../../api-document/common";
import { SpacePageParams } from "../../api/content";
import { readRoomPage } from "../../services/collab/room-pages";
import { forwardToRoom, requireLiveCaller } from "../live-room";

/**
 * The live room of a page on main, in a space whose `editMode` is `live` (Quire extension;
 * docs/compatibility.md): editing main itself, no change request. Authorized with the space's
 * resolver (404 for a space the caller cannot see, read-only for readers, 409 when the edit mode
 * is not `live`), read at main's head, then handed to the page's room (`forwardToRoom`); the
 * room's saves are new main revisions (`commitPagesToMain`).
 */
export const mainLiveRoutes = createRouter();

mainLiveRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/pages/{pageId}/live",
    tags: ["space-content"],
    summary: "Open the live co-editing room of a page on main (WebSocket; Quire extension)",
    description:
      "For a space whose editMode is live: upgrades to a WebSocket speaking the y-websocket " +
      "protocol (sync, awareness) plus Quire's status message; each save is a new main " +
      "revision. Readers connect read-only. See docs/architecture.md, Live rooms.",
    request: { params: SpacePageParams },
    responses: {
      101: { description: "Switching to the WebSocket protocol" },
      ...errorResponses(403, 404, 409, 426),
    },
  }),
  async (c) => {
    const { spaceId, pageId } = c.req.valid("param");
    const found = await resolveSpace(c, spaceId);
    requireLiveCaller(c, found);
    if (found.space.editMode !== "live") throw conflict(NOT_LIVE_MESSAGE);
    const page = await readRoomPage(c.get("db"), found.space, null, pageId);
    return forwardToRoom(
      c,
      found,
      { spaceId: found.space.id, changeRequestId: null, pageId },
      page,
    );
  },
);
