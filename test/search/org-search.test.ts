import { describe, expect, it } from "vitest";
import type { MemberRole } from "../../src/lib/roles";
import { searchOrganization, type OrgSearchKey } from "../../src/services/search/search";
import { presentSearchSpace } from "../../src/presenters/search";
import { reindexPages } from "../../src/services/search/indexer";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { commitChanges, makeContentSpace, reloadSpace } from "../helpers/content-factories";
import { assertContract } from "../helpers/contract";
import { makeMember, makeOrg, testDb, type TestUser } from "../helpers/factories";
import { grantSpace, makeSpace, setDeletedAt } from "../helpers/spaces-factories";
import { commitIndexed, word } from "./fixtures";

const APP = "https://app.quire.test";

/** Calls the organization search as the organizations route does, for one member. */
async function search(
  org: { id: string },
  who: { user: TestUser; role: MemberRole | null },
  query: string,
  page: { limit?: number; after?: OrgSearchKey } = {},
) {
  const found = await searchOrganization(testDb(), {
    organizationId: org.id,
    userId: who.user.user.id,
    role: who.role,
    query,
    limit: page.limit ?? 50,
    after: page.after,
  });
  const urls = { api: (path: string) => path, app: (path: string) => `${APP}${path}` };
  const result = {
    rows: found.spaces.map((space) => presentSearchSpace(urls, space)),
    count: found.count,
  };
  // Items must have the official SearchSpaceResult shape.
  assertContract("GET", `/v1/orgs/${org.id}/search`, 200, {
    count: result.count,
    items: result.rows,
  });
  return result;
}

/** Puts one page with `text` on the space's main content and indexes it. */
async function page(spaceId: string, owner: TestUser, title: string, text: string) {
  await commitChanges(spaceId, owner.user.id, [
    { operation: "insert_page", title, document: { markdown: `${text}\n` } },
  ]);
  await reindexPages(testDb(), await reloadSpace(spaceId), []);
}

describe("organization search (searchOrganization)", () => {
  it("returns, per space, only the spaces the member can read", async () => {
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

    const asReader = await search(org, { user: reader, role: "read" }, w);
    expect(asReader.rows.map((r) => r.title).sort()).toEqual(["Granted", "Nested", "Open", "Team"]);
    expect(asReader.count).toBe(4);
    const asAdmin = await search(org, { user: owner, role: "admin" }, w);
    expect(asAdmin.rows.map((r) => r.title).sort()).toEqual([
      "Granted",
      "Hidden",
      "Nested",
      "Open",
      "Team",
    ]);
  });

  it("ranks spaces by their best page, with pages in the space search item shape", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const w = word();
    const strong = await makeContentSpace(org.id, owner, "Strong");
    const weak = await makeContentSpace(org.id, owner, "Weak");
    await commitIndexed(weak.id, owner, [
      {
        operation: "insert_page",
        title: "Mention",
        document: { markdown: `Body mentions ${w}.\n` },
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
    const res = await search(org, { user: member, role: "edit" }, w);
    expect(res.rows.map((r) => r.title)).toEqual(["Strong", "Weak"]);
    const [first, second] = res.rows;
    expect(first).toMatchObject({ type: "space", id: strong.id });
    expect(first!.score).toBeGreaterThan(second!.score);
    expect(first!.pages.map((p) => p.title)).toEqual([`All about ${w}`, "Also"]);
    expect(first!.pages[0]).toMatchObject({
      path: expect.stringMatching(/^guide\//),
      ancestors: [{ title: "Guide" }],
      rank: 1,
      urls: { app: expect.stringMatching(new RegExp(`^${APP}/s/${strong.id}/guide/`)) },
    });
    expect(first!.pages[0]!.sections!.map((s) => s.title)).toEqual(["Use"]);
    expect(second!.pages.map((p) => p.title)).toEqual(["Mention"]);
    // Ranks are positions among all matching pages, across spaces.
    expect([...first!.pages, ...second!.pages].map((p) => p.rank).sort()).toEqual([1, 2, 3]);
  });

  it("pages through spaces with the route's [score, id] key, and ignores queries without words", async () => {
    const { org, owner } = await makeOrg();
    const w = word();
    for (const title of ["A", "B", "C"]) {
      const s = await makeContentSpace(org.id, owner, title);
      await page(s.id, owner, `Page ${title}`, `Text ${w}.`);
    }
    const seen: string[] = [];
    let after: OrgSearchKey | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await search(org, { user: owner, role: "admin" }, w, { limit: 1, after });
      expect(res.count).toBe(3);
      expect(res.rows.length).toBe(i < 2 ? 2 : 1);
      seen.push(res.rows[0]!.title);
      after = [res.rows[0]!.score, res.rows[0]!.id];
    }
    expect(seen.sort()).toEqual(["A", "B", "C"]);
    expect(await search(org, { user: owner, role: "admin" }, '"() *')).toEqual({
      rows: [],
      count: 0,
    });
  });
});
