import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeOrgWithRoles, makeToken } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  grantsOn,
  makeCollection,
  readCollection,
} from "../helpers/collections-factories";
import { makeSpace, readSpace } from "../helpers/spaces-factories";
import { makeSite, readSite, readSiteSpaces } from "../helpers/sites-factories";

describe("PATCH /v1/collections/{collectionId}", () => {
  it("updates title, description and default level", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const res = await as(owner.token).patch(`/collections/${col.id}`, {
      title: "Renamed",
      description: "All the guides",
      defaultLevel: "comment",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: col.id,
      title: "Renamed",
      description: "All the guides",
      defaultLevel: "comment",
    });
    const again = await as(owner.token).patch(`/collections/${col.id}`, { defaultLevel: null });
    expect(again.body.defaultLevel).toBeNull();
    expect((await readCollection(col.id))!.defaultLevel).toBeNull();
    const back = await as(owner.token).patch(`/collections/${col.id}`, { defaultLevel: "inherit" });
    expect(back.body.defaultLevel).toBe("inherit");
  });

  it("reports the caller's new role when the default level they relied on changes", async () => {
    const { org } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const col = await makeCollection(org.id, { defaultLevel: "admin" });
    const res = await as(reader.token).patch(`/collections/${col.id}`, { defaultLevel: "edit" });
    expect(res.status).toBe(200);
    expect(res.body.permissions).toMatchObject({ view: true, admin: false });
  });

  it("answers 400 naming the field", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const patch = (body: unknown) => as(owner.token).patch(`/collections/${col.id}`, body);
    expect((await patch({ title: "x".repeat(51) })).body.error.message).toMatch(/^body\.title: /);
    expect((await patch({ description: "x".repeat(101) })).body.error.message).toMatch(
      /^body\.description: /,
    );
    const level = await patch({ defaultLevel: "owner" });
    expect(level.status).toBe(400);
    expect(level.body.error.message).toMatch(/^body\.defaultLevel: /);
    expect((await patch({ color: "red" })).status).toBe(400);
  });
});

authorizationMatrix("PATCH /v1/collections/{collectionId}", {
  setup: async (world) => {
    const col = await makeCollection(world.org.id);
    await grant(col.id, { user: world.guest.user.id }, "read");
    return col;
  },
  request: (_w, col) => ({
    method: "PATCH",
    path: `/collections/${col.id}`,
    body: { title: "Renamed" },
  }),
  missing: () => ({
    method: "PATCH",
    path: "/collections/neverexisted",
    body: { title: "Renamed" },
  }),
  minimumRole: "admin",
  scope: "space:write",
  success: 200,
});

describe("DELETE /v1/collections/{collectionId}", () => {
  it("deletes the collection, its nested collections and their grants; counters stay exact", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "read");
    const keep = await makeCollection(org.id);
    const top = await makeCollection(org.id);
    const mid = await makeCollection(org.id, { parent: top.id });
    const leaf = await makeCollection(org.id, { parent: mid.id });
    const sibling = await makeCollection(org.id, { parent: keep.id });
    await grant(leaf.id, { user: member.user.id }, "edit");
    await grant(keep.id, { user: member.user.id }, "edit");

    const res = await as(owner.token).delete(`/collections/${mid.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await readCollection(mid.id)).toBeUndefined();
    expect(await readCollection(leaf.id)).toBeUndefined();
    expect(await readCollection(top.id)).toBeDefined();
    expect((await readCollection(top.id))!.childrenCount).toBe(0);
    expect(await readCollection(sibling.id)).toBeDefined();
    expect(await grantsOn(leaf.id)).toEqual([]);
    expect((await grantsOn(keep.id)).length).toBe(1);
    let counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 3, roots: 2 });
    expect(counters.stored).toEqual(counters.actual);

    expect((await as(owner.token).delete(`/collections/${top.id}`)).status).toBe(204);
    counters = await collectionCounters(org.id);
    expect(counters.stored).toEqual({ all: 2, roots: 1 });
    expect(counters.stored).toEqual(counters.actual);
    // Again: already gone, still 204, counters untouched.
    expect((await as(owner.token).delete(`/collections/${top.id}`)).status).toBe(204);
    expect((await collectionCounters(org.id)).stored).toEqual({ all: 2, roots: 1 });
  });

  it("moves the spaces inside (nested too) to the trash; a restored one comes back at the top level", async () => {
    const { org, owner } = await makeOrg();
    const top = await makeCollection(org.id);
    const leaf = await makeCollection(org.id, { parent: top.id });
    const outside = await makeSpace(org.id, owner);
    const inTop = await makeSpace(org.id, owner, { parent: top.id });
    const inLeaf = await makeSpace(org.id, owner, { parent: leaf.id });
    const site = await makeSite(org.id, owner, { spaces: [inLeaf, outside] });

    expect((await as(owner.token).delete(`/collections/${top.id}`)).status).toBe(204);
    for (const id of [inTop.id, inLeaf.id]) {
      expect((await readSpace(id))!.deletedAt).not.toBeNull();
      expect((await as(owner.token).get(`/spaces/${id}`)).status).toBe(404);
    }
    expect((await readSpace(outside.id))!.deletedAt).toBeNull();
    expect((await readSiteSpaces(site.id)).map((s) => s.spaceId)).toEqual([outside.id]);
    expect((await readSite(site.id))!.siteSpacesCount).toBe(1);

    const restored = await as(owner.token).post(`/spaces/${inLeaf.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.parent).toBeUndefined();
    expect((await as(owner.token).get(`/spaces/${inLeaf.id}`)).status).toBe(200);
  });

  it("answers an invisible collection exactly like a nonexistent one, and keeps it", async () => {
    const world = await makeOrgWithRoles();
    const col = await makeCollection(world.org.id);
    for (const token of [world.outsider.token, world.guest.token]) {
      const hidden = await as(token).delete(`/collections/${col.id}`);
      const missing = await as(token).delete(`/collections/neverexisted`);
      expect(hidden.status).toBe(204);
      expect(hidden.status).toBe(missing.status);
      expect(hidden.text).toBe(missing.text);
    }
    expect(await readCollection(col.id)).toBeDefined();
  });

  it("refuses members below admin with 403, and scoped tokens without space:write", async () => {
    const world = await makeOrgWithRoles();
    const col = await makeCollection(world.org.id);
    for (const role of ["read", "comment", "edit", "review", "create"] as const) {
      const res = await as(world.roles[role].token).delete(`/collections/${col.id}`);
      expect(res.status, role).toBe(403);
    }
    const scoped = await makeToken(world.owner.user.id, { scopes: ["space:read"] });
    expect((await as(scoped).delete(`/collections/${col.id}`)).status).toBe(403);
    expect(await readCollection(col.id)).toBeDefined();
    const withScope = await makeToken(world.owner.user.id, { scopes: ["space:write"] });
    expect((await as(withScope).delete(`/collections/${col.id}`)).status).toBe(204);
    expect(await readCollection(col.id)).toBeUndefined();
  });

  it("lets an admin by grant delete; answers 401 without a valid token", async () => {
    const { org } = await makeOrg();
    const editor = await makeMember(org.id, "edit");
    const col = await makeCollection(org.id);
    expect((await call("DELETE", `/collections/${col.id}`)).status).toBe(401);
    expect((await as(`quire_${"A".repeat(43)}`).delete(`/collections/${col.id}`)).status).toBe(401);
    await grant(col.id, { user: editor.user.id }, "admin");
    expect((await as(editor.token).delete(`/collections/${col.id}`)).status).toBe(204);
    expect(await readCollection(col.id)).toBeUndefined();
  });
});
