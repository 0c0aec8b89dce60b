import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeRequestReviewers, changeRequests } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace, setDeletedAt } from "../helpers/spaces-factories";
import { createCr, makeCrWorld, postContent } from "../helpers/change-requests-factories";

async function open(token: string, spaceId: string, crId: string) {
  const res = await as(token).patch(`/spaces/${spaceId}/change-requests/${crId}`, {
    status: "open",
  });
  expect(res.status).toBe(200);
}

describe("GET /v1/spaces/{spaceId}/change-requests", () => {
  it("lists open change requests by default, newest first, with an exact count", async () => {
    const { owner, space } = await makeCrWorld();
    const a = await createCr(owner, space.id, "A");
    const b = await createCr(owner, space.id, "B");
    const draft = await createCr(owner, space.id, "Draft");
    await open(owner.token, space.id, a.id);
    await open(owner.token, space.id, b.id);
    const res = await as(owner.token).get(`/spaces/${space.id}/change-requests`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([b.id, a.id]);
    expect(res.body.items[0]).toMatchObject({
      subject: "B",
      status: "open",
      createdBy: { id: owner.user.id },
    });
    expect(d1Cost(res).roundTrips).toBe(1);
    const drafts = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
      query: { status: "draft" },
    });
    expect(drafts.body.items.map((i: { id: string }) => i.id)).toEqual([draft.id]);
  });

  it("pages with signed keyset cursors, and refuses a cursor of another list", async () => {
    const { owner, space } = await makeCrWorld();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createCr(owner, space.id, `CR ${i}`)).id);
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
        query: { status: "draft", limit: 2, page },
      });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      seen.push(...res.body.items.map((i: { id: string }) => i.id));
      page = res.body.next?.page;
    } while (page);
    expect(seen).toEqual([...ids].reverse());
    const first = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
      query: { status: "draft", limit: 1 },
    });
    const other = await makeSpace((await spaceOrg(space.id))!, owner);
    const wrong = await as(owner.token).get(`/spaces/${other.id}/change-requests`, {
      query: { page: first.body.next.page },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe("query.page: invalid page cursor");
    const byUpdate = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
      query: { status: "draft", orderBy: "updatedAt", page: first.body.next.page },
    });
    expect(byUpdate.status).toBe(400);
  });

  it("filters by creator, contributor, requested reviewer and issues cluster", async () => {
    const { org, owner, space } = await makeCrWorld();
    const editor = await makeMember(org.id, "edit");
    const mine = await createCr(owner, space.id, "Mine");
    const theirs = await createCr(editor, space.id, "Theirs");
    const edited = await postContent(editor, space.id, mine.id, [
      { operation: "insert_page", title: "By the editor", document: {} },
    ]);
    expect(edited.status).toBe(200);
    const db = testDb();
    await db.insert(changeRequestReviewers).values({
      changeRequestId: theirs.id,
      userId: owner.user.id,
      requestedAt: new Date().toISOString(),
    });
    await db
      .update(changeRequests)
      .set({ conversationsIssuesCluster: "cluster-1" })
      .where(eq(changeRequests.id, theirs.id));
    const list = async (query: Record<string, string>) => {
      const res = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
        query: { status: "draft", ...query },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items.map((i: { id: string }) => i.id);
    };
    expect(await list({ creator: owner.user.id })).toEqual([mine.id]);
    expect(await list({ creator: editor.user.id })).toEqual([theirs.id]);
    expect(await list({ contributor: editor.user.id })).toEqual([theirs.id, mine.id]);
    expect(await list({ contributor: owner.user.id })).toEqual([mine.id]);
    expect(await list({ requestedReviewer: owner.user.id })).toEqual([theirs.id]);
    expect(await list({ conversationsIssuesCluster: "cluster-1" })).toEqual([theirs.id]);
    expect(await list({ topic: "any" })).toEqual([]);
    const bad = await as(owner.token).get(`/spaces/${space.id}/change-requests`, {
      query: { status: "closed" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.status: /);
  });
});

async function spaceOrg(spaceId: string) {
  const { spaces } = await import("../../src/db/schema");
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, spaceId));
  return row?.organizationId;
}

describe("GET /v1/orgs/{organizationId}/change-requests", () => {
  it("lists change requests of the spaces the caller can see, and filters by status and space", async () => {
    const { org, owner } = await makeOrg();
    const visible = await makeSpace(org.id, owner);
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const hidden = await makeSpace(org.id, owner, { parent: closed.id });
    const deleted = await makeSpace(org.id, owner);
    const reader = await makeMember(org.id, "read");
    const guest = await makeMember(org.id, null);
    await grantSpace(hidden.id, { user: guest.user.id }, "read");
    const a = await createCr(owner, visible.id, "Visible");
    const h = await createCr(owner, hidden.id, "Hidden");
    const d = await createCr(owner, deleted.id, "Deleted");
    for (const [s, cr] of [
      [visible, a],
      [hidden, h],
      [deleted, d],
    ] as const) {
      await open(owner.token, s.id, cr.id);
    }
    await createCr(owner, visible.id, "Still a draft");
    await setDeletedAt(deleted.id, new Date().toISOString());
    const ids = async (token: string, query: Record<string, string | string[]> = {}) => {
      const res = await as(token).get(`/orgs/${org.id}/change-requests`, { query });
      expect(res.status, res.text).toBe(200);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items.map((i: { id: string }) => i.id);
    };
    expect(await ids(owner.token)).toEqual([h.id, a.id]);
    expect(await ids(reader.token)).toEqual([a.id]);
    expect(await ids(guest.token)).toEqual([h.id]);
    expect((await ids(owner.token, { status: ["open", "draft"] })).length).toBe(3);
    expect(await ids(owner.token, { space: visible.id })).toEqual([a.id]);
    expect(await ids(owner.token, { site: "x" })).toEqual([]);
    const res = await as(reader.token).get(`/orgs/${org.id}/change-requests`);
    expect(d1Cost(res).roundTrips).toBe(2);
  });
});

authorizationMatrix("GET /v1/spaces/{spaceId}/change-requests", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return space;
  },
  request: (_w, space) => ({ method: "GET", path: `/spaces/${space.id}/change-requests` }),
  missing: () => ({ method: "GET", path: `/spaces/neverexisted/change-requests` }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/change-requests", {
  request: (world) => ({ method: "GET", path: `/orgs/${world.org.id}/change-requests` }),
  missing: () => ({ method: "GET", path: `/orgs/neverexisted/change-requests` }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});
