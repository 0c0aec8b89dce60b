import { describe, expect, it, beforeAll } from "vitest";
import { d1Cost } from "../helpers/api";
import { makeMember } from "../helpers/factories";
import { commitIndexed, fillerPages, searchSpace, searchWorld, word } from "./fixtures";
import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";
import { emptyStorage } from "../helpers/storage";

describe("space-search", () => {
  describe("GET /v1/spaces/{spaceId}/search", () => {
    it("returns matching pages with sections, snippets, path, ancestors and app URLs", async () => {
      const { org, owner, space } = await searchWorld();
      const reader = await makeMember(org.id, "read");
      const w = word();
      await commitIndexed(space.id, owner, [
        ...fillerPages(4),
        {
          operation: "insert_page",
          ref: "guide",
          title: "Guide",
          document: { markdown: "Start here.\n" },
        },
        {
          operation: "insert_page",
          into: "guide",
          title: "Install",
          description: "How to install",
          document: { markdown: `Intro line.\n\n## Setup steps\n\nRun the ${w} installer now.\n` },
        },
      ]);
      const res = await searchSpace(reader.token, space.id, w);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      expect(res.body.next).toBeUndefined();
      const [item] = res.body.items;
      expect(item).toMatchObject({
        title: "Install",
        description: "How to install",
        path: "guide/install",
        rank: 1,
        resultType: "section",
        ancestors: [{ title: "Guide" }],
        urls: { app: `https://app.quire.test/s/${space.id}/guide/install` },
      });
      expect(item.score).toBeGreaterThan(0);
      expect(item.sections).toEqual([
        {
          id: `${item.id}/setup-steps`,
          title: "Setup steps",
          path: "guide/install#setup-steps",
          score: expect.any(Number),
          resultType: "section",
          body: `Run the ${w} installer now.`,
          urls: { app: `https://app.quire.test/s/${space.id}/guide/install#setup-steps` },
        },
      ]);
    });

    it("ranks a title hit above a body hit, and a page matched on its title shows its first section", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        ...fillerPages(6),
        {
          operation: "insert_page",
          title: "Body page",
          document: { markdown: `Some text about ${w} here.\n` },
        },
        {
          operation: "insert_page",
          title: `The ${w} page`,
          document: { markdown: "Nothing else.\n" },
        },
      ]);
      const res = await searchSpace(owner.token, space.id, w);
      expect(res.body.items.map((i: { title: string }) => i.title)).toEqual([
        `The ${w} page`,
        "Body page",
      ]);
      expect(res.body.items[0].score).toBeGreaterThan(res.body.items[1].score);
      expect(res.body.items.map((i: { rank: number }) => i.rank)).toEqual([1, 2]);
      expect(res.body.items[0].resultType).toBe("page");
      expect(res.body.items[0].sections).toEqual([
        expect.objectContaining({
          title: `The ${w} page`,
          body: "Nothing else.",
          resultType: "page",
        }),
      ]);
    });

    it("matches a prefix on the last word only, needs every word, and folds accents and case", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        ...fillerPages(3),
        {
          operation: "insert_page",
          title: "Keeper",
          document: { markdown: `The ${w}keeper lives by the Café.\n` },
        },
        { operation: "insert_page", title: "Other", document: { markdown: `Only ${w} alone.\n` } },
      ]);
      const titles = async (q: string) =>
        (await searchSpace(owner.token, space.id, q)).body.items
          .map((i: { title: string }) => i.title)
          .sort();
      expect(await titles(w)).toEqual(["Keeper", "Other"]);
      expect(await titles(`${w}kee`)).toEqual(["Keeper"]);
      // Only the last word is a prefix: "<w>" must then match a whole word.
      expect(await titles(`${w} lives`)).toEqual([]);
      expect(await titles(`${w}keeper LIVES`)).toEqual(["Keeper"]);
      expect(await titles(`cafe ${w.toUpperCase()}KEEPER`)).toEqual(["Keeper"]);
    });

    it("keeps snippets short around the hit", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      const filler = Array.from({ length: 120 }, (_, i) => `filler${i}`).join(" ");
      await commitIndexed(space.id, owner, [
        {
          operation: "insert_page",
          title: "Long",
          document: { markdown: `${filler} ${w} ${filler}\n` },
        },
      ]);
      const res = await searchSpace(owner.token, space.id, w);
      const body: string = res.body.items[0].sections[0].body;
      expect(body).toContain(w);
      expect(body.split(/\s+/).length).toBeLessThanOrEqual(30);
    });

    it("pages through results with a signed cursor, ranks preserved, count exact on the last page", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(
        space.id,
        owner,
        Array.from({ length: 5 }, (_, i) => ({
          operation: "insert_page" as const,
          title: `Page ${i}`,
          document: {
            markdown: `${Array(i + 1)
              .fill(w)
              .join(" ")} and more text.\n`,
          },
        })),
      );
      const seen: string[] = [];
      const ranks: number[] = [];
      let page: string | undefined;
      do {
        const res = await searchSpace(
          owner.token,
          space.id,
          w,
          page ? { limit: 2, page } : { limit: 2 },
        );
        expect(res.status).toBe(200);
        // A lower bound while the ranked window has not reached the last match, then exact.
        const exact = res.headers.get("X-Quire-Count") === "exact";
        if (exact) expect(res.body.count).toBe(5);
        else expect(res.body.count).toBeGreaterThanOrEqual(seen.length + res.body.items.length);
        if (!res.body.next) expect(exact).toBe(true);
        seen.push(...res.body.items.map((i: { id: string }) => i.id));
        ranks.push(...res.body.items.map((i: { rank: number }) => i.rank));
        page = res.body.next?.page;
      } while (page);
      expect(new Set(seen).size).toBe(5);
      expect(ranks).toEqual([1, 2, 3, 4, 5]);
      const first = await searchSpace(owner.token, space.id, w, { limit: 2 });
      const other = await searchSpace(owner.token, space.id, `${w} more`, {
        page: first.body.next.page,
      });
      expect(other.status).toBe(400);
      expect(other.body.error.message).toMatch(/^query\.page:/);
    });

    it("answers a LIST, never a 500, whatever FTS5 syntax the query holds", async () => {
      const { owner, space } = await searchWorld();
      const w = word();
      await commitIndexed(space.id, owner, [
        {
          operation: "insert_page",
          title: "Target",
          document: { markdown: `Find ${w} here, NEAR the end.\n` },
        },
      ]);
      const hostile = [
        '"',
        `"${w}`,
        `${w}"`,
        "NEAR(",
        `NEAR(${w} here, 2)`,
        "*",
        `${w}*`,
        `-${w}`,
        "(",
        `(${w}))`,
        "AND OR",
        `${w} AND OR NOT`,
        "title:x",
        `{title}: ${w}`,
        "^x",
        "😀🎉",
        "\u0000\u0001",
        "''; DROP TABLE search_rows; --",
        "x".repeat(512),
        `${"a ".repeat(255)}b`,
      ];
      for (const query of hostile) {
        const res = await searchSpace(owner.token, space.id, query);
        expect(res.status, query).toBe(200);
        expect(Array.isArray(res.body.items), query).toBe(true);
        expect(typeof res.body.count, query).toBe("number");
      }
      // Operators are plain words: the page still matches on its words.
      const found = await searchSpace(owner.token, space.id, `"${w}" NEAR(`);
      expect(found.body.items.map((i: { title: string }) => i.title)).toEqual(["Target"]);
      const emoji = await searchSpace(owner.token, space.id, "😀");
      expect(emoji.body).toEqual({ count: 0, items: [] });
    });

    it("refuses a missing, empty or too long query with a 400 naming query.query", async () => {
      const { owner, space } = await searchWorld();
      for (const query of [undefined, "", "x".repeat(513)]) {
        const res = await searchSpace(owner.token, space.id, query as string);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^query\.query:/);
      }
      const limit = await searchSpace(owner.token, space.id, "x", { limit: 1001 });
      expect(limit.status).toBe(400);
      expect(limit.body.error.message).toMatch(/^query\.limit:/);
    });

    it("reads rows of the searched space only: a much larger space with the same words costs nothing", async () => {
      const { org, owner, space } = await searchWorld();
      const w = word();
      const pages = (n: number, label: string) =>
        Array.from({ length: n }, (_, i) => ({
          operation: "insert_page" as const,
          title: `${label} ${i}`,
          document: { markdown: `Text with ${w} inside.\n\n## More\n\nOther ${w} words.\n` },
        }));
      await commitIndexed(space.id, owner, pages(3, "Small"));
      const before = d1Cost(await searchSpace(owner.token, space.id, w));
      const { makeContentSpace } = await import("../helpers/content-factories");
      const big = await makeContentSpace(org.id, owner);
      await commitIndexed(big.id, owner, pages(100, "Big"));
      await commitIndexed(big.id, owner, pages(100, "Bigger"));
      const small = await searchSpace(owner.token, space.id, w);
      const after = d1Cost(small);
      const large = d1Cost(await searchSpace(owner.token, big.id, w));
      expect(small.body.count).toBe(3);
      expect(after.roundTrips).toBe(1);
      // The big space's 400 matching sections do not show in the small space's search, and its
      // own search reads the ranked window only (limit 50: 2 × 50 + 10 rows at most).
      expect(after.rowsRead).toBeLessThanOrEqual(before.rowsRead + 5);
      expect(large.rowsRead).toBeGreaterThan(after.rowsRead);
      expect(large.rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
    });
  });
});

describe("authz", () => {
  beforeAll(emptyStorage);
  type State = Awaited<ReturnType<typeof matrixContent>>;

  // Any role that sees the space may search it (the guest is granted read on it); an outsider's
  // answer is the same 404 as for a space id that never existed.
  authorizationMatrix<State>("GET /v1/spaces/{spaceId}/search", {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({
      method: "GET",
      path: `/spaces/${s.space.id}/search`,
      query: { query: "home" },
    }),
    missing: () => ({
      method: "GET",
      path: "/spaces/neverexisted/search",
      query: { query: "home" },
    }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });

  // Members search the organization (spaces they can read); guests are refused.
  authorizationMatrix("GET /v1/orgs/{organizationId}/search", {
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/search`, query: { query: "home" } }),
    missing: () => ({ method: "GET", path: "/orgs/neverexisted/search", query: { query: "home" } }),
    minimumRole: "read",
    scope: "organization:search",
    success: 200,
  });
});
