import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { grantSpace, makeSpace, setDeletedAt } from "../helpers/spaces-factories";
import {
  createCr,
  makeCrWorld,
  spaceRow,
  crRow,
  postMerge,
  postContent,
} from "../helpers/change-requests-factories";
import { eq } from "drizzle-orm";
import { changeRequestReviewers, changeRequests } from "../../src/db/schema";
import { makeCollection } from "../helpers/collections-factories";
import { emptyStorage } from "../helpers/storage";

const crSetup = async (
  world: Awaited<ReturnType<typeof import("../helpers/factories").makeOrgWithRoles>>,
) => {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const cr = await createCr(world.owner, space.id);
  return { space, cr };
};

const DOC = {
  object: "document",
  data: {},
  nodes: [
    {
      object: "block",
      type: "paragraph",
      nodes: [{ object: "text", leaves: [{ object: "leaf", text: "Why this change", marks: [] }] }],
    },
  ],
};

async function counters(spaceId: string) {
  const row = await spaceRow(spaceId);
  return {
    count: row.changeRequestsCount,
    open: row.changeRequestsOpen,
    draft: row.changeRequestsDraft,
  };
}

async function open(token: string, spaceId: string, crId: string) {
  const res = await as(token).patch(`/spaces/${spaceId}/change-requests/${crId}`, {
    status: "open",
  });
  expect(res.status).toBe(200);
}

async function spaceOrg(spaceId: string) {
  const { spaces } = await import("../../src/db/schema");
  const [row] = await testDb().select().from(spaces).where(eq(spaces.id, spaceId));
  return row?.organizationId;
}

