import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { spaces as spacesTable } from "../../src/db/schema";
import { reindexPages } from "../../src/services/search/indexer";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { commitChanges, makeContentSpace, reloadSpace } from "../helpers/content-factories";
import { as, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, testDb, type TestUser } from "../helpers/factories";
import { grantSpace, makeSpace, setDeletedAt } from "../helpers/spaces-factories";
import { commitIndexed, seedSearchIndex, word } from "./fixtures";

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
