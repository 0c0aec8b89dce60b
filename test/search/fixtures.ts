import { eq } from "drizzle-orm";
import type { Change } from "../../src/content/change-schema";
import { reindexPages, searchPages } from "../../src/services/search/indexer";
import { as } from "../helpers/api";
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
