import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collections } from "../../src/db/schema";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  makeCollection,
  readCollection,
} from "../helpers/collections-factories";

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
