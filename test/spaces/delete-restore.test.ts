import { describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { eq } from "drizzle-orm";
import { collections } from "../../src/db/schema";
import { makeMember, makeOrg, makeOrgWithRoles, makeToken, testDb } from "../helpers/factories";
import { makeCollection } from "../helpers/collections-factories";
import {
  daysAgo,
  grantSpace,
  makeSpace,
  readSpace,
  setDeletedAt,
} from "../helpers/spaces-factories";

const listIds = async (token: string, path: string) =>
  ((await as(token).get(path)).body.items as { id: string }[]).map((s) => s.id);

describe("DELETE /v1/spaces/{spaceId}", () => {
  it("deletes: the space leaves lists and reads, then comes back on restore", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const space = await makeSpace(org.id, owner, { parent: col.id });
    const keep = await makeSpace(org.id, owner, { parent: col.id });

    const res = await as(owner.token).delete(`/spaces/${space.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(d1Cost(res).roundTrips).toBe(2);
    const deletedAt = (await readSpace(space.id))!.deletedAt;
    expect(deletedAt).not.toBeNull();
    expect((await as(owner.token).get(`/spaces/${space.id}`)).status).toBe(404);
    expect(await listIds(owner.token, `/orgs/${org.id}/spaces`)).toEqual([keep.id]);
    expect(await listIds(owner.token, `/collections/${col.id}/spaces`)).toEqual([keep.id]);
    const counted = await as(owner.token).get(`/orgs/${org.id}/spaces`);
    expect(counted.body.count).toBe(1);

    // Again: already deleted, still 204, and the first deletion time is kept.
    expect((await as(owner.token).delete(`/spaces/${space.id}`)).status).toBe(204);
    expect((await readSpace(space.id))!.deletedAt).toBe(deletedAt);

    const restored = await as(owner.token).post(`/spaces/${space.id}/restore`);
    expect(restored.status).toBe(200);
    expect(d1Cost(restored).roundTrips).toBe(2);
    expect(restored.body).toMatchObject({ id: space.id, parent: col.id, object: "space" });
    expect(restored.body.deletedAt).toBeUndefined();
    expect((await readSpace(space.id))!.deletedAt).toBeNull();
    expect(await listIds(owner.token, `/collections/${col.id}/spaces`)).toEqual([
      space.id,
      keep.id,
    ]);
    expect((await as(owner.token).get(`/spaces/${space.id}`)).status).toBe(200);
  });

  it("answers absent, invisible and foreign spaces alike with 204, and keeps them", async () => {
    const world = await makeOrgWithRoles();
    const space = await makeSpace(world.org.id, world.owner);
    for (const token of [world.outsider.token, world.guest.token]) {
      const hidden = await as(token).delete(`/spaces/${space.id}`);
      const missing = await as(token).delete(`/spaces/neverexisted`);
      expect(hidden.status).toBe(204);
      expect(hidden.status).toBe(missing.status);
      expect(hidden.text).toBe(missing.text);
    }
    expect((await readSpace(space.id))!.deletedAt).toBeNull();
  });

  it("refuses members below admin with 403, and scoped tokens without space:write", async () => {
    const world = await makeOrgWithRoles();
    const space = await makeSpace(world.org.id, world.owner);
    for (const role of ["read", "comment", "edit", "review", "create"] as const) {
      const res = await as(world.roles[role].token).delete(`/spaces/${space.id}`);
      expect(res.status, role).toBe(403);
    }
    const scoped = await makeToken(world.owner.user.id, { scopes: ["space:read"] });
    expect((await as(scoped).delete(`/spaces/${space.id}`)).status).toBe(403);
    expect((await as(scoped).delete(`/spaces/neverexisted`)).status).toBe(403);
    expect((await readSpace(space.id))!.deletedAt).toBeNull();
    const withScope = await makeToken(world.owner.user.id, { scopes: ["space:write"] });
    expect((await as(withScope).delete(`/spaces/${space.id}`)).status).toBe(204);
    expect((await readSpace(space.id))!.deletedAt).not.toBeNull();
  });

  it("lets an admin by grant delete; answers 401 without a valid token", async () => {
    const { org, owner } = await makeOrg();
    const editor = await makeMember(org.id, "edit");
    const space = await makeSpace(org.id, owner);
    expect((await call("DELETE", `/spaces/${space.id}`)).status).toBe(401);
    expect((await as(`quire_${"A".repeat(43)}`).delete(`/spaces/${space.id}`)).status).toBe(401);
    await grantSpace(space.id, { user: editor.user.id }, "admin");
    expect((await as(editor.token).delete(`/spaces/${space.id}`)).status).toBe(204);
    expect((await readSpace(space.id))!.deletedAt).not.toBeNull();
  });
});

describe("POST /v1/spaces/{spaceId}/restore", () => {
  it("restores within 7 days; after that the space is 404 like one that never existed", async () => {
    const { org, owner } = await makeOrg();
    const recent = await makeSpace(org.id, owner);
    const old = await makeSpace(org.id, owner);
    await setDeletedAt(recent.id, daysAgo(6.9));
    await setDeletedAt(old.id, daysAgo(8));
    expect((await as(owner.token).post(`/spaces/${recent.id}/restore`)).status).toBe(200);
    const gone = await as(owner.token).post(`/spaces/${old.id}/restore`);
    const missing = await as(owner.token).post(`/spaces/neverexisted/restore`);
    expect(gone.status).toBe(404);
    expect(gone.text).toBe(missing.text);
    expect((await readSpace(old.id))!.deletedAt).not.toBeNull();
    // A delete of an expired space is a quiet no-op too.
    expect((await as(owner.token).delete(`/spaces/${old.id}`)).status).toBe(204);
  });

  it("answers 200 with the space unchanged when it is not deleted", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const res = await as(owner.token).post(`/spaces/${space.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: space.id, updatedAt: space.updatedAt });
  });

  it("brings a space back at the top level when its collection is gone", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const space = await makeSpace(org.id, owner, { parent: col.id });
    await setDeletedAt(space.id, daysAgo(1));
    await testDb().delete(collections).where(eq(collections.id, col.id));
    const res = await as(owner.token).post(`/spaces/${space.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.parent).toBeUndefined();
    expect(res.body.visibility).toBe("private");
  });
});

authorizationMatrix("POST /v1/spaces/{spaceId}/restore", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    await setDeletedAt(space.id, daysAgo(1));
    return space;
  },
  request: (_w, space) => ({ method: "POST", path: `/spaces/${space.id}/restore` }),
  missing: () => ({ method: "POST", path: "/spaces/neverexisted/restore" }),
  minimumRole: "admin",
  scope: "space:write",
  success: 200,
});
