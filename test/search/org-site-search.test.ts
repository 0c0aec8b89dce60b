import { describe, expect, it, beforeAll } from "vitest";
import { type SiteVisibility, spaces as spacesTable } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb, type TestUser } from "../helpers/factories";
import { makeContentSpace, commitChanges, reloadSpace } from "../helpers/content-factories";
import {
  makeShareLink,
  makeSite,
  readSiteSpaces,
  siteKey,
  unsignedToken,
  visitorToken,
} from "../helpers/sites-factories";
import { commitIndexed, fillerPages, word, seedSearchIndex } from "./fixtures";
import { eq } from "drizzle-orm";
import { reindexPages } from "../../src/services/search/indexer";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace, setDeletedAt } from "../helpers/spaces-factories";
import { emptyStorage } from "../helpers/storage";

describe("site-search", () => {
  /**
   * A site over two content spaces (A, B), each with a page mentioning `w` (B's twice in a short
   * text, A's once in a long one, so B's ranks first: bm25 weighs a word by its frequency in
   * each space, and `w` is rarer in A), in the given visibility, published unless told.
   */
  async function searchSite(
    options: { visibility?: SiteVisibility; published?: boolean; adaptive?: boolean } = {},
  ) {
    const { org, owner } = await makeOrg();
    const w = word();
    const a = await makeContentSpace(org.id, owner, "Space A");
    const b = await makeContentSpace(org.id, owner, "Space B");
    await commitIndexed(a.id, owner, [
      ...fillerPages(3),
      {
        operation: "insert_page",
        title: "Alpha",
        document: {
          markdown: `One ${w} here, among many words that make the page long and its one mention weak: ${fillerWords}.\n`,
        },
      },
    ]);
    await commitIndexed(b.id, owner, [
      ...fillerPages(3),
      { operation: "insert_page", title: "Beta", document: { markdown: `Two ${w} ${w}.\n` } },
      {
        operation: "insert_page",
        title: "Secret",
        condition: "visitor.claims.admin",
        document: { markdown: `Admins see ${w}.\n` },
      },
    ]);
    const site = await makeSite(org.id, owner, {
      spaces: [a, b],
      visibility: options.visibility ?? "public",
      published: options.published ?? true,
      adaptive: options.adaptive ?? false,
    });
    const rows = await readSiteSpaces(site.id);
    const ssA = rows.find((r) => r.spaceId === a.id)!;
    const ssB = rows.find((r) => r.spaceId === b.id)!;
    return { org, owner, site, a, b, ssA, ssB, w };
  }

  /** Words that lengthen a page's text. */
  const fillerWords =
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron";

  /** POST .../sites/{siteId}/search as `token` (null: anonymous). */
  function search(
    token: string | null,
    s: { org: { id: string }; site: { id: string } },
    body: Record<string, unknown>,
    query: Record<string, string | number> = {},
  ) {
    return as(token).post(`/orgs/${s.org.id}/sites/${s.site.id}/search`, body, { query });
  }

  /** The titles of the found pages, space by space. */
  const titles = (body: any) =>
    body.items.map((i: any) => [i.title, i.pages.map((p: any) => p.title)]);

  describe("POST /v1/orgs/{organizationId}/sites/{siteId}/search", () => {
    it("ranks pages of every site space together, grouped by space, with sections and ranks", async () => {
      const s = await searchSite();
      const res = await search(s.owner.token, s, { query: s.w, scope: { mode: "all" } });
      expect(res.status, res.text).toBe(200);
      expect(titles(res.body)).toEqual([
        ["Space B", ["Beta", "Secret"]],
        ["Space A", ["Alpha"]],
      ]);
      const beta = res.body.items[0];
      expect(beta).toMatchObject({ type: "space", id: s.b.id });
      expect(beta.pages[0]).toMatchObject({ rank: 1, resultType: "section", path: "beta" });
      expect(beta.pages[0].sections[0].body).toContain(s.w);
      expect(res.body.count).toBe(3);
      expect(res.headers.get("X-Quire-Count")).toBe("exact");
    });

    it("reads a public or unlisted site with any token, a share-link one with a key, else 404", async () => {
      const outsider = await makeUser();
      for (const visibility of ["public", "unlisted"] as const) {
        const s = await searchSite({ visibility });
        const res = await search(outsider.token, s, { query: s.w, scope: { mode: "all" } });
        expect(res.status, res.text).toBe(200);
        expect(res.body.count).toBe(3);
      }
      const shared = await searchSite({ visibility: "share-link" });
      const link = await makeShareLink(shared.site.id);
      const off = await makeShareLink(shared.site.id, { active: false });
      const body = { query: shared.w, scope: { mode: "all" } };
      const withKey = await search(outsider.token, shared, body, { shareKey: link.key });
      expect(withKey.status).toBe(200);
      expect(withKey.body.count).toBe(3);
      expect((await search(outsider.token, shared, body, { shareKey: off.key })).status).toBe(404);
      expect((await search(outsider.token, shared, body)).status).toBe(404);
    });

    it("is 404 on a private or unpublished site for outsiders, as on a site that does not exist", async () => {
      const hidden = await searchSite({ published: false });
      const body = { query: hidden.w };
      const outsider = await makeUser();
      const res = await search(outsider.token, hidden, body);
      expect(res.status).toBe(404);
      const none = await search(outsider.token, { org: hidden.org, site: { id: "nope" } }, body);
      expect(none.body).toEqual(res.body);
      // Members who can read the site still search it.
      const member = await makeMember(hidden.org.id, "read");
      expect((await search(member.token, hidden, body)).status).toBe(200);
    });

    it("follows the scope modes, and the deprecated forms", async () => {
      const s = await searchSite();
      const run = async (body: Record<string, unknown>) =>
        titles((await search(s.owner.token, s, { query: s.w, ...body })).body).map(
          ([space]: [string]) => space,
        );
      // Two root site spaces: the default scope is the root's default site space (the first).
      const first = (await readSiteSpaces(s.site.id)).sort((x, y) =>
        x.position < y.position ? -1 : 1,
      )[0]!;
      const firstTitle = first.spaceId === s.a.id ? "Space A" : "Space B";
      const other = firstTitle === "Space A" ? "Space B" : "Space A";
      expect(await run({})).toEqual([firstTitle]);
      expect(await run({ scope: { mode: "default" } })).toEqual([firstTitle]);
      expect(await run({ scope: { mode: "specific", siteSpaceIds: [s.ssA.id] } })).toEqual([
        "Space A",
      ]);
      expect(await run({ siteSpaceIds: [s.ssB.id] })).toEqual(["Space B"]);
      // The current site space always, in place of its container's default.
      const otherId = first.id === s.ssA.id ? s.ssB.id : s.ssA.id;
      const current = { mode: "default", currentSiteSpace: otherId };
      expect(await run({ scope: current })).toEqual([other]);
      expect(await run({ scope: { ...current, restrictTo: "currentSiteSpace" } })).toEqual([other]);
      expect(await run({ scope: { ...current, restrictTo: "otherSiteSpaces" } })).toEqual([]);
      expect(await run({ mode: "current", siteSpaceId: otherId })).toEqual([other]);
      expect((await run({ mode: "all" })).sort()).toEqual(["Space A", "Space B"]);
      expect(await run({ scope: { mode: "specific", siteSpaceIds: ["unknown"] } })).toEqual([]);
      const bad = await search(s.owner.token, s, { query: s.w, scope: { mode: "nope" } });
      expect(bad.status).toBe(400);
      const noCurrent = { mode: "default", restrictTo: "currentSiteSpace" };
      expect((await search(s.owner.token, s, { query: s.w, scope: noCurrent })).status).toBe(400);
    });

    it("searches each section's default site space in the default scope", async () => {
      const s = await searchSite();
      const c = await makeContentSpace(s.org.id, s.owner, "Space C");
      await commitIndexed(c.id, s.owner, [
        { operation: "insert_page", title: "Gamma", document: { markdown: `Three ${s.w}.\n` } },
      ]);
      const api = as(s.owner.token);
      const base = `/orgs/${s.org.id}/sites/${s.site.id}`;
      const one = (await api.post(`${base}/sections`, { spaceId: s.a.id, title: "One" })).body;
      const two = (await api.post(`${base}/sections`, { spaceId: c.id, title: "Two" })).body;
      const defaultOf = (section: any) =>
        section.siteSpaces.find((x: any) => x.default).space.title;
      const spaces = async (scope: Record<string, unknown>) =>
        titles((await search(s.owner.token, s, { query: s.w, scope })).body)
          .map(([space]: [string]) => space)
          .sort();
      expect(await spaces({ mode: "default" })).toEqual([defaultOf(one), "Space C"].sort());
      expect(await spaces({ mode: "all" })).toEqual(["Space A", "Space B", "Space C"]);
      const current = { mode: "default", currentSiteSpace: two.siteSpaces[0].id };
      expect(await spaces({ ...current, restrictTo: "otherSiteSpaces" })).toEqual([defaultOf(one)]);
    });

    it("hides adaptive pages and site spaces from visitors whose claims fail their condition", async () => {
      const s = await searchSite({ visibility: "visitor-auth", adaptive: true });
      const key = await siteKey(s.site.id);
      const base = `/orgs/${s.org.id}/sites/${s.site.id}`;
      await as(s.owner.token).patch(`${base}/site-spaces/${s.ssA.id}`, {
        condition: "visitor.claims.beta === true",
      });
      const outsider = await makeUser();
      const found = async (claims: Record<string, unknown>) => {
        const visitorAuthToken = await visitorToken(key, claims);
        const res = await search(
          outsider.token,
          s,
          { query: s.w, mode: "all" },
          { visitorAuthToken },
        );
        expect(res.status, res.text).toBe(200);
        return titles(res.body);
      };
      expect(await found({})).toEqual([["Space B", ["Beta"]]]);
      expect(await found({ admin: true, beta: true })).toEqual([
        ["Space B", ["Beta", "Secret"]],
        ["Space A", ["Alpha"]],
      ]);
      const forged = unsignedToken({ admin: true });
      const res = await search(outsider.token, s, { query: s.w }, { visitorAuthToken: forged });
      expect(res.status).toBe(404);
    });

    it("reads rows bounded by the page size, not the matches, in two round trips", async () => {
      const s = await searchSite();
      const body = { query: s.w, mode: "all" };
      // The same request matching nothing: the access check and the structure, no results.
      const none = d1Cost(await search(s.owner.token, s, { ...body, query: word() }));
      const res = await search(s.owner.token, s, body, { limit: 1 });
      expect(res.status).toBe(200);
      expect(res.body.items.flatMap((i: any) => i.pages)).toHaveLength(1);
      expect(res.body.next).toBeDefined();
      const cost = d1Cost(res);
      expect(cost.roundTrips).toBeLessThanOrEqual(2);
      expect(cost.rowsRead - none.rowsRead).toBeLessThanOrEqual(2 * 1 + 10);
      const query = { limit: 1, page: res.body.next.page };
      const again = await search(s.owner.token, s, body, query);
      expect(again.body.items[0].pages[0].rank).toBe(2);
      expect(d1Cost(again).rowsRead - none.rowsRead).toBeLessThanOrEqual(2 * 1 + 10);
      // A cursor belongs to its text and scope.
      const other = await search(
        s.owner.token,
        s,
        { query: s.w, mode: "all", siteSpaceIds: [s.ssA.id] },
        query,
      );
      expect(other.status).toBe(400);
    });
  });
});

