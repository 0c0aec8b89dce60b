import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import { makeTeam } from "../helpers/teams-factories";

authorizationMatrix("GET /v1/orgs/{organizationId}/teams", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/teams` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/teams` }),
  minimumRole: "read",
  scope: "organization:members:read",
  success: 200,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/teams/{teamId}", {
  setup: (w) => makeTeam(w.org.id),
  request: (w, team) => ({ method: "GET", path: `/orgs/${w.org.id}/teams/${team.id}` }),
  missing: (_w, team) => ({ method: "GET", path: `/orgs/doesnotexist/teams/${team.id}` }),
  minimumRole: "read",
  scope: "organization:members:read",
  success: 200,
});

describe("GET /v1/orgs/{organizationId}/teams", () => {
  it("lists teams by title, case-insensitively, in pages with an exact count", async () => {
    const { org, owner } = await makeOrg();
    for (const title of ["delta", "Alpha", "charlie", "Bravo", "echo"]) {
      await makeTeam(org.id, { title });
    }
    const first = await as(owner.token).get(`/orgs/${org.id}/teams`, { query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(5);
    expect(first.body.items.map((t: { title: string }) => t.title)).toEqual(["Alpha", "Bravo"]);
    const seen = [...first.body.items];
    let next = first.body.next?.page;
    while (next) {
      const res = await as(owner.token).get(`/orgs/${org.id}/teams`, {
        query: { limit: 2, page: next },
      });
      expect(res.body.count).toBe(5);
      seen.push(...res.body.items);
      next = res.body.next?.page;
    }
    expect(seen.map((t) => t.title)).toEqual(["Alpha", "Bravo", "charlie", "delta", "echo"]);
    expect(seen[0]).toMatchObject({
      object: "team",
      members: 0,
      spaces: 0,
      permissions: { admin: true, view: true },
    });
  });

  it("answers a list in one D1 round trip, filtered or not", async () => {
    const { org, owner } = await makeOrg();
    await makeTeam(org.id, { title: "Docs" });
    const plain = await as(owner.token).get(`/orgs/${org.id}/teams`);
    expect(d1Cost(plain).roundTrips).toBe(1);
    const filtered = await as(owner.token).get(`/orgs/${org.id}/teams`, {
      query: { title: "do", owner: owner.user.id },
    });
    expect(filtered.body.count).toBe(1);
    expect(d1Cost(filtered).roundTrips).toBe(1);
  });

  it("filters by title, treating % and _ literally", async () => {
    const { org, owner } = await makeOrg();
    await makeTeam(org.id, { title: "Docs Writers" });
    await makeTeam(org.id, { title: "100% Done" });
    await makeTeam(org.id, { title: "snake_case" });
    await makeTeam(org.id, { title: "snakeXcase" });
    const list = (title: string) =>
      as(owner.token).get(`/orgs/${org.id}/teams`, { query: { title } });
    const docs = await list("WRITER");
    expect(docs.body.items.map((t: { title: string }) => t.title)).toEqual(["Docs Writers"]);
    expect(docs.body.count).toBe(1);
    expect((await list("%")).body.items.map((t: { title: string }) => t.title)).toEqual([
      "100% Done",
    ]);
    const underscore = await list("_");
    expect(underscore.body.items.map((t: { title: string }) => t.title)).toEqual(["snake_case"]);
    expect(underscore.body.count).toBe(1);
    expect((await list("nothing like it")).body).toEqual({ count: 0, items: [] });
  });

  it("filters by owner: the teams a member owns, every team for an admin", async () => {
    const { org, owner } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    const owned = await makeTeam(org.id, {
      title: "Owned",
      members: [{ userId: reader.user.id, role: "owner" }],
    });
    await makeTeam(org.id, { title: "Joined", members: [{ userId: reader.user.id }] });
    await makeTeam(org.id, { title: "Other" });
    const byOwner = (ownerId: string) =>
      as(owner.token).get(`/orgs/${org.id}/teams`, { query: { owner: ownerId } });
    const mine = await byOwner(reader.user.id);
    expect(mine.body.items.map((t: { id: string }) => t.id)).toEqual([owned.id]);
    expect(mine.body.count).toBe(1);
    expect((await byOwner(owner.user.id)).body.count).toBe(3);
    const stranger = await makeUser();
    expect((await byOwner(stranger.user.id)).body).toEqual({ count: 0, items: [] });
  });

  it("tells each caller which teams they may manage", async () => {
    const { org } = await makeOrg();
    const reader = await makeMember(org.id, "read");
    await makeTeam(org.id, { title: "A", members: [{ userId: reader.user.id, role: "owner" }] });
    await makeTeam(org.id, { title: "B", members: [{ userId: reader.user.id }] });
    const res = await as(reader.token).get(`/orgs/${org.id}/teams`);
    expect(res.body.items.map((t: { permissions: object }) => t.permissions)).toEqual([
      { admin: true, view: true },
      { admin: false, view: true },
    ]);
  });

  it("does not list the teams of another organization", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg();
    await makeTeam(other.org.id);
    const res = await as(owner.token).get(`/orgs/${org.id}/teams`);
    expect(res.body).toEqual({ count: 0, items: [] });
  });

  it("refuses bad paging input with 400 naming the field", async () => {
    const { org, owner } = await makeOrg();
    const badPage = await as(owner.token).get(`/orgs/${org.id}/teams`, {
      query: { page: "forged.cursor" },
    });
    expect(badPage.status).toBe(400);
    expect(badPage.body.error.message).toMatch(/^query\.page: /);
    const badLimit = await as(owner.token).get(`/orgs/${org.id}/teams`, {
      query: { limit: 1001 },
    });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.message).toMatch(/^query\.limit: /);
  });

  it("refuses a cursor issued for another organization's list", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg({ owner });
    await makeTeam(other.org.id);
    await makeTeam(other.org.id);
    const page = await as(owner.token).get(`/orgs/${other.org.id}/teams`, { query: { limit: 1 } });
    const res = await as(owner.token).get(`/orgs/${org.id}/teams`, {
      query: { page: page.body.next.page },
    });
    expect(res.status).toBe(400);
  });
});

