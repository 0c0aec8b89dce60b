import { eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import {
  reindexPages,
  reindexSpace,
  removeSpaceFromIndex,
  searchSpaces,
  indexStateQuery,
} from "../../src/services/search/indexer";
import {
  commitChanges,
  mainPagesByTitle,
  reloadSpace,
  makeContentSpace,
} from "../helpers/content-factories";
import { testDb, makeOrg } from "../helpers/factories";
import {
  commitIndexed,
  indexedPages,
  searchSpace,
  searchWorld,
  word,
  seedSearchIndex,
} from "./fixtures";
import { RANKED_PAGES } from "../../src/services/search/space-search";
import { d1Cost, as } from "../helpers/api";
import { env } from "cloudflare:test";
import {
  keyToken,
  MAX_SEARCH_TERMS,
  orgMatch,
  searchWords,
  spaceMatch,
  spacesMatch,
  taggedMatch,
} from "../../src/lib/fts-query";
import { upgradeOldIndexes } from "../../src/services/search/index-upgrade";
import { runStatements } from "../../src/db/plan";
import { makeSite } from "../helpers/sites-factories";
import { searchTag, taggedText, untag } from "../../src/lib/search-tags";
import { emptyStorage } from "../helpers/storage";

describe("index", () => {
  const titles = (res: { body: { items: { title: string }[] } }) =>
    res.body.items.map((i) => i.title).sort();

  /** Polls until `check` passes (the merge hook and the catch-up run in the background). */
  async function eventually(check: () => Promise<boolean>, ms = 5_000) {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error("timed out waiting for the search index");
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  describe("search index", () => {
    it("follows merges, re-indexing only the pages a merge changed", async () => {
      const { owner, space } = await searchWorld();
      const [old, fresh, kept] = [word("old"), word("new"), word("kept")];
      await commitIndexed(space.id, owner, [
        { operation: "insert_page", title: "Changing", document: { markdown: `Before ${old}.\n` } },
        { operation: "insert_page", title: "Stable", document: { markdown: `Always ${kept}.\n` } },
        {
          operation: "insert_page",
          title: "Doomed",
          document: { markdown: `Gone ${old} soon.\n` },
        },
      ]);
      const before = await indexedPages(space.id);
      const pages = await mainPagesByTitle(space.id);
      await commitIndexed(space.id, owner, [
        {
          operation: "update_page",
          page: pages.get("Changing")!.pageId,
          document: { markdown: `After ${fresh}.\n` },
        },
        { operation: "delete_page", page: pages.get("Doomed")!.pageId },
      ]);
      expect(titles(await searchSpace(owner.token, space.id, fresh))).toEqual(["Changing"]);
      expect(titles(await searchSpace(owner.token, space.id, old))).toEqual([]);
      expect(titles(await searchSpace(owner.token, space.id, kept))).toEqual(["Stable"]);
      const after = await indexedPages(space.id);
      const stable = pages.get("Stable")!.pageId;
      const changing = pages.get("Changing")!.pageId;
      // The unchanged page kept its index rows; the changed one was rewritten; the deleted one left.
      expect(after.get(stable)).toBe(before.get(stable));
      expect(after.get(changing)).not.toBe(before.get(changing));
      expect(after.has(pages.get("Doomed")!.pageId)).toBe(false);
      const [state] = await testDb()
        .select()
        .from(searchSpaces)
        .where(eq(searchSpaces.spaceId, space.id));
      expect(state!.seq).toBe((await reloadSpace(space.id)).mainSeq);
    });

    it("indexes a page renamed or moved without changing its body, under its new title and path", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        { operation: "insert_page", title: "Parent", document: { markdown: "Top.\n" } },
        { operation: "insert_page", title: "Child", document: { markdown: `Text ${w}.\n` } },
      ]);
      const pages = await mainPagesByTitle(space.id);
      await commitIndexed(space.id, owner, [
        {
          operation: "update_page",
          page: pages.get("Child")!.pageId,
          title: `Renamed ${w}x`,
          into: pages.get("Parent")!.pageId,
        },
      ]);
      const res = await searchSpace(owner.token, space.id, `${w}x`);
      expect(res.body.items).toHaveLength(1);
      expect(res.body.items[0]).toMatchObject({
        title: `Renamed ${w}x`,
        ancestors: [{ title: "Parent" }],
      });
      expect(res.body.items[0].path).toMatch(/^parent\//);
    });

    it("re-indexes a subtree when an ancestor is renamed or moved: stored paths and ancestors follow", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        { operation: "insert_page", ref: "top", title: "Top", document: { markdown: "Top.\n" } },
        {
          operation: "insert_page",
          ref: "mid",
          into: "top",
          title: "Mid",
          document: { markdown: "Mid.\n" },
        },
        {
          operation: "insert_page",
          into: "mid",
          title: "Leaf",
          document: { markdown: `Leaf ${w}.\n` },
        },
        { operation: "insert_page", title: "Other", document: { markdown: "Other.\n" } },
      ]);
      const pages = await mainPagesByTitle(space.id);
      await commitIndexed(space.id, owner, [
        { operation: "update_page", page: pages.get("Top")!.pageId, title: "Top renamed" },
        {
          operation: "update_page",
          page: pages.get("Mid")!.pageId,
          into: pages.get("Other")!.pageId,
        },
      ]);
      const res = await searchSpace(owner.token, space.id, w);
      expect(res.body.items).toHaveLength(1);
      expect(res.body.items[0]).toMatchObject({
        title: "Leaf",
        ancestors: [{ title: "Other" }, { title: "Mid" }],
      });
      expect(res.body.items[0].path).toMatch(/^other\/mid\/leaf/);
      await commitIndexed(space.id, owner, [
        { operation: "update_page", page: pages.get("Other")!.pageId, title: "Renamed other" },
      ]);
      const again = await searchSpace(owner.token, space.id, w);
      expect(again.body.items[0].ancestors).toEqual([{ title: "Renamed other" }, { title: "Mid" }]);
    });

    it("removes a space from the index and restores it, and a second sync finds nothing to do", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        { operation: "insert_page", title: "Kept", document: { markdown: `Some ${w}.\n` } },
      ]);
      const db = testDb();
      await removeSpaceFromIndex(db, space.id);
      expect((await indexedPages(space.id)).size).toBe(0);
      expect(titles(await searchSpace(owner.token, space.id, w))).toEqual([]);
      await reindexSpace(db, await reloadSpace(space.id));
      const restored = await indexedPages(space.id);
      expect(titles(await searchSpace(owner.token, space.id, w))).toEqual(["Kept"]);
      await reindexPages(db, await reloadSpace(space.id), []);
      expect(await indexedPages(space.id)).toEqual(restored);
    });

    it("stays consistent when several indexers race on the same space", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitChanges(
        space.id,
        owner.user.id,
        Array.from({ length: 12 }, (_, i) => ({
          operation: "insert_page" as const,
          title: `Page ${i}`,
          document: { markdown: `Body ${w} ${i}.\n\n## Part\n\nMore ${w}.\n` },
        })),
      );
      const db = testDb();
      const row = await reloadSpace(space.id);
      await Promise.all([
        reindexSpace(db, row),
        reindexPages(db, row, []),
        reindexSpace(db, row),
        reindexPages(db, row, []),
      ]);
      const res = await searchSpace(owner.token, space.id, w, { limit: 100 });
      expect(res.body.count).toBe(12);
      expect(new Set(res.body.items.map((i: { id: string }) => i.id)).size).toBe(12);
      expect((await indexedPages(space.id)).size).toBe(12);
    });

    it("is kept up to date by the merge hook, and caught up by a search when it fell behind", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      // The merge's hook indexes in the background (no ExecutionContext in this call).
      await commitChanges(space.id, owner.user.id, [
        { operation: "insert_page", title: "Hooked", document: { markdown: `Via ${w}.\n` } },
      ]);
      await eventually(
        async () => titles(await searchSpace(owner.token, space.id, w)).length === 1,
      );
      // Lost: the index is removed behind the API's back; a search notices and catches up.
      await removeSpaceFromIndex(testDb(), space.id);
      await searchSpace(owner.token, space.id, w);
      await eventually(
        async () => titles(await searchSpace(owner.token, space.id, w)).length === 1,
      );
    });

    it("does not index deleted spaces", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        { operation: "insert_page", title: "Gone", document: { markdown: `Text ${w}.\n` } },
      ]);
      const db = testDb();
      const { spaces } = await import("../../src/db/schema");
      await db
        .update(spaces)
        .set({ deletedAt: new Date().toISOString() })
        .where(eq(spaces.id, space.id));
      await reindexSpace(db, await reloadSpace(space.id));
      expect((await indexedPages(space.id)).size).toBe(0);
    });
  });
});

