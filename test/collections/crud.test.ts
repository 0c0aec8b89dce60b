import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken, call } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeOrgWithRoles, makeToken } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  makeCollection,
  readCollection,
  makeBareTeam,
  grantsOn,
} from "../helpers/collections-factories";
import { makeSpace, readSpace } from "../helpers/spaces-factories";
import { makeSite, readSite, readSiteSpaces } from "../helpers/sites-factories";
import { emptyStorage } from "../helpers/storage";

describe("create", () => {
  describe("POST /v1/orgs/{organizationId}/collections", () => {
    it("creates a top-level collection, 201 with Location, and counts it", async () => {
      const { org, owner } = await makeOrg();
      await warmToken(owner.token); // steady state: the isolate knows the token
      const res = await as(owner.token).post(`/orgs/${org.id}/collections`, { title: "Guides" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "collection",
        title: "Guides",
        organization: org.id,
        defaultLevel: "inherit",
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
      });
      expect(res.body.parent).toBeUndefined();
      expect(res.body.description).toBeUndefined();
      expect(res.headers.get("Location")).toBe(`https://quire.test/v1/collections/${res.body.id}`);
      expect(d1Cost(res).roundTrips).toBe(2);
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 1, roots: 1 });
      expect(counters.stored).toEqual(counters.actual);
    });

    it("creates a nested collection after its siblings and counts the parent's children", async () => {
      const { org, owner } = await makeOrg();
      const parent = await makeCollection(org.id);
      const first = await makeCollection(org.id, { parent: parent.id });
      const res = await as(owner.token).post(`/orgs/${org.id}/collections`, {
        title: "Second",
        parent: parent.id,
      });
      expect(res.status).toBe(201);
      expect(res.body.parent).toBe(parent.id);
      const stored = await readCollection(res.body.id);
      expect(stored!.position > first.position).toBe(true);
      expect((await readCollection(parent.id))!.childrenCount).toBe(2);
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 3, roots: 1 });
      expect(counters.stored).toEqual(counters.actual);
    });

    it("names a collection created without a title", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/collections`, {});
      expect(res.status).toBe(201);
      expect(res.body.title).toBe("Untitled");
    });

    it("lets a member create inside a collection where a grant gives them create", async () => {
      const { org } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const parent = await makeCollection(org.id);
      const refused = await as(reader.token).post(`/orgs/${org.id}/collections`, {
        title: "X",
        parent: parent.id,
      });
      expect(refused.status).toBe(403);
      await grant(parent.id, { user: reader.user.id }, "create");
      const res = await as(reader.token).post(`/orgs/${org.id}/collections`, {
        title: "X",
        parent: parent.id,
      });
      expect(res.status).toBe(201);
      expect(res.body.permissions).toMatchObject({ view: true, create: true, admin: false });
    });

    it("answers 400 naming the field for a bad title, an unknown field or a bad parent", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg();
      const foreign = await makeCollection(other.org.id);
      const hidden = await makeCollection(org.id, { defaultLevel: null });
      const member = await makeMember(org.id, "create");
      const post = (token: string, body: unknown) =>
        as(token).post(`/orgs/${org.id}/collections`, body);

      const long = await post(owner.token, { title: "x".repeat(51) });
      expect(long.status).toBe(400);
      expect(long.body.error.message).toMatch(/^body\.title: /);
      const blank = await post(owner.token, { title: "  " });
      expect(blank.body.error.message).toMatch(/^body\.title: /);
      const extra = await post(owner.token, { title: "T", description: "no" });
      expect(extra.status).toBe(400);
      expect(extra.body.error.message).toMatch(/^body: /);

      const unknown = await post(owner.token, { title: "T", parent: "neverexisted" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toBe(
        "body.parent: no such collection in this organization",
      );
      const elsewhere = await post(owner.token, { title: "T", parent: foreign.id });
      expect(elsewhere.text).toBe(unknown.text);
      // Invisible to the member: the same answer as a collection that does not exist.
      const invisible = await post(member.token, { title: "T", parent: hidden.id });
      const missing = await post(member.token, { title: "T", parent: "neverexisted" });
      expect(invisible.status).toBe(400);
      expect(invisible.text).toBe(missing.text);
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual(counters.actual);
    });
  });

  authorizationMatrix("POST /v1/orgs/{organizationId}/collections", {
    request: (world) => ({
      method: "POST",
      path: `/orgs/${world.org.id}/collections`,
      body: { title: "New" },
    }),
    missing: () => ({
      method: "POST",
      path: "/orgs/neverexisted/collections",
      body: { title: "New" },
    }),
    minimumRole: "create",
    scope: "space:write",
    success: 201,
  });
});

describe("get", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/collections/{collectionId}", () => {
    it("returns the collection with the caller's permissions, in one D1 round trip", async () => {
      const { org, owner } = await makeOrg();
      const parent = await makeCollection(org.id, { title: "Guides" });
      const child = await makeCollection(org.id, { parent: parent.id, title: "Setup" });
      const res = await as(owner.token).get(`/collections/${child.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        object: "collection",
        id: child.id,
        title: "Setup",
        organization: org.id,
        parent: parent.id,
        defaultLevel: "inherit",
        urls: {
          location: `https://quire.test/v1/collections/${child.id}`,
          app: `https://app.quire.test/o/${org.id}/c/${child.id}`,
        },
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
      });
      expect(d1Cost(res).roundTrips).toBe(1);
    });

    it("derives permissions from the member's role through the default path", async () => {
      const { org } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const creator = await makeMember(org.id, "create");
      const col = await makeCollection(org.id);
      const asReader = await as(reader.token).get(`/collections/${col.id}`);
      expect(asReader.body.permissions).toEqual({
        view: true,
        admin: false,
        viewInviteLinks: false,
        create: false,
      });
      const asCreator = await as(creator.token).get(`/collections/${col.id}`);
      expect(asCreator.body.permissions.create).toBe(true);
      expect(asCreator.body.permissions.admin).toBe(false);
    });

    it("hides a collection under a parent with no default access, unless granted", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const open = await makeCollection(org.id);
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const inside = await makeCollection(org.id, { parent: closed.id });
      expect((await as(member.token).get(`/collections/${open.id}`)).status).toBe(200);
      const hidden = await as(member.token).get(`/collections/${inside.id}`);
      const missing = await as(member.token).get(`/collections/neverexisted`);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(missing.text);
      // The organization admin still sees it.
      expect((await as(owner.token).get(`/collections/${inside.id}`)).status).toBe(200);
      // A grant on the ancestor opens the whole subtree.
      await grant(closed.id, { user: member.user.id }, "comment");
      const seen = await as(member.token).get(`/collections/${inside.id}`);
      expect(seen.status).toBe(200);
      expect(seen.body.permissions).toMatchObject({ view: true, create: false });
    });

    it("opens a collection to a guest through a grant to one of their teams", async () => {
      const { org } = await makeOrg();
      const guest = await makeMember(org.id, null);
      const col = await makeCollection(org.id);
      expect((await as(guest.token).get(`/collections/${col.id}`)).status).toBe(404);
      const team = await makeBareTeam(org.id, [guest.user.id]);
      await grant(col.id, { team }, "create");
      const res = await as(guest.token).get(`/collections/${col.id}`);
      expect(res.status).toBe(200);
      expect(res.body.permissions).toMatchObject({ view: true, create: true, admin: false });
    });

    it("lets a default level raise a member above their organization role", async () => {
      const { org } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const parent = await makeCollection(org.id, { defaultLevel: "admin" });
      const child = await makeCollection(org.id, { parent: parent.id });
      const res = await as(reader.token).get(`/collections/${child.id}`);
      expect(res.body.permissions.admin).toBe(true);
    });

    it("answers 400 for an id that is too long", async () => {
      const { owner } = await makeOrg();
      const res = await as(owner.token).get(`/collections/${"x".repeat(65)}`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^path\.collectionId: /);
    });
  });

  authorizationMatrix("GET /v1/collections/{collectionId}", {
    setup: async (world) => {
      const col = await makeCollection(world.org.id);
      // Guests see nothing by default; a grant makes the collection visible to them too.
      await grant(col.id, { user: world.guest.user.id }, "read");
      return col;
    },
    request: (_w, col) => ({ method: "GET", path: `/collections/${col.id}` }),
    missing: () => ({ method: "GET", path: "/collections/neverexisted" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
});

describe("list", () => {
  beforeAll(emptyStorage);
  const list = (token: string, orgId: string, query: Record<string, string | number> = {}) =>
    as(token).get(`/orgs/${orgId}/collections`, { query });

  describe("GET /v1/orgs/{organizationId}/collections", () => {
    it("lists every collection, nested ones included, oldest first, with an exact count", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeCollection(org.id, { title: "A" });
      const b = await makeCollection(org.id, { title: "B" });
      const a1 = await makeCollection(org.id, { parent: a.id, title: "A1" });
      const res = await list(owner.token, org.id);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(3);
      expect(res.body.next).toBeUndefined();
      const expected = [a, b, a1]
        .sort((x, y) => (x.createdAt + x.id < y.createdAt + y.id ? -1 : 1))
        .map((c) => c.id);
      expect(res.body.items.map((c: { id: string }) => c.id)).toEqual(expected);
      const child = res.body.items.find((c: { id: string }) => c.id === a1.id);
      expect(child).toMatchObject({ object: "collection", title: "A1", parent: a.id });
      expect(child.permissions.admin).toBe(true);
      expect(d1Cost(res).roundTrips).toBe(2);
    });

    it("lists only top-level collections with nested=false", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeCollection(org.id);
      await makeCollection(org.id, { parent: a.id });
      const res = await list(owner.token, org.id, { nested: "false" });
      expect(res.body.count).toBe(1);
      expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([a.id]);
    });

    it("pages with a cursor, without skipping or repeating", async () => {
      const { org, owner } = await makeOrg();
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push((await makeCollection(org.id)).id);
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await list(owner.token, org.id, { limit: 2, ...(page ? { page } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(5);
        seen.push(...res.body.items.map((c: { id: string }) => c.id));
        page = res.body.next?.page;
      } while (page);
      expect(seen.length).toBe(5);
      expect(new Set(seen)).toEqual(new Set(ids));
    });

    it("shows members only what they can see, with a count that matches", async () => {
      const { org, owner } = await makeOrg();
      const member = await makeMember(org.id, "edit");
      const guest = await makeMember(org.id, null);
      const open = await makeCollection(org.id);
      const closed = await makeCollection(org.id, { defaultLevel: null });
      const inside = await makeCollection(org.id, { parent: closed.id });
      const reopened = await makeCollection(org.id, { parent: closed.id, defaultLevel: "read" });
      await grant(inside.id, { user: guest.user.id }, "comment");

      const asOwner = await list(owner.token, org.id);
      expect(asOwner.body.count).toBe(4);

      const asMember = await list(member.token, org.id);
      const memberIds = asMember.body.items.map((c: { id: string }) => c.id);
      expect(new Set(memberIds)).toEqual(new Set([open.id, reopened.id]));
      expect(asMember.body.count).toBe(2);
      const reopenedItem = asMember.body.items.find((c: { id: string }) => c.id === reopened.id);
      expect(reopenedItem.permissions).toMatchObject({ view: true, create: false });

      const asGuest = await list(guest.token, org.id);
      expect(asGuest.body.items.map((c: { id: string }) => c.id)).toEqual([inside.id]);
      expect(asGuest.body.count).toBe(1);
      expect(asGuest.body.items[0].permissions).toMatchObject({ view: true, admin: false });

      const topOnly = await list(member.token, org.id, { nested: "false" });
      expect(topOnly.body.items.map((c: { id: string }) => c.id)).toEqual([open.id]);
      expect(topOnly.body.count).toBe(1);
    });

    it("reports roles from grants on ancestors when the member sees everything", async () => {
      const { org } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const parent = await makeCollection(org.id);
      const child = await makeCollection(org.id, { parent: parent.id });
      const other = await makeCollection(org.id);
      await grant(parent.id, { user: reader.user.id }, "admin");
      const res = await list(reader.token, org.id);
      expect(res.body.count).toBe(3);
      const admin = (id: string) =>
        res.body.items.find((c: { id: string }) => c.id === id).permissions.admin;
      expect(admin(parent.id)).toBe(true);
      expect(admin(child.id)).toBe(true);
      expect(admin(other.id)).toBe(false);
    });

    it("shows a guest the subtree granted to one of their teams", async () => {
      const { org } = await makeOrg();
      const guest = await makeMember(org.id, null);
      const team = await makeBareTeam(org.id, [guest.user.id]);
      const parent = await makeCollection(org.id);
      const child = await makeCollection(org.id, { parent: parent.id });
      await makeCollection(org.id);
      await grant(parent.id, { team }, "edit");
      const res = await list(guest.token, org.id);
      expect(res.body.count).toBe(2);
      expect(new Set(res.body.items.map((c: { id: string }) => c.id))).toEqual(
        new Set([parent.id, child.id]),
      );
      expect(res.body.items[0].permissions).toMatchObject({ view: true, create: false });
    });

    it("pages a filtered list too", async () => {
      const { org } = await makeOrg();
      const guest = await makeMember(org.id, null);
      const granted = [];
      for (let i = 0; i < 3; i++) {
        const col = await makeCollection(org.id);
        await makeCollection(org.id);
        await grant(col.id, { user: guest.user.id }, "read");
        granted.push(col.id);
      }
      const first = await list(guest.token, org.id, { limit: 2 });
      expect(first.body.count).toBe(3);
      expect(first.body.items.length).toBe(2);
      const second = await list(guest.token, org.id, { limit: 2, page: first.body.next.page });
      expect(second.body.items.length).toBe(1);
      expect(second.body.next).toBeUndefined();
      const seen = [...first.body.items, ...second.body.items].map((c: { id: string }) => c.id);
      expect(new Set(seen)).toEqual(new Set(granted));
    });

    it("answers 400 for a bad limit, nested flag or cursor", async () => {
      const { org, owner } = await makeOrg();
      const badLimit = await list(owner.token, org.id, { limit: 0 });
      expect(badLimit.status).toBe(400);
      expect(badLimit.body.error.message).toMatch(/^query\.limit: /);
      const badNested = await list(owner.token, org.id, { nested: "maybe" });
      expect(badNested.status).toBe(400);
      expect(badNested.body.error.message).toMatch(/^query\.nested: /);
      const badPage = await list(owner.token, org.id, { page: "nope" });
      expect(badPage.status).toBe(400);
      expect(badPage.body.error.message).toMatch(/^query\.page: /);
    });

    it("refuses a cursor issued for the other nesting mode", async () => {
      const { org, owner } = await makeOrg();
      for (let i = 0; i < 3; i++) await makeCollection(org.id);
      const first = await list(owner.token, org.id, { limit: 1 });
      const other = await list(owner.token, org.id, {
        limit: 1,
        nested: "false",
        page: first.body.next.page,
      });
      expect(other.status).toBe(400);
    });
  });

  authorizationMatrix("GET /v1/orgs/{organizationId}/collections", {
    setup: async (world) => makeCollection(world.org.id),
    request: (world) => ({ method: "GET", path: `/orgs/${world.org.id}/collections` }),
    missing: () => ({ method: "GET", path: "/orgs/neverexisted/collections" }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
});

describe("update-delete", () => {
  beforeAll(emptyStorage);
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
      const back = await as(owner.token).patch(`/collections/${col.id}`, {
        defaultLevel: "inherit",
      });
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
      expect((await as(`quire_${"A".repeat(43)}`).delete(`/collections/${col.id}`)).status).toBe(
        401,
      );
      await grant(col.id, { user: editor.user.id }, "admin");
      expect((await as(editor.token).delete(`/collections/${col.id}`)).status).toBe(204);
      expect(await readCollection(col.id)).toBeUndefined();
    });
  });
});
