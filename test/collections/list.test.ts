import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";

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
