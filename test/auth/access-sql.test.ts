import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { eq } from "drizzle-orm";
import { spaces as spaceRows } from "../../src/db/schema";
import { makeMember, makeOrg, testDb, type TestUser } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { createCr } from "../helpers/change-requests-factories";

type Item = { id: string; permissions: Record<string, boolean> };

/**
 * The access rule has one SQL form (src/auth/access-sql.ts) that the lists run, and the space
 * check computes it in JavaScript (`effectiveRole`) from the rows of one statement. Over a tree
 * mixing default levels, user and team grants on collections and spaces, every list a member or
 * a guest reads must show exactly the spaces `GET /v1/spaces/{id}` lets them read, with the same
 * permissions.
 */
describe("the access rule in SQL and in the space check", () => {
  it("agree for members and guests on every list of spaces and change requests", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "read");
    const guest = await makeMember(org.id, null);
    const team = await makeBareTeam(org.id, [member.user.id, guest.user.id]);
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const nested = await makeCollection(org.id, { parent: closed.id, defaultLevel: "inherit" });
    const open = await makeCollection(org.id, { defaultLevel: "edit" });
    await grant(nested.id, { team }, "comment");
    const spaces = [
      await makeSpace(org.id, owner),
      await makeSpace(org.id, owner),
      await makeSpace(org.id, owner, { parent: closed.id }),
      await makeSpace(org.id, owner, { parent: nested.id }),
      await makeSpace(org.id, owner, { parent: closed.id, defaultLevel: "read" }),
      await makeSpace(org.id, owner, { parent: open.id }),
      await makeSpace(org.id, owner, { parent: open.id }),
    ];
    // `createSpace` stores a null level as "inherit": closed spaces are set on the row.
    for (const i of [1, 5]) {
      await testDb()
        .update(spaceRows)
        .set({ defaultLevel: null })
        .where(eq(spaceRows.id, spaces[i]!.id));
    }
    await grantSpace(spaces[5]!.id, { user: guest.user.id }, "edit");
    await grantSpace(spaces[1]!.id, { team }, "review");
    for (const space of spaces) await createCr(owner, space.id);

    const check = async (caller: TestUser, visible: number[]) => {
      const api = as(caller.token);
      const expected = new Map<string, Record<string, boolean>>();
      for (const space of spaces) {
        const res = await api.get(`/spaces/${space.id}`);
        if (res.status === 200) expected.set(space.id, res.body.permissions);
        else expect(res.status).toBe(404);
      }
      expect([...expected.keys()]).toEqual(visible.map((i) => spaces[i]!.id));
      const listed = async (path: string, query = {}) => {
        const res = await api.get(path, { query: { limit: 50, ...query } });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(res.body.items.length);
        return res.body.items as Item[];
      };
      const orgList = await listed(`/orgs/${org.id}/spaces`);
      expect(new Map(orgList.map((s) => [s.id, s.permissions]))).toEqual(expected);
      for (const collection of [closed, nested, open]) {
        // A collection hidden from the caller hides its list (404), whatever they see in it.
        const seen = await api.get(`/collections/${collection.id}`);
        if (seen.status === 404) continue;
        const inside = spaces.filter((s) => s.parentId === collection.id && expected.has(s.id));
        const items = await listed(`/collections/${collection.id}/spaces`);
        expect(items.map((s) => [s.id, s.permissions])).toEqual(
          inside.map((s) => [s.id, expected.get(s.id)]),
        );
      }
      const requests = await listed(`/orgs/${org.id}/change-requests`, { status: "draft" });
      const spacesOf = new Set(requests.map((r) => (r as unknown as { space: string }).space));
      expect(spacesOf).toEqual(new Set(expected.keys()));
    };

    // The member: the organization role where levels inherit, nothing under the closed
    // collection but its own read level and the team's comment grant on the nested one.
    await check(member, [0, 1, 3, 4, 6]);
    // The guest: only grants (the team's on the nested collection and space 1, their own on 5).
    await check(guest, [1, 3, 5]);
  });
});