describe("org-search", () => {
  beforeAll(emptyStorage);
  const APP = "https://app.quire.test";

  type Item = {
    id: string;
    title: string;
    score: number;
    pages: {
      id: string;
      title: string;
      rank: number;
      score: number;
      sections?: { title: string }[];
    }[];
  };

  /** GET /orgs/{id}/search as `token` (the contract is checked by `as`). */
  function search(
    orgId: string,
    token: string,
    query: string,
    extra: Record<string, string | number> = {},
  ) {
    return as(token).get(`/orgs/${orgId}/search`, { query: { query, ...extra } });
  }

  /** Every page of an organization search, following `next`. */
  async function walk(orgId: string, token: string, query: string, limit: number) {
    const steps: { items: Item[]; count: number; exact: boolean; rows: number; rt: number }[] = [];
    let page: string | undefined;
    do {
      const res = await search(orgId, token, query, page ? { limit, page } : { limit });
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

  /** Puts one page with `text` on the space's main content and indexes it. */
  async function page(spaceId: string, owner: TestUser, title: string, text: string) {
    await commitChanges(spaceId, owner.user.id, [
      { operation: "insert_page", title, document: { markdown: `${text}\n` } },
    ]);
    await reindexPages(testDb(), await reloadSpace(spaceId), []);
  }

  describe("GET /v1/orgs/{organizationId}/search (ranked pages, bounded)", () => {
    it("finds only the spaces the member can read; hidden pages are neither counted nor ranked", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const w = word();
      const open = await makeContentSpace(org.id, owner, "Open");
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const hidden = await makeSpace(org.id, owner, { parent: closed.id, title: "Hidden" });
      const granted = await makeSpace(org.id, owner, { parent: closed.id, title: "Granted" });
      const viaTeam = await makeSpace(org.id, owner, { parent: closed.id, title: "Team" });
      const viaCollection = await makeCollection(org.id, {
        parent: closed.id,
        defaultLevel: "inherit",
      });
      const nested = await makeSpace(org.id, owner, { parent: viaCollection.id, title: "Nested" });
      const deleted = await makeContentSpace(org.id, owner, "Deleted");
      await grantSpace(granted.id, { user: reader.user.id }, "read");
      const team = await makeBareTeam(org.id, [reader.user.id]);
      await grantSpace(viaTeam.id, { team }, "comment");
      await grant(viaCollection.id, { user: reader.user.id }, "read");
      for (const s of [open, hidden, granted, viaTeam, nested, deleted]) {
        await page(s.id, owner, `Doc in ${s.title}`, `About ${w}.`);
      }
      await setDeletedAt(deleted.id, new Date().toISOString());
      const elsewhere = await makeOrg({ owner });
      const foreign = await makeContentSpace(elsewhere.org.id, owner, "Foreign");
      await page(foreign.id, owner, "Foreign doc", `About ${w}.`);

      const asReader = await search(org.id, reader.token, w);
      expect(asReader.status, asReader.text).toBe(200);
      const titles = (items: Item[]) => items.map((i) => i.title).sort();
      expect(titles(asReader.body.items)).toEqual(["Granted", "Nested", "Open", "Team"]);
      expect(asReader.body.count).toBe(4);
      expect(asReader.headers.get("X-Quire-Count")).toBe("exact");
      const ranks = (items: Item[]) => items.flatMap((i) => i.pages.map((p) => p.rank)).sort();
      expect(ranks(asReader.body.items)).toEqual([1, 2, 3, 4]);
      const asAdmin = await search(org.id, owner.token, w);
      expect(titles(asAdmin.body.items)).toEqual(["Granted", "Hidden", "Nested", "Open", "Team"]);
      expect(asAdmin.body.count).toBe(5);
    });

    it("ranks pages across spaces and groups them by space, best space first", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const w = word();
      const strong = await makeContentSpace(org.id, owner, "Strong");
      const weak = await makeContentSpace(org.id, owner, "Weak");
      await commitIndexed(weak.id, owner, [
        {
          operation: "insert_page",
          title: "Mention",
          document: { markdown: `Body mentions ${w} among many other words of a long text.\n` },
        },
        { operation: "insert_page", title: "Filler", document: { markdown: "Nothing.\n" } },
      ]);
      await commitIndexed(strong.id, owner, [
        { operation: "insert_page", ref: "g", title: "Guide", document: { markdown: "Hi.\n" } },
        {
          operation: "insert_page",
          into: "g",
          title: `All about ${w}`,
          document: { markdown: `## Use\n\nUse ${w}.\n` },
        },
        { operation: "insert_page", title: "Also", document: { markdown: `Also ${w} here.\n` } },
      ]);
      const res = await search(org.id, member.token, w);
      expect(res.status, res.text).toBe(200);
      const items = res.body.items as Item[];
      expect(items.map((r) => r.title)).toEqual(["Strong", "Weak"]);
      const [first, second] = items;
      expect(first).toMatchObject({ id: strong.id });
      expect(first!.pages.map((p) => p.title)).toEqual([`All about ${w}`, "Also"]);
      expect(first!.pages[0]).toMatchObject({
        path: expect.stringMatching(/^guide\//),
        ancestors: [{ title: "Guide" }],
        rank: 1,
        urls: { app: expect.stringMatching(new RegExp(`^${APP}/s/${strong.id}/guide/`)) },
      });
      expect(first!.pages[0]!.sections!.map((s) => s.title)).toEqual(["Use"]);
      expect(first!.pages[0]!.sections![0]).toMatchObject({ resultType: "section" });
      // No tag, copy separator or hit mark (JSON escapes control characters) reaches the answer.
      for (const ch of ["\uE000", "\uE001", "\\u0001", "\\u0002", "\\u0003"]) {
        expect(JSON.stringify(res.body)).not.toContain(ch);
      }
      expect(second!.pages.map((p) => p.title)).toEqual(["Mention"]);
      expect(res.body.count).toBe(3);
      // Queries without words find nothing.
      const none = await search(org.id, member.token, '"() *');
      expect(none.body).toEqual({ count: 0, items: [] });
    });

    it("walks every matching page once, each page within 2 × limit + 10 rows, a hidden space left out", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "read");
      const w = word();
      const spaces = [];
      for (let n = 0; n < 4; n++) {
        const s = await makeContentSpace(org.id, owner, `S${n}`);
        spaces.push(s);
      }
      // At the root, as the spaces found (one in a collection adds its chain's reads).
      const hidden = await makeSpace(org.id, owner, { title: "Hidden" });
      await testDb()
        .update(spacesTable)
        .set({ defaultLevel: null })
        .where(eq(spacesTable.id, hidden.id));
      for (const [n, s] of [...spaces, hidden].entries()) {
        await seedSearchIndex(
          { id: s.id, organizationId: org.id },
          Array.from({ length: 60 }, (_, i) => ({
            id: `${w}-${n}-${i}`,
            title: `Page ${n}.${i}`,
            sections: [
              `${Array(1 + ((i * 7 + n) % 9))
                .fill(w)
                .join(" ")} words ${i}`,
            ],
          })),
        );
      }
      for (const limit of [10, 50]) {
        const steps = await walk(org.id, member.token, w, limit);
        const pages = steps.flatMap((s) => s.items.flatMap((i) => i.pages));
        expect(pages).toHaveLength(240);
        expect(new Set(pages.map((p) => p.id)).size).toBe(240);
        expect(steps.flatMap((s) => s.items.map((i) => i.title))).not.toContain("Hidden");
        expect(pages.map((p) => p.rank).sort((a, b) => a - b)).toEqual(pages.map((_, i) => i + 1));
        for (const step of steps) {
          // The ranked read in the access check's round trip, the found spaces' access in a second.
          expect(step.rt).toBeLessThanOrEqual(2);
          expect(step.rows).toBeLessThanOrEqual(2 * limit + 10);
          expect(step.items.length).toBeLessThanOrEqual(limit);
        }
        expect(steps[0]!.exact).toBe(false);
        expect(steps.at(-1)).toMatchObject({ count: 240, exact: true });
        console.log(
          `org search walk (limit ${limit}), rows read per page:`,
          steps.map((s) => s.rows).join(", "),
        );
      }
    });
  });
});