describe("GET /v1/orgs/{organizationId}/teams/{teamId}", () => {
  it("returns the team in one D1 round trip", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const team = await makeTeam(org.id, {
      title: "Writers",
      members: [{ userId: member.user.id }],
    });
    const res = await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: "team",
      id: team.id,
      title: "Writers",
      members: 1,
      spaces: 0,
      createdAt: team.createdAt,
      permissions: { admin: true, view: true },
    });
    expect(d1Cost(res).roundTrips).toBe(1);
  });

  it("says admin only to organization admins and team owners", async () => {
    const { org } = await makeOrg();
    const teamOwner = await makeMember(org.id, "read");
    const plain = await makeMember(org.id, "create");
    const team = await makeTeam(org.id, {
      members: [{ userId: teamOwner.user.id, role: "owner" }, { userId: plain.user.id }],
    });
    const asOwner = await as(teamOwner.token).get(`/orgs/${org.id}/teams/${team.id}`);
    expect(asOwner.body.permissions).toEqual({ admin: true, view: true });
    const asMember = await as(plain.token).get(`/orgs/${org.id}/teams/${team.id}`);
    expect(asMember.body.permissions).toEqual({ admin: false, view: true });
  });

  it("hides a team of another organization exactly like a nonexistent one", async () => {
    const { org, owner } = await makeOrg();
    const other = await makeOrg({ owner });
    const foreign = await makeTeam(other.org.id);
    const hidden = await as(owner.token).get(`/orgs/${org.id}/teams/${foreign.id}`);
    const missing = await as(owner.token).get(`/orgs/${org.id}/teams/doesnotexist`);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toBe(missing.text);
  });
});
