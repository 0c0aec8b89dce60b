import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { spaces } from "../../src/db/schema";
import { copyTitle } from "../../src/routes/spaces/lifecycle";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import {
  grantSpace,
  makeSpace,
  openFiles,
  openPages,
  readSpace,
  seedMainContent,
  setDeletedAt,
} from "../helpers/spaces-factories";

const strip = <T extends { lineId: string }>(rows: T[]) =>
  rows.map(({ lineId: _line, ...rest }) => rest);

describe("POST /v1/spaces/{spaceId}/duplicate", () => {
  it("creates a new space sharing the main content, without change requests or comments", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const source = await makeSpace(org.id, owner, {
      parent: col.id,
      title: "Guide",
      emoji: "📗",
      language: "es",
    });
    await testDb()
      .update(spaces)
      .set({
        editMode: "locked",
        changeRequestsCount: 3,
        changeRequestsOpen: 2,
        changeRequestsDraft: 1,
        commentsOpen: 4,
      })
      .where(eq(spaces.id, source.id));
    await seedMainContent(source, ["Intro", "Setup", "FAQ"]);

    const res = await as(owner.token).post(`/spaces/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      object: "space",
      title: "Guide (copy)",
      emoji: "📗",
      language: "es",
      editMode: "locked",
      parent: col.id,
      organization: org.id,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
      comments: 0,
    });
    expect(copy.revision).not.toBe(source.revisionId);
    expect(res.headers.get("Location")).toBe(copy.urls.location);
    // Two for the duplicate; the main-revision hooks (search indexing) start in waitUntil.
    expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);

    const row = (await readSpace(copy.id))!;
    expect(row.mainLineId).not.toBe(source.mainLineId);
    const [from, to] = [await openPages(source.mainLineId), await openPages(row.mainLineId)];
    expect(to.length).toBe(3);
    expect(strip(to)).toEqual(strip(from));
    expect(to.map((p) => p.title)).toEqual(["Intro", "Setup", "FAQ"]);
    expect(to.every((p) => p.fromSeq === 1 && p.toSeq === null)).toBe(true);
    expect(strip(await openFiles(row.mainLineId))).toEqual(
      strip(await openFiles(source.mainLineId)),
    );

    // The source is untouched, and the copy appears in the collection after it.
    expect((await readSpace(source.id))!.changeRequestsCount).toBe(3);
    const list = await as(owner.token).get(`/collections/${col.id}/spaces`);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([source.id, copy.id]);
  });

  it("copies an empty space, and keeps the copy's title within 50 characters", async () => {
    const { org, owner } = await makeOrg();
    const long = "x".repeat(50);
    const source = await makeSpace(org.id, owner, { title: long });
    const res = await as(owner.token).post(`/spaces/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.title).toBe(`${"x".repeat(43)} (copy)`);
    expect(res.body.parent).toBeUndefined();
    expect(await openPages((await readSpace(res.body.id))!.mainLineId)).toEqual([]);
    expect(copyTitle("🎉".repeat(50))).toBe(`${"🎉".repeat(43)} (copy)`);
  });

  it("needs create where the copy goes, besides reading the space", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const col = await makeCollection(org.id);
    const inCol = await makeSpace(org.id, owner, { parent: col.id });
    const atRoot = await makeSpace(org.id, owner);
    await grant(col.id, { user: reader.user.id }, "create");
    expect((await as(reader.token).post(`/spaces/${atRoot.id}/duplicate`)).status).toBe(403);
    const res = await as(reader.token).post(`/spaces/${inCol.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.permissions).toMatchObject({ view: true, edit: true, admin: false });
  });

  it("answers 404 for a deleted space", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    await setDeletedAt(space.id, new Date().toISOString());
    expect((await as(owner.token).post(`/spaces/${space.id}/duplicate`)).status).toBe(404);
  });
});

authorizationMatrix("POST /v1/spaces/{spaceId}/duplicate", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "admin");
    return space;
  },
  request: (_w, space) => ({ method: "POST", path: `/spaces/${space.id}/duplicate` }),
  missing: () => ({ method: "POST", path: "/spaces/neverexisted/duplicate" }),
  minimumRole: "create",
  scope: "space:write",
  success: 201,
});
