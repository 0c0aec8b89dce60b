import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";

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
