import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, warmToken, call } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb, makeOrgWithRoles, makeToken } from "../helpers/factories";
import { grant, makeCollection, makeBareTeam } from "../helpers/collections-factories";
import {
  grantSpace,
  makeSpace,
  readSpace,
  setDeletedAt,
  grantsOnSpace,
  openFiles,
  openPages,
  seedMainContent,
  daysAgo,
} from "../helpers/spaces-factories";
import { eq } from "drizzle-orm";
import { spaces, collections } from "../../src/db/schema";
import { addMember } from "../../src/services/organizations/organizations";
import { makeSite, readSite, readSiteSpaces } from "../helpers/sites-factories";
import { copyTitle } from "../../src/routes/spaces/lifecycle";
import { emptyStorage } from "../helpers/storage";

describe("move", () => {
  const after = (id: string) => ({ after: { type: "space", space: id } });
  const before = (id: string) => ({ before: { type: "space", space: id } });

  async function threeInCollection() {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const a = await makeSpace(org.id, owner, { parent: col.id, title: "A" });
    const b = await makeSpace(org.id, owner, { parent: col.id, title: "B" });
    const c = await makeSpace(org.id, owner, { parent: col.id, title: "C" });
    const move = (id: string, body: unknown, token = owner.token) =>
      as(token).post(`/spaces/${id}/move`, body);
    const order = async () =>
      (
        (await as(owner.token).get(`/collections/${col.id}/spaces`)).body.items as { id: string }[]
      ).map((s) => s.id);
    return { org, owner, col, a, b, c, move, order };
  }

  describe("POST /v1/spaces/{spaceId}/move", () => {
    it("reorders spaces before or after another, as the collection list shows", async () => {
      const { a, b, c, move, order } = await threeInCollection();
      const res = await move(a.id, { position: after(c.id) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.id, object: "space", title: "A" });
      expect(await order()).toEqual([b.id, c.id, a.id]);
      expect((await move(a.id, { position: before(b.id) })).status).toBe(200);
      expect(await order()).toEqual([a.id, b.id, c.id]);
      expect((await move(c.id, { position: after(a.id) })).status).toBe(200);
      expect(await order()).toEqual([a.id, c.id, b.id]);
      expect((await readSpace(b.id))!.position).toBe(b.position);
    });

    it("moves into a collection (at the end) and back to the top level", async () => {
      const { org, owner, col, a, b, c, move, order } = await threeInCollection();
      const other = await makeCollection(org.id);
      const there = await makeSpace(org.id, owner, { parent: other.id });
      await warmToken(owner.token); // steady state: the isolate knows the token
      const res = await move(a.id, { parent: other.id });
      expect(res.status).toBe(200);
      expect(d1Cost(res).roundTrips).toBe(2);
      expect(res.body).toMatchObject({ parent: other.id, visibility: "in-collection" });
      expect(await order()).toEqual([b.id, c.id]);
      const list = await as(owner.token).get(`/collections/${other.id}/spaces`);
      expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([there.id, a.id]);
      const root = await move(b.id, { parent: null });
      expect(root.status).toBe(200);
      expect(root.body.parent).toBeUndefined();
      expect(root.body.visibility).toBe("private");
      // Into a collection, next to a given space.
      expect((await move(b.id, { parent: col.id, position: before(c.id) })).status).toBe(200);
      expect(await order()).toEqual([b.id, c.id]);
    });

    it("answers 409 when nothing would change", async () => {
      const { col, a, b, c, move } = await threeInCollection();
      const last = await move(c.id, { parent: col.id });
      expect(last.status).toBe(409);
      expect((await move(a.id, { position: before(b.id) })).status).toBe(409);
      expect((await move(b.id, { position: after(a.id) })).status).toBe(409);
      expect((await move(b.id, { position: before(c.id) })).status).toBe(409);
    });

    it("answers 400 for an invalid position or body", async () => {
      const { org, owner, col, a, b, move } = await threeInCollection();
      const root = await makeSpace(org.id, owner);
      const foreign = await makeSpace((await makeOrg()).org.id, owner);
      const gone = await makeSpace(org.id, owner, { parent: col.id });
      await setDeletedAt(gone.id, new Date().toISOString());
      const cases: [unknown, RegExp][] = [
        [{}, /^body: give parent, position or both/],
        [{ position: { ...before(b.id), ...after(b.id) } }, /^body\.position: /],
        [
          { position: { before: { type: "collection", collection: col.id } } },
          /^body\.position\.before\.collection: /,
        ],
        [
          { position: after(a.id) },
          /^body\.position\.after\.space: cannot position a space next to itself/,
        ],
        [
          { position: after(root.id) },
          /^body\.position\.after\.space: not a space of the target parent/,
        ],
        [{ parent: null, position: after(b.id) }, /^body\.position\.after\.space: not a space/],
        [{ position: before(foreign.id) }, /^body\.position\.before\.space: not a space/],
        [{ position: before(gone.id) }, /^body\.position\.before\.space: not a space/],
        [{ position: before("neverexisted") }, /^body\.position\.before\.space: not a space/],
        [{ parent: 5 }, /^body\.parent: /],
      ];
      for (const [body, message] of cases) {
        const res = await move(a.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
    });

    it("answers 404 for a target collection that is absent, foreign or invisible", async () => {
      const { org, a, move } = await threeInCollection();
      const other = await makeOrg();
      const foreign = await makeCollection(other.org.id);
      const member = await makeMember(org.id, "create");
      const hidden = await makeCollection(org.id, { defaultLevel: null });
      await grantSpace(a.id, { user: member.user.id }, "admin");
      for (const [parent, token] of [
        ["neverexisted", undefined],
        [foreign.id, undefined],
        [hidden.id, member.token],
      ] as const) {
        const res = await move(a.id, { parent }, token);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe("Collection not found");
      }
    });

    it("needs admin on the space and create on the target", async () => {
      const { org, a, move } = await threeInCollection();
      const editor = await makeMember(org.id, "edit");
      const target = await makeCollection(org.id);
      await grantSpace(a.id, { user: editor.user.id }, "admin");
      expect((await move(a.id, { parent: target.id }, editor.token)).status).toBe(403);
      expect((await move(a.id, { parent: null }, editor.token)).status).toBe(403);
      await grant(target.id, { user: editor.user.id }, "create");
      const res = await move(a.id, { parent: target.id }, editor.token);
      expect(res.status).toBe(200);
      expect(res.body.permissions.admin).toBe(true);
    });
  });

  authorizationMatrix("POST /v1/spaces/{spaceId}/move", {
    setup: async (world) => {
      const col = await makeCollection(world.org.id);
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { col, space };
    },
    request: (_w, { col, space }) => ({
      method: "POST",
      path: `/spaces/${space.id}/move`,
      body: { parent: col.id },
    }),
    missing: (_w, { col }) => ({
      method: "POST",
      path: "/spaces/neverexisted/move",
      body: { parent: col.id },
    }),
    minimumRole: "admin",
    scope: "space:write",
    success: 200,
  });
});

describe("transfer", () => {
  beforeAll(emptyStorage);
  const listIds = async (token: string, orgId: string) =>
    ((await as(token).get(`/orgs/${orgId}/spaces`)).body.items as { id: string }[]).map(
      (s) => s.id,
    );

  describe("POST /v1/spaces/{spaceId}/transfer", () => {
    it("leaves the old organization's sites, their counts exact", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const space = await makeSpace(org.id, owner);
      const other = await makeSpace(org.id, owner);
      const site = await makeSite(org.id, owner, { spaces: [space, other] });
      const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
        organization: target.org.id,
      });
      expect(res.status).toBe(200);
      expect((await readSiteSpaces(site.id)).map((s) => s.spaceId)).toEqual([other.id]);
      expect((await readSite(site.id))!.siteSpacesCount).toBe(1);
    });

    it("moves the space to the target organization's top level, dropping old team grants", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const member = await makeMember(org.id, "read");
      const col = await makeCollection(org.id);
      const space = await makeSpace(org.id, owner, { parent: col.id });
      const existing = await makeSpace(target.org.id, owner);
      const team = await makeBareTeam(org.id, [member.user.id]);
      await grantSpace(space.id, { team }, "edit");
      await grantSpace(space.id, { user: member.user.id }, "comment");
      await testDb()
        .update(spaces)
        .set({
          mergeRules: {
            type: "rules",
            rules: [{ rule: "require_specific_reviewers", users: [member.user.id] }],
          },
          changeRequestsCount: 2,
          changeRequestsOpen: 1,
          changeRequestsDraft: 1,
          commentsOpen: 3,
        })
        .where(eq(spaces.id, space.id));

      await warmToken(owner.token); // steady state: the isolate knows the token
      const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
        organization: target.org.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "space",
        id: space.id,
        organization: target.org.id,
        visibility: "private",
        mergeRules: { type: "inherit" },
        revision: space.revisionId,
        changeRequests: 2,
        changeRequestsOpen: 1,
        changeRequestsDraft: 1,
        comments: 3,
      });
      expect(d1Cost(res).roundTrips).toBe(2);
      expect(res.body.parent).toBeUndefined();
      expect(res.body.permissions.admin).toBe(true);
      const grants = await grantsOnSpace(space.id);
      expect(grants.map((g) => [g.principalType, g.principalId])).toEqual([
        ["user", member.user.id],
      ]);
      expect(await listIds(owner.token, org.id)).toEqual([]);
      expect(await listIds(owner.token, target.org.id)).toEqual([space.id, existing.id]);
      const row = (await readSpace(space.id))!;
      expect(row.position > existing.position).toBe(true);
      // The old organization's members lose it; a member of both would see it through the new one.
      expect((await as(member.token).get(`/spaces/${space.id}`)).status).toBe(404);
      await addMember(testDb(), {
        organizationId: target.org.id,
        userId: member.user.id,
        role: "read",
      });
      expect((await as(member.token).get(`/spaces/${space.id}`)).status).toBe(200);
    });

    it("answers 409 for the space's own organization", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
        organization: org.id,
      });
      expect(res.status).toBe(409);
    });

    it("needs admin in the target organization; non-members see it as absent", async () => {
      const { org, owner } = await makeOrg();
      const space = await makeSpace(org.id, owner);
      const stranger = await makeOrg();
      const asMember = await makeOrg();
      await addMember(testDb(), {
        organizationId: asMember.org.id,
        userId: owner.user.id,
        role: "create",
      });
      const post = (organization: string) =>
        as(owner.token).post(`/spaces/${space.id}/transfer`, { organization });
      const foreign = await post(stranger.org.id);
      const missing = await post("neverexisted");
      expect(foreign.status).toBe(404);
      expect(foreign.text).toBe(missing.text);
      expect(foreign.body.error.message).toBe("Organization not found");
      expect((await post(asMember.org.id)).status).toBe(403);
      expect((await readSpace(space.id))!.organizationId).toBe(org.id);
    });

    it("answers 400 for a bad body and 404 for a deleted space", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const space = await makeSpace(org.id, owner);
      for (const body of [{}, { organization: "" }, { organization: target.org.id, x: 1 }]) {
        const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body(\.organization)?: /);
      }
      await setDeletedAt(space.id, new Date().toISOString());
      const gone = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
        organization: target.org.id,
      });
      expect(gone.status).toBe(404);
    });
  });

  authorizationMatrix("POST /v1/spaces/{spaceId}/transfer", {
    setup: async (world) => {
      const target = await makeOrg({ owner: world.owner });
      const space = await makeSpace(world.org.id, world.owner);
      await grantSpace(space.id, { user: world.guest.user.id }, "read");
      return { target, space };
    },
    request: (_w, { target, space }) => ({
      method: "POST",
      path: `/spaces/${space.id}/transfer`,
      body: { organization: target.org.id },
    }),
    missing: (_w, { target }) => ({
      method: "POST",
      path: "/spaces/neverexisted/transfer",
      body: { organization: target.org.id },
    }),
    minimumRole: "admin",
    scope: "space:write",
    success: 200,
  });
});

describe("duplicate", () => {
  beforeAll(emptyStorage);
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
});

describe("delete-restore", () => {
  beforeAll(emptyStorage);
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
});
