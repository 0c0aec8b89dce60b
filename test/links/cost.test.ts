import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { commitChanges, makeContentSpace } from "../helpers/content-factories";
import { seedLinkedPages } from "../helpers/links-factories";

const BODY = "[a](/pages/missing) [b](https://example.com) [c](#here)\n";

/** A space with one real page and `count` seeded pages sharing a body with 3 links. */
async function bigSpace(count: number) {
  const { org, owner } = await makeOrg();
  const space = await makeContentSpace(org.id, owner);
  await commitChanges(space.id, owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "Home.\n" } },
  ]);
  const pages = await seedLinkedPages(space.id, count, BODY);
  return { owner, space, pages };
}

describe("link reads at size", () => {
  it("lists 1,000+ pages' links in 2 round trips, with exact figures", async () => {
    const { owner, space, pages } = await bigSpace(1200);
    const res = await as(owner.token).get(`/spaces/${space.id}/links`, {
      query: { limit: 100, status: "broken" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(1200);
    expect(res.body.stats).toEqual({ total: 3600, broken: { total: 1200, changeRequest: 0 } });
    const cost = d1Cost(res);
    expect(cost.roundTrips).toBe(2);
    expect(cost.rowsWritten).toBe(0);
    console.log(`space links, 1,200 pages / 3,600 links: ${JSON.stringify(cost)}`);
    const one = await as(owner.token).get(`/spaces/${space.id}/content/page/${pages[7]}/links`);
    expect(one.body.count).toBe(3);
    const pageCost = d1Cost(one);
    expect(pageCost.roundTrips).toBe(2);
    // One page's links read in proportion to the page, not to the space.
    expect(pageCost.rowsRead).toBeLessThan(200);
    console.log(`page links, same space: ${JSON.stringify(pageCost)}`);
  });

  it("reads a file's backlinks through the target index, not the whole revision", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeContentSpace(org.id, owner);
    await seedLinkedPages(space.id, 1000, "Plain text.\n");
    await commitChanges(space.id, owner.user.id, [
      { operation: "insert_page", title: "Home", document: { markdown: "Home.\n" } },
    ]);
    const res = await as(owner.token).get(`/spaces/${space.id}/content/files/nofile/backlinks`);
    expect(res.status).toBe(404);
    const cost = d1Cost(res);
    expect(cost.roundTrips).toBe(2);
    expect(cost.rowsRead).toBeLessThan(100);
    console.log(`file backlinks, 1,000 pages: ${JSON.stringify(cost)}`);
  });
});
