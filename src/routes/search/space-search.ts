import { createRoute } from "@hono/zod-openapi";
import { executionContext } from "../../http/background";
import { requireRole, requireScope } from "../../auth/organization";
import { resolveSpace } from "../../auth/space";
import type { ListPage } from "../../http/pagination";
import { declareList } from "../../http/lists";
import { createRouter } from "../../http/router";
import { urlsOf } from "../../http/urls";
import { errorResponses, jsonResponse, listOf } from "../../api-document/common";
import { presentRankedPage } from "../../presenters/search";
import { spaceSearchKeySchema, spaceSearchPlan } from "../../services/search/space-search";
import { catchUpInBackground } from "../../services/search/indexer";
import {
  SearchPageResultSchema,
  SearchQuery,
  SpaceSearchParams,
  type SearchPageResult,
} from "../../api/search";

/**
 * Response header saying whether `count` is exact (`exact`) or a lower bound (`at-least`: more
 * pages match than the ranked window read; see docs/compatibility.md, Search).
 */
const COUNT_HEADER = "X-Quire-Count";

/** Full-text search of a space's main content (spec §4.3). */
export const spaceSearchRoutes = createRouter();

/** A space's search results page by rank; a cursor is bound to the search text. */
const SPACE_SEARCH = declareList(
  (spaceId: string, query: string) => `search:space:${spaceId}:${query}`,
  spaceSearchKeySchema,
);

spaceSearchRoutes.openapi(
  createRoute({
    method: "get",
    path: "/spaces/{spaceId}/search",
    tags: ["space-content"],
    summary: "Full-text search across all pages in a space",
    request: { params: SpaceSearchParams, query: SearchQuery },
    responses: {
      200: jsonResponse(listOf(SearchPageResultSchema), "OK"),
      ...errorResponses(400, 403, 404),
    },
  }),
  async (c) => {
    const { spaceId } = c.req.valid("param");
    const { query, page, limit } = c.req.valid("query");
    const cursors = SPACE_SEARCH.at(c, spaceId, query);
    const after = await cursors.after(page);
    // The search runs in the access check's batch: one round trip for a small result page.
    const db = c.get("db");
    const reads = spaceSearchPlan(db, { spaceId, query, limit, after });
    const found = await resolveSpace(c, spaceId, { with: reads.statements });
    requireScope(found.caller, "space:read");
    requireRole(found.role, "read", "search this space");
    const { stale, items, count, exact, next } = reads.finish(found.results);
    if (stale(found.space.mainSeq)) {
      const ctx = executionContext(c);
      if (ctx) catchUpInBackground(db, spaceId, ctx);
    }
    const more = await cursors.next(next);
    const urls = urlsOf(c);
    const body: ListPage<SearchPageResult> = {
      count,
      items: items.map((p) => presentRankedPage(urls, spaceId, p)),
    };
    if (more) body.next = more;
    c.header(COUNT_HEADER, exact ? "exact" : "at-least");
    return c.json(body, 200);
  },
);
