import { describe, expect, it } from "vitest";
import { RANKED_PAGES } from "../../src/services/search/space-search";
import { d1Cost } from "../helpers/api";
import { searchSpace, searchWorld, seedSearchIndex, word } from "./fixtures";

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
