import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grant, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace, readSpace, setDeletedAt } from "../helpers/spaces-factories";

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
