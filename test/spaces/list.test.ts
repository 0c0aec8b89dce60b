import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";

type Item = { id: string; permissions: Record<string, boolean> };
const ids = (body: { items: Item[] }) => body.items.map((s) => s.id);
const byCreation = (rows: { id: string; createdAt: string }[]) =>
  [...rows].sort((x, y) => (x.createdAt + x.id < y.createdAt + y.id ? -1 : 1)).map((r) => r.id);

describe("GET /v1/orgs/{organizationId}/spaces", () => {
  it("lists live spaces oldest first with an exact count, in one round trip (with the access check)", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const a = await makeSpace(org.id, owner, { title: "A" });
    const b = await makeSpace(org.id, owner, { title: "B", parent: col.id });
    const c = await makeSpace(org.id, owner, { title: "C" });
    await makeSpace((await makeOrg()).org.id, owner);
    const res = await as(owner.token).get(`/orgs/${org.id}/spaces`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.next).toBeUndefined();
    expect(ids(res.body)).toEqual(byCreation([a, b, c]));
    const inCol = res.body.items.find((s: Item) => s.id === b.id);
    expect(inCol).toMatchObject({ object: "space", title: "B", parent: col.id });
    expect(inCol.permissions.admin).toBe(true);
    expect(d1Cost(res).roundTrips).toBe(1);
  });

  it("pages with signed cursors scoped to the list", async () => {
    const { org, owner } = await makeOrg();
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await makeSpace(org.id, owner));
    const first = await as(owner.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 2 } });
    expect(first.body.count).toBe(5);
    expect(first.body.items.length).toBe(2);
    const page = first.body.next.page;
    const second = await as(owner.token).get(`/orgs/${org.id}/spaces`, {
      query: { limit: 2, page },
    });
    const third = await as(owner.token).get(`/orgs/${org.id}/spaces`, {
      query: { limit: 2, page: second.body.next.page },
    });
    expect(third.body.next).toBeUndefined();
    expect([...ids(first.body), ...ids(second.body), ...ids(third.body)]).toEqual(byCreation(rows));
    const other = await makeOrg({ owner });
    const foreign = await as(owner.token).get(`/orgs/${other.org.id}/spaces`, { query: { page } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toMatch(/^query\.page: /);
    const limit = await as(owner.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 1001 } });
    expect(limit.status).toBe(400);
    expect(limit.body.error.message).toMatch(/^query\.limit: /);
  });

  it("shows members and guests only the spaces they can see, with their role", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const guest = await makeMember(org.id, null);
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const nested = await makeCollection(org.id, { parent: closed.id });
    const open = await makeSpace(org.id, owner);
    const hidden = await makeSpace(org.id, owner, { parent: nested.id });
    const opened = await makeSpace(org.id, owner, { parent: nested.id, defaultLevel: "comment" });
    const granted = await makeSpace(org.id, owner, { parent: closed.id });
    const viaTeam = await makeSpace(org.id, owner, { parent: nested.id });
    await grantSpace(granted.id, { user: reader.user.id }, "edit");
    await grantSpace(granted.id, { user: guest.user.id }, "read");
    await grant(nested.id, { team: await makeBareTeam(org.id, [guest.user.id]) }, "comment");

    const asReader = await as(reader.token).get(`/orgs/${org.id}/spaces`);
    expect(asReader.body.count).toBe(3);
    expect(ids(asReader.body)).toEqual(byCreation([open, opened, granted]));
    const perms = (body: { items: Item[] }, id: string) =>
      body.items.find((s) => s.id === id)!.permissions;
    expect(perms(asReader.body, open.id)).toMatchObject({ view: true, edit: false });
    expect(perms(asReader.body, opened.id)).toMatchObject({ comment: true, edit: false });
    expect(perms(asReader.body, granted.id)).toMatchObject({ edit: true, admin: false });

    const asGuest = await as(guest.token).get(`/orgs/${org.id}/spaces`);
    expect(asGuest.body.count).toBe(4);
    expect(ids(asGuest.body)).toEqual(byCreation([hidden, opened, granted, viaTeam]));
    expect(perms(asGuest.body, granted.id)).toMatchObject({ view: true, comment: false });
    expect(perms(asGuest.body, hidden.id)).toMatchObject({ comment: true, edit: false });

    const asOwner = await as(owner.token).get(`/orgs/${org.id}/spaces`);
    expect(asOwner.body.count).toBe(5);
  });

  it("keeps count equal to what each caller can list, through hides, grants, deletes, restores and transfers", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const guest = await makeMember(org.id, null);
    const closed = await makeCollection(org.id, { defaultLevel: null });
    const nested = await makeCollection(org.id, { parent: closed.id });
    const open = await makeCollection(org.id);
    const privateSpace = async (parent?: string) => {
      const made = await makeSpace(org.id, owner, parent ? { parent } : {});
      const res = await as(owner.token).patch(`/spaces/${made.id}`, { defaultLevel: null });
      expect(res.status, res.text).toBe(200);
      return made;
    };
    const spaces = [
      await makeSpace(org.id, owner),
      await privateSpace(),
      await privateSpace(),
      await makeSpace(org.id, owner, { parent: closed.id }),
      await makeSpace(org.id, owner, { parent: nested.id }),
      await makeSpace(org.id, owner, { parent: nested.id, defaultLevel: "read" }),
      await privateSpace(open.id),
      await makeSpace(org.id, owner, { parent: open.id }),
    ];
    await grantSpace(spaces[1]!.id, { user: reader.user.id }, "read");
    await grantSpace(spaces[4]!.id, { team: await makeBareTeam(org.id, [reader.user.id]) }, "edit");
    await grant(nested.id, { user: guest.user.id }, "comment");
    const check = async () => {
      for (const user of [owner, reader, guest]) {
        const res = await as(user.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 1000 } });
        expect(res.body.count).toBe(res.body.items.length);
      }
      return (await as(reader.token).get(`/orgs/${org.id}/spaces`)).body.count;
    };
    // reader: 0, 1 (own grant), 4 (team grant), 5 (own level), 7; not 2, 3, 6.
    expect(await check()).toBe(5);
    await as(owner.token).delete(`/spaces/${spaces[4]!.id}`);
    await as(owner.token).delete(`/spaces/${spaces[0]!.id}`);
    expect(await check()).toBe(3);
    await as(owner.token).post(`/spaces/${spaces[0]!.id}/restore`);
    expect(await check()).toBe(4);
    const target = await makeOrg({ owner });
    await as(owner.token).post(`/spaces/${spaces[7]!.id}/transfer`, {
      organization: target.org.id,
    });
    expect(await check()).toBe(3);
    expect((await as(owner.token).get(`/orgs/${target.org.id}/spaces`)).body.count).toBe(1);
    await as(owner.token).delete(`/collections/${nested.id}`);
    expect(await check()).toBe(2);
  });

  it("reads at most 2 x limit + 10 rows whatever the organization's size, first and deep page", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const hidden = await makeCollection(org.id, { defaultLevel: null });
    await makeSpace(org.id, owner, { parent: hidden.id });
    const closed = await makeSpace(org.id, owner);
    await as(owner.token).patch(`/spaces/${closed.id}`, { defaultLevel: null });
    const n = 110;
    for (let i = 0; i < n; i++) await makeSpace(org.id, owner);
    for (const user of [owner, member]) {
      const first = await as(user.token).get(`/orgs/${org.id}/spaces`, { query: { limit: 50 } });
      expect(first.body.count).toBe(user === owner ? n + 2 : n);
      expect(d1Cost(first).rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
      const deep = await as(user.token).get(`/orgs/${org.id}/spaces`, {
        query: { limit: 50, page: first.body.next.page },
      });
      expect(d1Cost(deep).rowsRead).toBeLessThanOrEqual(2 * 50 + 10);
      expect(d1Cost(deep).roundTrips).toBe(1);
    }
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/spaces", {
  setup: async (world) => makeSpace(world.org.id, world.owner),
  request: (world) => ({ method: "GET", path: `/orgs/${world.org.id}/spaces` }),
  missing: () => ({ method: "GET", path: "/orgs/neverexisted/spaces" }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

describe("GET /v1/collections/{collectionId}/spaces", () => {
  it("lists the collection's live spaces by position, with an exact count", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const child = await makeCollection(org.id, { parent: col.id });
    const a = await makeSpace(org.id, owner, { parent: col.id });
    const b = await makeSpace(org.id, owner, { parent: col.id });
    await makeSpace(org.id, owner, { parent: child.id });
    await makeSpace(org.id, owner);
    const res = await as(owner.token).get(`/collections/${col.id}/spaces`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2 });
    expect(ids(res.body)).toEqual([a.id, b.id]);
    expect(res.body.items[0]).toMatchObject({ parent: col.id, visibility: "in-collection" });
    expect(d1Cost(res).roundTrips).toBe(2);
    const paged = await as(owner.token).get(`/collections/${col.id}/spaces`, {
      query: { limit: 1 },
    });
    expect(ids(paged.body)).toEqual([a.id]);
    const rest = await as(owner.token).get(`/collections/${col.id}/spaces`, {
      query: { limit: 1, page: paged.body.next.page },
    });
    expect(ids(rest.body)).toEqual([b.id]);
    expect(rest.body.next).toBeUndefined();
    const wrong = await as(owner.token).get(`/collections/${child.id}/spaces`, {
      query: { page: paged.body.next.page },
    });
    expect(wrong.status).toBe(400);
  });

  it("filters by the caller's role, and hides invisible collections behind 404", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const col = await makeCollection(org.id, { defaultLevel: null });
    const a = await makeSpace(org.id, owner, { parent: col.id });
    const b = await makeSpace(org.id, owner, { parent: col.id, defaultLevel: "read" });
    const hidden = await as(reader.token).get(`/collections/${col.id}/spaces`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe("Collection not found");
    await grant(col.id, { user: reader.user.id }, "read");
    await grantSpace(a.id, { user: reader.user.id }, "edit");
    const res = await as(reader.token).get(`/collections/${col.id}/spaces`);
    expect(ids(res.body)).toEqual([a.id, b.id]);
    expect(res.body.items[0].permissions.edit).toBe(true);
    expect(res.body.items[1].permissions.edit).toBe(false);
    const other = await makeOrg();
    const guest = await makeMember(org.id, null);
    await grant(col.id, { user: guest.user.id }, "read");
    expect(ids((await as(guest.token).get(`/collections/${col.id}/spaces`)).body)).toEqual([
      a.id,
      b.id,
    ]);
    const foreign = await as(other.owner.token).get(`/collections/${col.id}/spaces`);
    expect(foreign.status).toBe(404);
  });
});

authorizationMatrix("GET /v1/collections/{collectionId}/spaces", {
  setup: async (world) => {
    const col = await makeCollection(world.org.id);
    await grant(col.id, { user: world.guest.user.id }, "read");
    await makeSpace(world.org.id, world.owner, { parent: col.id });
    return col;
  },
  request: (_w, col) => ({ method: "GET", path: `/collections/${col.id}/spaces` }),
  missing: () => ({ method: "GET", path: "/collections/neverexisted/spaces" }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});