describe("create-get", () => {
  describe("POST /v1/spaces/{spaceId}/change-requests", () => {
    it("creates a draft change request on main's head, numbered per space, and counts it", async () => {
      const { org, owner, space } = await makeCrWorld();
      const editor = await makeMember(org.id, "edit");
      await warmToken(editor.token); // steady state: the isolate knows the token
      const res = await as(editor.token).post(`/spaces/${space.id}/change-requests`, {
        subject: "Fix the intro",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "change-request",
        number: 1,
        status: "draft",
        subject: "Fix the intro",
        space: space.id,
        revision: space.revisionId,
        revisionInitial: space.revisionId,
        comments: 0,
        outdated: false,
        createdBy: { object: "user", id: editor.user.id, displayName: editor.user.displayName },
      });
      expect(res.body.description).toBeUndefined();
      expect(res.body.mergedBy).toBeUndefined();
      expect(res.body.urls.location).toBe(
        `https://quire.test/v1/spaces/${space.id}/change-requests/${res.body.id}`,
      );
      expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/changes/1`);
      expect(res.headers.get("Location")).toBe(res.body.urls.location);
      expect(d1Cost(res).roundTrips).toBe(2);

      const second = await createCr(owner, space.id, "Second");
      expect(second.number).toBe(2);
      const other = await makeSpace(org.id, owner);
      expect((await createCr(owner, other.id)).number).toBe(1);
      const row = await spaceRow(space.id);
      expect(row).toMatchObject({
        changeRequestsCount: 2,
        changeRequestsDraft: 2,
        changeRequestsOpen: 0,
      });
    });

    it("accepts an empty body (empty subject) and extra properties", async () => {
      const { owner, space } = await makeCrWorld();
      const res = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
        somethingElse: true,
      });
      expect(res.status).toBe(201);
      expect(res.body.subject).toBe("");
    });

    it("refuses an unknown template and a subject over 100 characters", async () => {
      const { owner, space } = await makeCrWorld();
      const tpl = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
        subject: "x",
        template: { id: "tpl" },
      });
      expect(tpl.status).toBe(400);
      expect(tpl.body.error.message).toMatch(/^body\.template\.id: no template "tpl"/);
      const long = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
        subject: "x".repeat(101),
      });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toMatch(/^body\.subject: /);
      expect((await spaceRow(space.id)).changeRequestsCount).toBe(0);
    });
  });
  describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
    it("reads a change request by id and by number, in one round trip", async () => {
      const { org, owner, space } = await makeCrWorld();
      const reader = await makeMember(org.id, "read");
      const cr = await createCr(owner, space.id, "Hello");
      const byId = await as(reader.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(cr);
      expect(d1Cost(byId).roundTrips).toBe(1);
      const byNumber = await as(reader.token).get(`/spaces/${space.id}/change-requests/1`);
      expect(byNumber.status).toBe(200);
      expect(byNumber.body.id).toBe(cr.id);
    });

    it("answers 404 for a number or id of another space, like a nonexistent one", async () => {
      const { org, owner, space } = await makeCrWorld();
      const other = await makeSpace(org.id, owner);
      const cr = await createCr(owner, other.id);
      const wrong = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
      const none = await as(owner.token).get(`/spaces/${space.id}/change-requests/nope`);
      const number = await as(owner.token).get(`/spaces/${space.id}/change-requests/1`);
      expect(wrong.status).toBe(404);
      expect(wrong.text).toBe(none.text);
      expect(number.text).toBe(none.text);
      expect(none.body.error.message).toBe("Change request not found");
    });
  });
  authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return space;
    },
    request: (_w, space) => ({
      method: "POST",
      path: `/spaces/${space.id}/change-requests`,
      body: { subject: "x" },
    }),
    missing: () => ({
      method: "POST",
      path: `/spaces/neverexisted/change-requests`,
      body: { subject: "x" },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 201,
  });
  authorizationMatrix("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}", {
    setup: crSetup,
    request: (_w, s) => ({
      method: "GET",
      path: `/spaces/${s.space.id}/change-requests/${s.cr.id}`,
    }),
    missing: (_w, s) => ({
      method: "GET",
      path: `/spaces/neverexisted/change-requests/${s.cr.id}`,
    }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
  describe("change requests in a space the caller cannot see", () => {
    it("hide the change request exactly like a nonexistent space", async () => {
      const { owner, space } = await makeCrWorld();
      const { owner: stranger } = await makeOrg();
      const cr = await createCr(owner, space.id);
      const res = await as(stranger.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
      const missing = await as(stranger.token).get(`/spaces/neverexisted/change-requests/${cr.id}`);
      expect(res.status).toBe(404);
      expect(res.text).toBe(missing.text);
    });
  });
});

describe("update", () => {
  beforeAll(emptyStorage);
  describe("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
    it("updates the subject and the description (a Document), in two round trips", async () => {
      const { org, owner, space } = await makeCrWorld();
      const editor = await makeMember(org.id, "edit");
      const cr = await createCr(owner, space.id, "Old");
      await warmToken(editor.token); // steady state: the isolate knows the token
      const res = await as(editor.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
        subject: "New subject",
        description: DOC,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: cr.id,
        subject: "New subject",
        status: "draft",
        description: DOC,
      });
      expect(res.body.createdBy.id).toBe(owner.user.id);
      expect(res.body.updatedAt >= cr.updatedAt).toBe(true);
      expect(d1Cost(res).roundTrips).toBe(2);
      const read = await as(editor.token).get(`/spaces/${space.id}/change-requests/1`);
      expect(read.body.description).toEqual(DOC);
    });

    it("moves the space counters exactly through every status transition", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const path = `/spaces/${space.id}/change-requests/${cr.id}`;
      expect(await counters(space.id)).toEqual({ count: 1, open: 0, draft: 1 });
      const steps: [string, { open: number; draft: number }][] = [
        ["open", { open: 1, draft: 0 }],
        ["open", { open: 1, draft: 0 }],
        ["draft", { open: 0, draft: 1 }],
        ["archived", { open: 0, draft: 0 }],
        ["open", { open: 1, draft: 0 }],
        ["archived", { open: 0, draft: 0 }],
        ["draft", { open: 0, draft: 1 }],
      ];
      for (const [status, expected] of steps) {
        const res = await as(owner.token).patch(path, { status });
        expect(res.status, res.text).toBe(200);
        expect(res.body.status).toBe(status);
        expect(await counters(space.id)).toEqual({ count: 1, ...expected });
      }
    });

    it("counts merged change requests in neither counter, and refuses status changes after merge", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      await createCr(owner, space.id);
      await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
        status: "open",
      });
      expect(await counters(space.id)).toEqual({ count: 2, open: 1, draft: 1 });
      expect((await postMerge(owner, space.id, cr.id)).status).toBe(200);
      expect(await counters(space.id)).toEqual({ count: 2, open: 0, draft: 1 });
      const res = await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
        status: "open",
      });
      expect(res.status).toBe(409);
      expect(await counters(space.id)).toEqual({ count: 2, open: 0, draft: 1 });
      const subject = await as(owner.token).patch(`/spaces/${space.id}/change-requests/${cr.id}`, {
        subject: "Renamed after merge",
      });
      expect(subject.status).toBe(200);
      expect(subject.body).toMatchObject({ status: "merged", subject: "Renamed after merge" });
    });

    it("keeps counters exact when two status changes race", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const path = `/spaces/${space.id}/change-requests/${cr.id}`;
      const results = await Promise.all([
        as(owner.token).patch(path, { status: "open" }),
        as(owner.token).patch(path, { status: "archived" }),
      ]);
      for (const r of results) expect([200, 409]).toContain(r.status);
      const row = await crRow(cr.id);
      const expected = {
        count: 1,
        open: row.status === "open" ? 1 : 0,
        draft: row.status === "draft" ? 1 : 0,
      };
      expect(await counters(space.id)).toEqual(expected);
    });

    it("answers 400 naming the field for merged, a bad description, links and unknown fields", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const path = `/spaces/${space.id}/change-requests/${cr.id}`;
      const merged = await as(owner.token).patch(path, { status: "merged" });
      expect(merged.status).toBe(400);
      expect(merged.body.error.message).toMatch(/^body\.status: /);
      const doc = await as(owner.token).patch(path, {
        description: {
          object: "document",
          data: {},
          nodes: [{ object: "block", type: "paragraph", nodes: [{ object: "nope" }] }],
        },
      });
      expect(doc.status).toBe(400);
      expect(doc.body.error.message).toMatch(
        /^body\.description\.nodes\[0\]\.nodes\[0\]\.object: /,
      );
      const links = await as(owner.token).patch(path, { links: [] });
      expect(links.status).toBe(400);
      expect(links.body.error.message).toMatch(/^body\.links: /);
      const unknown = await as(owner.token).patch(path, { title: "x" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toMatch(/^body: /);
      const long = await as(owner.token).patch(path, { subject: "y".repeat(101) });
      expect(long.body.error.message).toMatch(/^body\.subject: /);
      expect((await crRow(cr.id)).subject).toBe("A change");
    });

    it("answers 204 with Preference-Applied for prefer: return=minimal", async () => {
      const { owner, space } = await makeCrWorld();
      const cr = await createCr(owner, space.id);
      const res = await as(owner.token).patch(
        `/spaces/${space.id}/change-requests/${cr.id}`,
        { subject: "Quiet" },
        { headers: { prefer: "return=minimal" } },
      );
      expect(res.status).toBe(204);
      expect(res.headers.get("Preference-Applied")).toBe("return=minimal");
      expect((await crRow(cr.id)).subject).toBe("Quiet");
    });
  });
  authorizationMatrix("PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}", {
    setup: async (world) => {
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { space, cr: await createCr(world.owner, space.id) };
    },
    request: (_w, s) => ({
      method: "PATCH",
      path: `/spaces/${s.space.id}/change-requests/${s.cr.id}`,
      body: { subject: "Renamed" },
    }),
    missing: (_w, s) => ({
      method: "PATCH",
      path: `/spaces/neverexisted/change-requests/${s.cr.id}`,
      body: { subject: "Renamed" },
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 200,
  });
});

describe("lists", () => {
  beforeAll(emptyStorage);
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
});