describe("bounded", () => {
  beforeAll(emptyStorage);
  type Item = { id: string; score: number; rank: number };

  /**
   * Seeds `pages` indexed pages into a new space's search index directly (600 pages through
   * merges would take minutes): each with `sections` matching sections whose bm25 varies with the
   * page (or is the same everywhere when `tied`).
   */
  async function seedIndex(pages: number, options: { sections?: number; tied?: boolean } = {}) {
    const { org, owner, space } = await searchWorld();
    const w = word();
    const sections = options.sections ?? 1;
    await seedSearchIndex(
      { id: space.id, organizationId: org.id },
      Array.from({ length: pages }, (_, i) => ({
        id: `${w}-page-${i}`,
        title: `Page ${i}`,
        sections: Array.from({ length: sections }, (_, s) => {
          const times = options.tied ? 1 : 1 + ((i * 7 + s * 3) % 11);
          return `${Array(times).fill(w).join(" ")} words ${options.tied ? "" : i} here`;
        }),
      })),
    );
    return { owner, space, w };
  }

  /** Every page of a search, following `next`, with each response's cost and count header. */
  async function walk(token: string, spaceId: string, query: string, limit: number) {
    const steps: { items: Item[]; count: number; exact: boolean; rows: number; rt: number }[] = [];
    let page: string | undefined;
    do {
      const res = await searchSpace(token, spaceId, query, page ? { limit, page } : { limit });
      expect(res.status, res.text).toBe(200);
      const cost = d1Cost(res);
      steps.push({
        items: res.body.items,
        count: res.body.count,
        exact: res.headers.get("X-Quire-Count") === "exact",
        rows: cost.rowsRead,
        rt: cost.roundTrips,
      });
      page = res.body.next?.page;
    } while (page && steps.length < 100);
    return steps;
  }

  describe("space search bounded by the page at any depth (issues 17, 27)", () => {
    it("reads at most 2 × limit + 10 rows on a first page of 600 matching pages; count a marked lower bound", async () => {
      const { owner, space, w } = await seedIndex(600, { sections: 2 });
      for (const limit of [50, 100]) {
        const res = await searchSpace(owner.token, space.id, w, { limit });
        expect(res.status).toBe(200);
        const cost = d1Cost(res);
        expect(cost.roundTrips).toBe(1);
        expect(cost.rowsRead).toBeLessThanOrEqual(2 * limit + 10);
        // The cap on ranked candidates: the first page ranks at most RANKED_PAGES pages.
        expect(res.body.items).toHaveLength(RANKED_PAGES);
        expect(res.body.next).toBeDefined();
        expect(res.headers.get("X-Quire-Count")).toBe("at-least");
        expect(res.body.count).toBeGreaterThanOrEqual(res.body.items.length);
        expect(res.body.count).toBeLessThanOrEqual(600);
        expect(res.body.items[0]).toMatchObject({ rank: 1, ancestors: [{ title: "Top" }] });
        expect(res.body.items[0].path).toMatch(/^page-\d+$/);
      }
    });

    it("walks all 600 pages once each: the first page by relevance, then in index order, every page within 2 × limit + 10 rows", async () => {
      for (const sections of [1, 3]) {
        const { owner, space, w } = await seedIndex(600, { sections });
        const steps = await walk(owner.token, space.id, w, 50);
        const items = steps.flatMap((s) => s.items);
        expect(items).toHaveLength(600);
        expect(new Set(items.map((i) => i.id)).size).toBe(600);
        expect(items.map((i) => i.rank)).toEqual(items.map((_, i) => i + 1));
        // Each page is in relevance order; the first one holds the best pages of all.
        for (const step of steps) {
          step.items.forEach(
            (item, i) => i > 0 && expect(item.score).toBeLessThanOrEqual(step.items[i - 1]!.score),
          );
        }
        const best = Math.max(...items.slice(RANKED_PAGES).map((i) => i.score));
        expect(steps[0]!.items.at(-1)!.score).toBeGreaterThanOrEqual(best);
        for (const step of steps) {
          expect(step.rt).toBe(1);
          expect(step.rows).toBeLessThanOrEqual(2 * 50 + 10);
        }
        const last = steps[steps.length - 1]!;
        expect(last).toMatchObject({ count: 600, exact: true });
        console.log(
          `search walk (${sections} sections a page), rows read per page:`,
          steps.map((s) => s.rows).join(", "),
        );
      }
    });

    it("answers an exact count below the window, with no next page", async () => {
      const { owner, space, w } = await seedIndex(30, { sections: 2 });
      const res = await searchSpace(owner.token, space.id, w, { limit: 50 });
      expect(res.body.count).toBe(30);
      expect(res.body.items).toHaveLength(30);
      expect(res.body.next).toBeUndefined();
      expect(res.headers.get("X-Quire-Count")).toBe("exact");
      expect(d1Cost(res).rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
    });

    it("pages through 130 pages tied on bm25 with full pages and no page twice", async () => {
      const { owner, space, w } = await seedIndex(130, { tied: true });
      const steps = await walk(owner.token, space.id, w, 50);
      expect(steps.map((s) => s.items.length)).toEqual([RANKED_PAGES, 50, 130 - RANKED_PAGES - 50]);
      const ids = steps.flatMap((s) => s.items.map((i) => i.id));
      expect(new Set(ids).size).toBe(130);
      for (const step of steps) expect(step.rows).toBeLessThanOrEqual(2 * 50 + 10);
    });
  });
});

describe("upgrade", () => {
  beforeAll(emptyStorage);
  /** Rows of the FTS table holding a space's key token of the given kind. */
  async function rowsWithKey(prefix: "s" | "t", spaceId: string): Promise<number> {
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM search_fts WHERE search_fts MATCH ?",
    )
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
});

describe("fts-query", () => {
  const T = "\uE000abcdefghij";

  describe("fts-query: user text to a safe MATCH expression of tagged words", () => {
    it("quotes every word behind the tag and makes the last one a prefix", () => {
      expect(taggedMatch([T], "install the CLI")).toBe(
        `"${T}install" AND "${T}the" AND "${T}CLI"*`,
      );
      expect(taggedMatch([T], "a")).toBe(`"${T}a"`);
      expect(taggedMatch([T], "café straße")).toBe(`"${T}café" AND "${T}straße"*`);
    });

    it("turns FTS5 syntax into plain words or nothing", () => {
      const words = (text: string) => searchWords(text).join(" ");
      expect(taggedMatch([T], '"unbalanced')).toBe(`"${T}unbalanced"*`);
      expect(words("NEAR(a b, 3)")).toBe("NEAR a b 3");
      expect(words("-x AND (y OR z)*")).toBe("x AND y OR z");
      expect(words("title:secret ^start")).toBe("title secret start");
      expect(taggedMatch([T], 'say "hi"')).toBe(`"${T}say" AND "${T}hi"*`);
      for (const text of ['"', "*", "(", ")", "-", "😀🎉", "   ", "\u0301", "\uE000\uE001"]) {
        expect(taggedMatch([T], text), text).toBeNull();
      }
      // A tag character typed by the user is a separator, never the start of another scope's tag.
      expect(searchWords(`x${T}y`)).toEqual(["x", "abcdefghijy"]);
    });

    it("keeps at most MAX_SEARCH_TERMS words", () => {
      expect(searchWords("w ".repeat(100))).toHaveLength(MAX_SEARCH_TERMS);
    });

    it("scopes words to one space, several spaces or one organization by their tags", () => {
      const a = searchTag("space", "A");
      const b = searchTag("space", "B");
      expect(a).toMatch(/^\uE000[0-9a-z]{10}$/);
      expect(searchTag("org", "A")).toMatch(/^\uE001[0-9a-z]{10}$/);
      expect(a).not.toBe(searchTag("space", "a"));
      expect(spaceMatch("A", "x yz")).toBe(`"${a}x" AND "${a}yz"*`);
      expect(spacesMatch(["A", "B"], "x")).toBe(`"${a}x" OR "${b}x"`.replace(/^(.*)$/, "($1)"));
      expect(orgMatch("A", "x")).toBe(`"${searchTag("org", "A")}x"`);
      expect(spacesMatch([], "x")).toBeNull();
    });

    it("writes each word as a space copy and an organization copy, and untags them back", () => {
      const tags = { space: searchTag("space", "S"), org: searchTag("org", "O") };
      const text = "Hello, wörld — 42\uE000x!";
      const tagged = taggedText(text, tags);
      expect(tagged).toBe(
        `${tags.space}Hello\u0003${tags.org}Hello, ${tags.space}wörld\u0003${tags.org}wörld — ` +
          `${tags.space}42\u0003${tags.org}42 ${tags.space}x\u0003${tags.org}x!`,
      );
      expect(untag(tagged)).toBe("Hello, wörld — 42 x!");
      // A highlight on either copy highlights the word once; a copy cut off leaves the other.
      const hit = (t: string) => `\u0001${t}\u0002`;
      expect(untag(`${hit(`${tags.space}a`)}\u0003${tags.org}a b`)).toBe("\u0001a\u0002 b");
      expect(untag(`${tags.space}a\u0003${hit(`${tags.org}a`)} b`)).toBe("\u0001a\u0002 b");
      expect(untag(`${tags.org}a ${tags.space}b`)).toBe("a b");
    });

    it("keeps the old key tokens: hex of the id, case-preserving", () => {
      expect(keyToken("s", "aB")).toBe("s6142");
      expect(keyToken("t", "aB")).toBe("t6142");
      expect(keyToken("s", "ab")).not.toBe(keyToken("s", "AB"));
    });
  });
});
