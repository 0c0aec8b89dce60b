import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { keyToken } from "../../src/lib/fts-query";
import { upgradeOldIndexes } from "../../src/services/search/index-upgrade";
import { indexStateQuery } from "../../src/services/search/indexer";
import { runStatements } from "../../src/db/plan";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { as } from "../helpers/api";
import { makeOrg, testDb } from "../helpers/factories";
import { makeSite } from "../helpers/sites-factories";
import { searchSpace, seedSearchIndex, word } from "./fixtures";

/** Rows of the FTS table holding a space's key token of the given kind. */
async function rowsWithKey(prefix: "s" | "t", spaceId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?")
    .bind(`space_key : "${keyToken(prefix, spaceId)}"`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * A space whose main holds a page mentioning `w`, indexed as before tagged words: plain text
 * under the old `s` key, its pages without a place format (no conditions stored).
 */
async function oldIndexedSpace() {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner, "Old");
  const w = word();
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Guide", document: { markdown: `About ${w}.\n` } },
  ]);
  await seedSearchIndex(
    { id: space.id, organizationId: org.id },
    [{ id: "old-page", title: "Old", sections: [`About ${w}.`] }],
    { old: true },
  );
  return { org, owner, space, w };
}

describe("search indexes written before tagged words are rebuilt (issue 27)", () => {
  it("a space search finds the old rows, answers, and rebuilds the index after its answer", async () => {
    const { owner, space, w } = await oldIndexedSpace();
    const [state] = (await runStatements(testDb(), { s: indexStateQuery(testDb(), space.id) })).s;
    expect(state).toMatchObject({ old: 1 });
    const first = await searchSpace(owner.token, space.id, w);
    expect(first.status, first.text).toBe(200);
    const second = await searchSpace(owner.token, space.id, w);
    expect(second.body.items.map((i: { title: string }) => i.title)).toEqual(["Guide"]);
    expect(await rowsWithKey("s", space.id)).toBe(0);
    expect(await rowsWithKey("t", space.id)).toBeGreaterThan(0);
  });

  it("a site search rebuilds the old indexes of its spaces", async () => {
    const { org, owner, space, w } = await oldIndexedSpace();
    const site = await makeSite(org.id, owner, { spaces: [space], visibility: "public" });
    const run = () =>
      as(owner.token).post(`/orgs/${org.id}/sites/${site.id}/search`, {
        query: w,
        scope: { mode: "all" },
      });
    expect((await run()).status).toBe(200);
    const again = await run();
    expect(again.body.items.flatMap((i: { pages: unknown[] }) => i.pages)).toHaveLength(1);
    expect(await rowsWithKey("s", space.id)).toBe(0);
  });

  it("the cron sweep rebuilds old indexes a few per run, then costs one seek", async () => {
    const spaces = [await oldIndexedSpace(), await oldIndexedSpace(), await oldIndexedSpace()];
    let rebuilt = 0;
    for (let run = 0; run < 10; run++) {
      const report = await upgradeOldIndexes(testDb(), 2);
      expect(report.rebuilt).toBeLessThanOrEqual(2);
      rebuilt += report.rebuilt;
      if (report.rebuilt === 0) break;
    }
    expect(rebuilt).toBeGreaterThanOrEqual(spaces.length);
    for (const { owner, space, w } of spaces) {
      expect(await rowsWithKey("s", space.id)).toBe(0);
      const found = await searchSpace(owner.token, space.id, w);
      expect(found.body.items).toHaveLength(1);
    }
    expect(await upgradeOldIndexes(testDb())).toEqual({ rebuilt: 0 });
  });
});
