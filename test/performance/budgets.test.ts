import { describe, expect, it } from "vitest";
import { as, d1Cost, type ApiResponse } from "../helpers/api";
import { makeOrg, makeMember } from "../helpers/factories";
import { makeSpace } from "../helpers/spaces-factories";
import { postContent, postMerge } from "../helpers/change-requests-factories";
import { makeCommentWorld, postSpaceComment } from "../helpers/comments-factories";
import { commitIndexed, fillerPages, searchSpace, searchWorld, word } from "../search/fixtures";
import { makeSite } from "../helpers/sites-factories";
import { seedGroupedPages } from "../helpers/performance-factories";

// The D1 budgets of issue 7, asserted on the operations the bench measures: every read at most
// 2 round trips (authentication included), every write at most 3, and costs that do not follow
// the size of the space. Counts come from the counting wrapper (X-Quire-D1), so they are exact.

const READ_RT = 2;
const WRITE_RT = 3;

function ok(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  return d1Cost(res);
}

/** A space of `size` pages in groups of 100, with one page's id to read and to change. */
async function sizedSpace(size: number) {
  const { org, owner } = await makeOrg();
  const space = await makeSpace(org.id, owner);
  const pages = await seedGroupedPages(space, size);
  return { org, owner, space, page: pages[Math.floor(pages.length / 2)]! };
}

describe("D1 budgets of the hot paths", () => {
  it("GET /v1/spaces/{id} is one round trip", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const space = await makeSpace(org.id, owner);
    const cost = ok(await as(member.token).get(`/spaces/${space.id}`));
    expect(cost.roundTrips).toBe(1);
    expect(cost.rowsWritten).toBe(0);
  });

  it("page reads (Document and markdown) cost the same at 10 and 1,000 pages", async () => {
    const costs = [];
    for (const size of [10, 1000]) {
      const { owner, space, page } = await sizedSpace(size);
      const path = `/spaces/${space.id}/content/page/${page}`;
      const doc = ok(await as(owner.token).get(path));
      const md = ok(await as(owner.token).get(path, { query: { format: "markdown" } }));
      // At the head of main the page's statements join the access check's round trip.
      expect(doc.roundTrips).toBe(1);
      expect(md.roundTrips).toBe(1);
      costs.push(doc.rowsRead, md.rowsRead);
    }
    // Flat in the space's size (the page's place in its group moves a row or two).
    expect(Math.abs(costs[2]! - costs[0]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(costs[3]! - costs[1]!)).toBeLessThanOrEqual(2);
  });

  it("a change request, a one-page batch and its merge: at most 3 round trips each, rows written independent of the space's size", async () => {
    const figures = [];
    for (const size of [10, 1000]) {
      const { owner, space, page } = await sizedSpace(size);
      const created = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
        subject: "Edit",
      });
      const create = ok(created, 201);
      const batch = ok(
        await postContent(owner, space.id, created.body.id, [
          { operation: "update_page", page, document: { markdown: `Body at ${size}.\n` } },
        ]),
      );
      const merge = ok(await postMerge(owner, space.id, created.body.id));
      for (const step of [create, batch, merge])
        expect(step.roundTrips).toBeLessThanOrEqual(WRITE_RT);
      figures.push({ create, batch, merge });
    }
    const [small, large] = figures as [(typeof figures)[0], (typeof figures)[0]];
    const written = (f: typeof small) =>
      f.create.rowsWritten + f.batch.rowsWritten + f.merge.rowsWritten;
    expect(Math.abs(written(large) - written(small))).toBeLessThanOrEqual(10);
    // Reads follow the change and its sibling list (100 pages here), not the 1,000 pages.
    expect(large.merge.rowsRead).toBeLessThanOrEqual(small.merge.rowsRead + 10);
    expect(large.batch.rowsRead).toBeLessThanOrEqual(small.batch.rowsRead + 2 * 100 + 10);
  });

  it("org space lists, first and deep page, are one round trip (with the access check)", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    for (let i = 0; i < 25; i++) await makeSpace(org.id, owner);
    for (const user of [owner, member]) {
      const first = await as(user.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 10 } });
      expect(ok(first).roundTrips).toBe(1);
      const deep = await as(user.token).get(`/orgs/${org.id}/spaces`, {
        query: { limit: 10, page: first.body.next.page },
      });
      expect(ok(deep).roundTrips).toBe(1);
    }
  });

  it("space search is one round trip", async () => {
    const { owner, space } = await searchWorld();
    const q = word();
    await commitIndexed(space.id, owner, [
      ...fillerPages(5),
      { operation: "insert_page", title: "Hit", document: { markdown: `About ${q}.\n` } },
    ]);
    const res = await searchSpace(owner.token, space.id, q);
    expect(ok(res).roundTrips).toBe(1);
    expect(res.body.count).toBe(1);
  });

  it("the comments list is at most 2 round trips and 2 x limit + 10 rows, its count from counters", async () => {
    const w = await makeCommentWorld();
    const posted = [];
    for (let i = 0; i < 30; i++) posted.push(await postSpaceComment(w.owner, w.space.id));
    for (const comment of posted.slice(0, 4)) {
      const res = await as(w.owner.token).put(`/spaces/${w.space.id}/comments/${comment.id}`, {
        resolved: true,
      });
      expect(res.status, res.text).toBe(200);
    }
    for (const [status, expected] of [
      ["all", 30],
      ["open", 26],
      ["resolved", 4],
    ] as const) {
      const res = await as(w.owner.token).get(`/spaces/${w.space.id}/comments`, {
        query: { status, limit: 50 },
      });
      const cost = ok(res);
      expect(cost.roundTrips).toBeLessThanOrEqual(READ_RT);
      expect(cost.rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
      expect(res.body.count).toBe(expected);
      expect(res.body.items).toHaveLength(expected);
    }
  });

  it("the published site is at most 2 round trips", async () => {
    const { org, owner } = await makeOrg();
    const outsider = await makeOrg();
    const site = await makeSite(org.id, owner, { spaces: 2, published: true });
    const res = await as(outsider.owner.token).get(`/orgs/${org.id}/sites/${site.id}/published`);
    expect(ok(res).roundTrips).toBeLessThanOrEqual(READ_RT);
  });
});
