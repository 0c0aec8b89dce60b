import { asc, eq } from "drizzle-orm";
import { describe, expect, it, beforeAll } from "vitest";
import { collections } from "../../src/db/schema";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  makeCollection,
  readCollection,
  grantsOn,
  makeBareTeam,
} from "../helpers/collections-factories";
import { addMember } from "../../src/services/organizations/organizations";
import { createCollection, deleteCollection } from "../../src/services/collections/collections";
import { moveCollection, transferCollection } from "../../src/services/collections/move";
import { emptyStorage } from "../helpers/storage";

describe("move", () => {
  /** Ids of the collections under a parent (null: top level), in position order. */
  async function childrenOf(orgId: string, parentId: string | null) {
    const rows = await testDb()
      .select()
      .from(collections)
      .where(eq(collections.organizationId, orgId))
      .orderBy(asc(collections.position), asc(collections.id));
    return rows.filter((r) => r.parentId === parentId).map((r) => r.id);
  }

  async function threeRoots() {
    const { org, owner } = await makeOrg();
    const a = await makeCollection(org.id, { title: "A" });
    const b = await makeCollection(org.id, { title: "B" });
    const c = await makeCollection(org.id, { title: "C" });
    const move = (id: string, body: unknown, token = owner.token) =>
      as(token).post(`/collections/${id}/move`, body);
    return { org, owner, a, b, c, move };
  }

  const after = (id: string) => ({ after: { type: "collection", collection: id } });
  const before = (id: string) => ({ before: { type: "collection", collection: id } });

  describe("POST /v1/collections/{collectionId}/move", () => {
    it("reorders siblings before or after another, rewriting one row", async () => {
      const { org, a, b, c, move } = await threeRoots();
      const res = await move(a.id, { position: after(c.id) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.id, object: "collection", title: "A" });
      expect(await childrenOf(org.id, null)).toEqual([b.id, c.id, a.id]);
      expect((await move(a.id, { position: before(b.id) })).status).toBe(200);
      expect(await childrenOf(org.id, null)).toEqual([a.id, b.id, c.id]);
      expect((await move(c.id, { position: after(a.id) })).status).toBe(200);
      expect(await childrenOf(org.id, null)).toEqual([a.id, c.id, b.id]);
      expect((await readCollection(b.id))!.position).toBe(b.position);
    });

    it("moves into a collection (at the end) and back to the top level; counters stay exact", async () => {
      const { org, a, b, c, move } = await threeRoots();
      const inner = await makeCollection(org.id, { parent: b.id });
      const res = await move(a.id, { parent: b.id });
      expect(res.status).toBe(200);
      expect(res.body.parent).toBe(b.id);
      expect(await childrenOf(org.id, b.id)).toEqual([inner.id, a.id]);
      expect((await readCollection(b.id))!.childrenCount).toBe(2);
      let counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 4, roots: 2 });
      expect(counters.stored).toEqual(counters.actual);

      const up = await move(a.id, { parent: null, position: before(c.id) });
      expect(up.status).toBe(200);
      expect(up.body.parent).toBeUndefined();
      expect(await childrenOf(org.id, null)).toEqual([b.id, a.id, c.id]);
      expect((await readCollection(b.id))!.childrenCount).toBe(1);
      counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 4, roots: 3 });
      expect(counters.stored).toEqual(counters.actual);

      const deeper = await move(a.id, { parent: inner.id, position: undefined });
      expect(deeper.status).toBe(200);
      expect((await readCollection(inner.id))!.childrenCount).toBe(1);
    });

    it("answers 409 when nothing would change", async () => {
      const { a, b, c, move } = await threeRoots();
      const already = await move(a.id, { position: before(b.id) });
      expect(already.status).toBe(409);
      expect(already.body.error.message).toBe("The collection is already before that collection");
      expect((await move(b.id, { position: after(a.id) })).status).toBe(409);
      const last = await move(c.id, { parent: null });
      expect(last.status).toBe(409);
      expect(last.body.error.message).toBe("The collection is already last in that parent");
      // Not last yet: moving to the end of the same parent is a change.
      expect((await move(a.id, { parent: null })).status).toBe(200);
    });

    it("answers 400 for cycles, bad positions and bad bodies, naming the field", async () => {
      const { org, a, b, move } = await threeRoots();
      const child = await makeCollection(org.id, { parent: a.id });
      const grandchild = await makeCollection(org.id, { parent: child.id });
      const other = await makeOrg();
      const foreign = await makeCollection(other.org.id);
      const message = async (id: string, body: unknown) => {
        const res = await move(id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        return res.body.error.message as string;
      };
      expect(await message(a.id, { parent: a.id })).toBe(
        "body.parent: cannot move a collection into itself or its descendants",
      );
      expect(await message(a.id, { parent: grandchild.id })).toMatch(/^body\.parent: cannot/);
      expect(await message(a.id, { parent: "neverexisted" })).toBe(
        "body.parent: no such collection in this organization",
      );
      expect(await message(a.id, { parent: foreign.id })).toBe(
        "body.parent: no such collection in this organization",
      );
      expect(await message(a.id, { position: before(a.id) })).toMatch(
        /^body\.position\.before\.collection: cannot/,
      );
      expect(await message(b.id, { position: after(child.id) })).toBe(
        "body.position.after.collection: not a collection of the target parent",
      );
      expect(await message(b.id, { position: after("neverexisted") })).toBe(
        "body.position.after.collection: not a collection of the target parent",
      );
      expect(await message(b.id, { parent: a.id, position: after(a.id) })).toMatch(
        /^body\.position\.after\.collection: /,
      );
      expect(
        await message(b.id, { position: { before: { type: "space", space: "neverexisted" } } }),
      ).toMatch(/^body\.position\.before\.space: /);
      expect(await message(b.id, {})).toMatch(/^body: /);
      expect(await message(b.id, { position: {} })).toMatch(/^body\.position: /);
      expect(await message(b.id, { position: { ...before(a.id), ...after(a.id) } })).toMatch(
        /^body\.position: /,
      );
      expect(await message(b.id, { position: { before: { type: "page", page: "x" } } })).toMatch(
        /^body\.position\.before/,
      );
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual(counters.actual);
    });

    it("needs create on the target parent besides admin on the collection", async () => {
      const { org, a, b, move } = await threeRoots();
      const reader = await makeMember(org.id, "read");
      await grant(a.id, { user: reader.user.id }, "admin");
      const refused = await move(a.id, { parent: b.id }, reader.token);
      expect(refused.status).toBe(403);
      const atRoot = await move(a.id, { position: after(b.id) }, reader.token);
      expect(atRoot.status).toBe(403);
      await grant(b.id, { user: reader.user.id }, "create");
      const res = await move(a.id, { parent: b.id }, reader.token);
      expect(res.status).toBe(200);
      expect(res.body.permissions.admin).toBe(true);
    });

    it("hides a parent the caller cannot see behind the same 400 as a missing one", async () => {
      const { org, a, move } = await threeRoots();
      const editor = await makeMember(org.id, "edit");
      await grant(a.id, { user: editor.user.id }, "admin");
      const hidden = await makeCollection(org.id, { defaultLevel: null });
      const invisible = await move(a.id, { parent: hidden.id }, editor.token);
      const missing = await move(a.id, { parent: "neverexisted" }, editor.token);
      expect(invisible.status).toBe(400);
      expect(invisible.text).toBe(missing.text);
    });
  });

  authorizationMatrix("POST /v1/collections/{collectionId}/move", {
    setup: async (world) => {
      const first = await makeCollection(world.org.id);
      const second = await makeCollection(world.org.id);
      await grant(first.id, { user: world.guest.user.id }, "read");
      return { first, second };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/collections/${s.first.id}/move`,
      body: { position: after(s.second.id) },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: "/collections/neverexisted/move",
      body: { position: after(s.second.id) },
    }),
    minimumRole: "admin",
    scope: "space:write",
    success: 200,
  });
});

describe("transfer", () => {
  beforeAll(emptyStorage);
  describe("POST /v1/collections/{collectionId}/transfer", () => {
    it("moves the collection and its subtree, drops old-team grants, keeps counters exact", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const existing = await makeCollection(target.org.id);
      const member = await makeMember(org.id, "read");
      const team = await makeBareTeam(org.id, [member.user.id]);
      const top = await makeCollection(org.id);
      const child = await makeCollection(org.id, { parent: top.id });
      const leaf = await makeCollection(org.id, { parent: child.id });
      const stays = await makeCollection(org.id);
      await grant(child.id, { team }, "edit");
      await grant(leaf.id, { user: member.user.id }, "comment");
      await grant(stays.id, { team }, "edit");

      const res = await as(owner.token).post(`/collections/${top.id}/transfer`, {
        organization: target.org.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: top.id,
        organization: target.org.id,
        permissions: { admin: true },
      });
      expect(res.body.parent).toBeUndefined();
      for (const id of [child.id, leaf.id]) {
        expect((await readCollection(id))!.organizationId).toBe(target.org.id);
      }
      expect((await readCollection(child.id))!.parentId).toBe(top.id);
      expect((await readCollection(top.id))!.position > existing.position).toBe(true);
      expect(await grantsOn(child.id)).toEqual([]);
      expect((await grantsOn(leaf.id)).length).toBe(1);
      expect((await grantsOn(stays.id)).length).toBe(1);

      const from = await collectionCounters(org.id);
      expect(from.stored).toEqual({ all: 1, roots: 1 });
      expect(from.stored).toEqual(from.actual);
      const to = await collectionCounters(target.org.id);
      expect(to.stored).toEqual({ all: 4, roots: 2 });
      expect(to.stored).toEqual(to.actual);
      const seen = await as(owner.token).get(`/collections/${leaf.id}`);
      expect(seen.body.organization).toBe(target.org.id);
    });

    it("answers 409 for the same organization and 412 for a nested collection", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const top = await makeCollection(org.id);
      const child = await makeCollection(org.id, { parent: top.id });
      const same = await as(owner.token).post(`/collections/${top.id}/transfer`, {
        organization: org.id,
      });
      expect(same.status).toBe(409);
      const nested = await as(owner.token).post(`/collections/${child.id}/transfer`, {
        organization: target.org.id,
      });
      expect(nested.status).toBe(412);
      expect(nested.body.error.message).toMatch(/nested collection/);
    });

    it("needs admin in the target organization: 404 if not a member, 403 if not admin", async () => {
      const { org, owner } = await makeOrg();
      const col = await makeCollection(org.id);
      const stranger = await makeOrg();
      const notMember = await as(owner.token).post(`/collections/${col.id}/transfer`, {
        organization: stranger.org.id,
      });
      const missing = await as(owner.token).post(`/collections/${col.id}/transfer`, {
        organization: "neverexisted",
      });
      expect(notMember.status).toBe(404);
      expect(notMember.text).toBe(missing.text);
      const editorThere = await makeOrg();
      await addMember(testDb(), {
        organizationId: editorThere.org.id,
        userId: owner.user.id,
        role: "edit",
      });
      const notAdmin = await as(owner.token).post(`/collections/${col.id}/transfer`, {
        organization: editorThere.org.id,
      });
      expect(notAdmin.status).toBe(403);
      expect((await readCollection(col.id))!.organizationId).toBe(org.id);
    });

    it("answers 400 naming the field for a bad body", async () => {
      const { org, owner } = await makeOrg();
      const col = await makeCollection(org.id);
      const none = await as(owner.token).post(`/collections/${col.id}/transfer`, {});
      expect(none.status).toBe(400);
      expect(none.body.error.message).toMatch(/^body\.organization: /);
      const wrong = await as(owner.token).post(`/collections/${col.id}/transfer`, {
        organization: 42,
      });
      expect(wrong.body.error.message).toMatch(/^body\.organization: /);
    });
  });

  authorizationMatrix("POST /v1/collections/{collectionId}/transfer", {
    setup: async (world) => {
      const col = await makeCollection(world.org.id);
      await grant(col.id, { user: world.guest.user.id }, "read");
      const target = await makeOrg({ owner: world.owner });
      return { col, target: target.org.id };
    },
    request: (_w, s) => ({
      method: "POST",
      path: `/collections/${s.col.id}/transfer`,
      body: { organization: s.target },
    }),
    missing: (_w, s) => ({
      method: "POST",
      path: "/collections/neverexisted/transfer",
      body: { organization: s.target },
    }),
    minimumRole: "admin",
    scope: "space:write",
    success: 200,
  });
});

describe("races", () => {
  beforeAll(emptyStorage);
  /** The services re-check, inside their one batch, what the route read in the round trip before. */
  describe("collection writes racing with other writes", () => {
    it("does not create under a parent deleted in between", async () => {
      const { org } = await makeOrg();
      const parent = await makeCollection(org.id);
      await deleteCollection(testDb(), parent);
      const row = await createCollection(testDb(), {
        organizationId: org.id,
        parentId: parent.id,
        title: "Orphan",
        after: null,
      });
      expect(row).toBeNull();
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 0, roots: 0 });
      expect(counters.stored).toEqual(counters.actual);
    });

    it("makes a move from a stale read a no-op, counters untouched", async () => {
      const { org } = await makeOrg();
      const a = await makeCollection(org.id);
      const b = await makeCollection(org.id);
      const stale = await readCollection(a.id);
      await moveCollection(testDb(), stale!, { parentId: b.id, position: "V" });
      // The same read again: the collection is no longer where it was read.
      const again = await moveCollection(testDb(), stale!, { parentId: null, position: "zz" });
      expect(again).toBeNull();
      expect((await readCollection(a.id))!.parentId).toBe(b.id);
      expect((await readCollection(b.id))!.childrenCount).toBe(1);
      const counters = await collectionCounters(org.id);
      expect(counters.stored).toEqual({ all: 2, roots: 1 });
      expect(counters.stored).toEqual(counters.actual);
    });

    it("refuses a move that a concurrent move turned into a cycle", async () => {
      const { org } = await makeOrg();
      const a = await makeCollection(org.id);
      const b = await makeCollection(org.id);
      const staleA = await readCollection(a.id);
      // Meanwhile b went under a; moving a under b now would make a cycle.
      await moveCollection(testDb(), (await readCollection(b.id))!, {
        parentId: a.id,
        position: "V",
      });
      expect(await moveCollection(testDb(), staleA!, { parentId: b.id, position: "V" })).toBeNull();
      expect((await readCollection(a.id))!.parentId).toBeNull();
    });

    it("counts nothing twice when a collection is deleted twice or transferred after deletion", async () => {
      const { org, owner } = await makeOrg();
      const target = await makeOrg({ owner });
      const top = await makeCollection(org.id);
      await makeCollection(org.id, { parent: top.id });
      await deleteCollection(testDb(), top);
      await deleteCollection(testDb(), top);
      expect(
        await transferCollection(testDb(), top, { organizationId: target.org.id, position: "V" }),
      ).toBeNull();
      for (const id of [org.id, target.org.id]) {
        const counters = await collectionCounters(id);
        expect(counters.stored).toEqual({ all: 0, roots: 0 });
        expect(counters.stored).toEqual(counters.actual);
      }
    });
  });
});
