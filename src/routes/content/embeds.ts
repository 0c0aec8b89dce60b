import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { EmbedQuery, EmbedSchema, EmbedSpaceParams } from "../../api/renderer-reads";
import { mainTarget } from "../../auth/content-target";
import { authenticate } from "../../auth/caller";
import { createOutbound } from "../../outbound";
import { embedByUrl } from "../../services/embeds/embeds";

/**
 * The embed reads (official getEmbedByUrlInSpace and getEmbedByUrl; docs/compatibility.md,
 * "Embeds"): the embed of a URL, fetched through the outbound fetcher and cached. In a space,
 * for whoever may read its content (members, a site token of a site publishing it); without a
 * space, for a Quire member's token only (a site token gets the 404 of what does not exist).
 */
export const embedRoutes = createRouter();

embedRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/embed",
    tags: ["spaces"],
    summary: "Get the embed of a URL (oEmbed, OpenGraph) for a space's content",
    request: { params: EmbedSpaceParams, query: EmbedQuery },
    responses: { 200: jsonResponse(EmbedSchema, "OK"), ...errorResponses(400, 403, 404) },
  }),
  async (c) => {
    await mainTarget(c, c.req.valid("param").spaceId);
    const url = new URL(c.req.valid("query").url);
    return c.json(await embedByUrl(createOutbound(c.env), url), 200);
  },
);

embedRoutes.openapi(
  createRoute({
    method: "get",
    path: "/urls/embed",
    tags: ["urls"],
    summary: "Get the embed of a URL (oEmbed, OpenGraph)",
    request: { query: EmbedQuery },
    responses: { 200: jsonResponse(EmbedSchema, "OK"), ...errorResponses(400, 404) },
  }),
  async (c) => {
    await authenticate(c);
    const url = new URL(c.req.valid("query").url);
    return c.json(await embedByUrl(createOutbound(c.env), url), 200);
  },
);
