import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { keyToken } from "../../src/lib/fts-query";
import { searchTag, taggedText } from "../../src/lib/search-tags";
import type { Change } from "../../src/content/change-schema";
import { reindexPages, searchPages } from "../../src/services/search/indexer";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { expect } from "vitest";
import { commitChanges, makeContentSpace, reloadSpace } from "../helpers/content-factories";
import { makeOrg, testDb, unique, type TestUser } from "../helpers/factories";

/** A word no other test uses: searches for it see only this test's pages. */
export function word(prefix = "w"): string {
  return unique(prefix).toLowerCase();
}

/** An organization with an empty content space, owned by a new user. */
export async function searchWorld() {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  return { org, owner, space };
}

/**
 * Merges `changes` into main and brings the space's index up to date. The merge's own hook
 * runs in the background in tests (no ExecutionContext), so the test waits for the indexer.
 */
export async function commitIndexed(spaceId: string, user: TestUser, changes: Change[]) {
  const merged = await commitChanges(spaceId, user.user.id, changes);
  await reindexPages(testDb(), await reloadSpace(spaceId), []);
  return merged;
}

/** GET /spaces/{spaceId}/search as `token`. */
export function searchSpace(
  token: string,
  spaceId: string,
  query: string,
  extra: Record<string, string | number> = {},
) {
  return as(token).get(`/spaces/${spaceId}/search`, { query: { query, ...extra } });
}

/** The index keys of a space's pages (the companion table of the FTS index), by page id. */
export async function indexedPages(spaceId: string) {
  const rows = await testDb().select().from(searchPages).where(eq(searchPages.spaceId, spaceId));
  return new Map(rows.map((row) => [row.pageId, row.id]));
}

/** Pages whose body mentions nothing searched for, so bm25's document frequencies mean something. */
export function fillerPages(count: number): Change[] {
  return Array.from({ length: count }, (_, i) => ({
    operation: "insert_page" as const,
    title: `Filler ${i}`,
    document: { markdown: `Unrelated words number ${i}.\n` },
  }));
}

/** A page to seed into an index: its id, title and the text of each of its sections. */
export interface SeedPage {
  id: string;
  title: string;
  sections: string[];
}

/**
 * Writes pages into a space's search index directly, as the indexer writes them (tagged words,
 * the `t` space key), or as indexes before tags held them (`old`: plain text, the `s` key), and
 * the index state at the space's main so no catch-up runs. Each page sits at `page-<n>` under
 * an ancestor titled "Top"; sections after the first have the anchor `part-<s>`.
 */
export async function seedSearchIndex(
  space: { id: string; organizationId: string },
  pages: SeedPage[],
  options: { old?: boolean } = {},
) {
  const tags = { space: searchTag("space", space.id), org: searchTag("org", space.organizationId) };
  const text = (t: string) => (options.old ? t : taggedText(t, tags));
  await env.DB.prepare(
    "INSERT INTO search_pages (space_id, organization_id, page_id) SELECT ?, ?, value FROM json_each(?)",
  )
    .bind(space.id, space.organizationId, JSON.stringify(pages.map((p) => p.id)))
    .run();
  const rows = pages.flatMap((page, i) =>
    page.sections.map((body, s) => {
      const place = { id: page.id, path: `page-${i}`, ancestors: ["Top"], v: 2 };
      return [
        page.id,
        s,
        text(page.title),
        text(body),
        s === 0 ? null : `part-${s}`,
        JSON.stringify(place),
      ];
    }),
  );
  await env.DB.prepare(
    `INSERT INTO search_fts (rowid, space_key, org_key, title, description, heading, body, anchor, page)
     SELECT p.id * 256 + json_extract(e.value, '$[1]'), ?, ?, json_extract(e.value, '$[2]'), '',
       '', json_extract(e.value, '$[3]'), json_extract(e.value, '$[4]'), json_extract(e.value, '$[5]')
     FROM json_each(?) e CROSS JOIN search_pages p
       ON p.space_id = ? AND p.page_id = json_extract(e.value, '$[0]')`,
  )
    .bind(
      keyToken(options.old ? "s" : "t", space.id),
      keyToken("o", space.organizationId),
      JSON.stringify(rows),
      space.id,
    )
    .run();
  const { mainSeq } = await reloadSpace(space.id);
  await env.DB.prepare(
    "INSERT INTO search_spaces (space_id, seq) VALUES (?, ?) ON CONFLICT DO UPDATE SET seq = excluded.seq",
  )
    .bind(space.id, mainSeq)
    .run();
}

/** One page of a search walk: its items, count, whether the count is exact, and its D1 cost. */
export interface WalkStep<I> {
  items: I[];
  count: number;
  exact: boolean;
  rows: number;
  rt: number;
}

/**
 * Every page of a search, following `next.page` (at most 100 pages): what the paging tests of
 * the space and the organization searches check, page by page.
 */
export async function walkSearch<I>(
  fetchPage: (page: string | undefined) => Promise<ApiResponse>,
): Promise<WalkStep<I>[]> {
  const steps: WalkStep<I>[] = [];
  let page: string | undefined;
  do {
    const res = await fetchPage(page);
    expect(res.status, res.text).toBe(200);
    const cost = d1Cost(res);
    const body = res.body as { items: I[]; count: number; next?: { page: string } };
    steps.push({
      items: body.items,
      count: body.count,
      exact: res.headers.get("X-Quire-Count") === "exact",
      rows: cost.rowsRead,
      rt: cost.roundTrips,
    });
    page = body.next?.page;
  } while (page && steps.length < 100);
  return steps;
}
