import { beforeAll, describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { eq } from "drizzle-orm";
import { contentGrants } from "../../src/db/schema";
import { makeMember, makeOrg, testDb, type TestUser } from "../helpers/factories";
import { grant, makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { makeSpace } from "../helpers/spaces-factories";
import { makeSite } from "../helpers/sites-factories";

/**
 * The space, collection and site permission operations through the Worker's entry: invite a user
 * and a team, the lists and the aggregate (with what gives each role), change and remove; a reader
 * lists but is refused every write, an outsider gets 404, and bad input names its field. A grant
 * on a site raises the member's role on that site only.
 */

describe("content permissions", () => {
  let orgId: string;
  let owner: TestUser;
  let reader: TestUser;
  let guest: TestUser;
  let teamMate: TestUser;
  let outsider: TestUser;
  let teamId: string;
  let collectionId: string;
  let spaceId: string;

  beforeAll(async () => {
    const made = await makeOrg();
    orgId = made.org.id;
    owner = made.owner;
    reader = await makeMember(orgId, "read");
    guest = await makeMember(orgId, null);
    teamMate = await makeMember(orgId, "read");
    outsider = (await makeOrg()).owner;
    teamId = await makeBareTeam(orgId, [teamMate.user.id]);
    collectionId = (await makeCollection(orgId)).id;
    spaceId = (await makeSpace(orgId, owner, { parent: collectionId })).id;
  });

  it("invites a user and a team to a space, lists them and their effective roles", async () => {
    const api = as(owner.token);
    const base = `/spaces/${spaceId}/permissions`;
    expect((await api.post(base, { users: [guest.user.id], role: "edit" })).status).toBe(204);
    expect((await api.post(base, { teams: [teamId], role: "review" })).status).toBe(204);
    await grant(collectionId, { user: reader.user.id }, "comment");
    const users = await api.get(`${base}/users`);
    expect(users.body.count).toBe(1);
    expect(users.body.items[0]).toMatchObject({ permission: "edit", user: { id: guest.user.id } });
    const teams = await api.get(`${base}/teams`);
    expect(teams.body.items[0]).toMatchObject({ permission: "review", team: { id: teamId } });
    const aggregate = await api.get(`${base}/aggregate`);
    const byUser = new Map<string, { permission: string; through: string }>(
      aggregate.body.items.map((i: { user: { id: string } }) => [i.user.id, i]),
    );
    expect(byUser.get(owner.user.id)).toMatchObject({
      permission: "admin",
      through: "organization",
    });
    expect(byUser.get(guest.user.id)).toMatchObject({ permission: "edit", through: "direct" });
    expect(byUser.get(teamMate.user.id)).toMatchObject({ permission: "review", through: "team" });
    expect(byUser.get(reader.user.id)).toMatchObject({
      permission: "comment",
      through: "collection",
    });
    expect(aggregate.body.count).toBe(4);
    const paged = await api.get(`${base}/aggregate`, { query: { limit: 2 } });
    expect(paged.body.items).toHaveLength(2);
    const rest = await api.get(`${base}/aggregate`, { query: { page: paged.body.next.page } });
    expect(rest.body.items).toHaveLength(2);
  });

  it("changes and removes grants; a reader lists but cannot write; an outsider gets 404", async () => {
    const api = as(owner.token);
    const base = `/spaces/${spaceId}/permissions`;
    const user = `${base}/users/${guest.user.id}`;
    expect((await api.patch(user, { role: "read" })).status).toBe(204);
    expect((await api.get(`${base}/users`)).body.items[0].permission).toBe("read");
    const asReader = as(reader.token);
    expect((await asReader.get(`${base}/aggregate`)).status).toBe(200);
    expect((await asReader.patch(user, { role: "admin" })).status).toBe(403);
    expect((await asReader.post(base, { users: [reader.user.id], role: "admin" })).status).toBe(
      403,
    );
    expect((await as(outsider.token).get(`${base}/users`)).status).toBe(404);
    expect((await api.delete(user)).status).toBe(204);
    expect((await api.delete(`${base}/teams/${teamId}`)).status).toBe(204);
    expect((await api.get(`${base}/users`)).body.count).toBe(0);
    expect((await api.patch(user, { role: "read" })).status).toBe(404);
  });

  it("refuses bad invites, naming the field", async () => {
    const api = as(owner.token);
    const base = `/collections/${collectionId}/permissions`;
    const stranger = await api.post(base, { users: [outsider.user.id], role: "read" });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error.message).toContain("body.users[0]");
    expect((await api.post(base, { role: "read" })).status).toBe(400);
    expect((await api.post(base, { teams: ["nope"], role: "read" })).status).toBe(400);
    expect((await api.post(base, { users: [reader.user.id], role: null })).status).toBe(400);
    expect((await api.post(base, { users: [reader.user.id], role: "boss" })).status).toBe(400);
  });

  it("invites to a collection; the space below inherits it", async () => {
    const api = as(owner.token);
    const base = `/collections/${collectionId}/permissions`;
    expect((await api.post(base, { users: [guest.user.id], role: "create" })).status).toBe(204);
    const mine = await api.get(`${base}/users`);
    expect(mine.body.items.map((i: { user: { id: string } }) => i.user.id)).toContain(
      guest.user.id,
    );
    const below = await api.get(`/spaces/${spaceId}/permissions/aggregate`, {
      query: { role: "create" },
    });
    expect(below.body.items).toEqual([
      expect.objectContaining({
        through: "collection",
        user: expect.objectContaining({ id: guest.user.id }),
      }),
    ]);
  });

  it("a site's grants: invite, list, aggregate with origins, the role they give, change, remove", async () => {
    const api = as(owner.token);
    const site = await makeSite(orgId, owner);
    const other = await makeSite(orgId, owner);
    const base = `/orgs/${orgId}/sites/${site.id}/permissions`;
    const asReader = as(reader.token);
    expect((await asReader.post(base, { users: [reader.user.id], role: "admin" })).status).toBe(
      403,
    );
    expect((await api.post(base, { users: [reader.user.id], role: "admin" })).status).toBe(204);
    expect((await api.post(base, { teams: [teamId], role: "create" })).status).toBe(204);
    const users = await api.get(`${base}/users`);
    expect(users.body).toMatchObject({
      count: 1,
      items: [{ permission: "admin", user: { id: reader.user.id } }],
    });
    const teams = await api.get(`${base}/teams`);
    expect(teams.body.items[0]).toMatchObject({ permission: "create", team: { id: teamId } });
    // The grant raises the reader on this site only: its permissions, a write, the list.
    const mine = await asReader.get(`/orgs/${orgId}/sites/${site.id}`);
    expect(mine.body.permissions).toMatchObject({ admin: true, create: true });
    expect(
      (await asReader.patch(`/orgs/${orgId}/sites/${site.id}`, { title: "Ours" })).status,
    ).toBe(200);
    expect(
      (await asReader.patch(`/orgs/${orgId}/sites/${other.id}`, { title: "Theirs" })).status,
    ).toBe(403);
    const listed = await asReader.get(`/orgs/${orgId}/sites`);
    const admin = new Map<string, boolean>(
      listed.body.items.map((s: { id: string; permissions: { admin: boolean } }) => [
        s.id,
        s.permissions.admin,
      ]),
    );
    expect([admin.get(site.id), admin.get(other.id)]).toEqual([true, false]);
    const aggregate = await asReader.get(`${base}/aggregate`);
    const byUser = new Map<string, { permission: string; origin: unknown; disabled: boolean }>(
      aggregate.body.items.map((i: { user: { id: string } }) => [i.user.id, i]),
    );
    expect(byUser.get(owner.user.id)).toMatchObject({
      permission: "admin",
      origin: { type: "organization", organization: orgId },
      disabled: false,
    });
    expect(byUser.get(reader.user.id)).toMatchObject({
      permission: "admin",
      origin: { type: "site", site: site.id, reason: "member" },
    });
    expect(byUser.get(teamMate.user.id)).toMatchObject({
      permission: "create",
      origin: { type: "site", site: site.id, reason: "team", team: teamId },
    });
    expect(byUser.has(guest.user.id)).toBe(false);
    const filtered = await api.get(`${base}/aggregate`, { query: { team: teamId } });
    expect(filtered.body.items.map((i: { user: { id: string } }) => i.user.id)).toEqual([
      teamMate.user.id,
    ]);
    const found = await api.get(`${base}/aggregate`, {
      query: { search: reader.user.email, role: "admin" },
    });
    expect(found.body.count).toBe(1);
    expect((await api.get(`${base}/aggregate`, { query: { role: "guest" } })).body.count).toBe(0);
    const user = `${base}/users/${reader.user.id}`;
    expect((await api.patch(user, { role: "read" })).status).toBe(204);
    expect((await asReader.patch(user, { role: "admin" })).status).toBe(403);
    expect((await api.delete(user)).status).toBe(205);
    expect((await api.delete(user)).status).toBe(204);
    expect((await api.patch(user, { role: "read" })).status).toBe(404);
    expect((await api.delete(`${base}/teams/${teamId}`)).status).toBe(205);
    expect((await as(outsider.token).get(`${base}/users`)).status).toBe(404);
    expect((await api.get(`/orgs/${orgId}/sites/nope/permissions/users`)).status).toBe(404);
    const bad = await api.post(base, { users: [guest.user.id], role: "read" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("body.users[0]");
    expect((await api.post(base, { users: [outsider.user.id], role: "read" })).status).toBe(400);
    expect((await api.post(base, { users: [reader.user.id], role: null })).status).toBe(400);
    expect((await api.get(`${base}/aggregate`, { query: { role: "boss" } })).status).toBe(400);
    // The site's grants go with it.
    expect((await api.post(base, { users: [reader.user.id], role: "edit" })).status).toBe(204);
    expect((await api.delete(`/orgs/${orgId}/sites/${site.id}`)).status).toBe(204);
    const left = await testDb()
      .select()
      .from(contentGrants)
      .where(eq(contentGrants.resourceId, site.id));
    expect(left).toEqual([]);
  });
});
