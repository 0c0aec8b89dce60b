import { createRoute } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import { errorResponses, jsonResponse } from "../../api-document/common";
import { EmbedQuery, EmbedSchema, EmbedSpaceParams } from "../../api/renderer-reads";
import { mainTarget } from "../../auth/content-target";
import { authenticate } from "../../auth/caller";
import { createOutbound } from "../../outbound";
import { embedByUrl } from "../../services/embeds/embeds";
import { siteGrantOf } from "../../auth/site-reader";
import type { Context } from "hono";
import type { AppEnv } from "../../env";

/**
 * The fetch budget of a site token's embeds: anyone can mint a site token of a public site, so
 * the fetches it makes the server do are counted per site (`RATE_LIMIT_EMBEDS`, wrangler.toml);
 * past the budget an embed not in the cache is answered as a plain link. A member's token has
 * no such budget (its own rate limit applies); without the binding nothing is counted.
 */
function siteEmbedBudget(c: Context<AppEnv>): (() => Promise<boolean>) | undefined {
  const grant = siteGrantOf(c);
  const binding = c.env.RATE_LIMIT_EMBEDS;
  if (!grant || !binding) return undefined;
  return async () => (await binding.limit({ key: `embeds:${grant.site}` })).success;
}

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
    return c.json(await embedByUrl(createOutbound(c.env), url, siteEmbedBudget(c)), 200);
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
