import { describe, expect, it, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { contentGrants, teamMembers } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeUser, testDb, unique } from "../helpers/factories";
import { makeTeam, readTeam, teamsCounter } from "../helpers/teams-factories";
import { emptyStorage } from "../helpers/storage";

describe("teams-write", () => {
  authorizationMatrix("PUT /v1/orgs/{organizationId}/teams", {
    request: (w) => ({ method: "PUT", path: `/orgs/${w.org.id}/teams`, body: { title: "Docs" } }),
    missing: () => ({ method: "PUT", path: `/orgs/doesnotexist/teams`, body: { title: "Docs" } }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 201,
  });

  authorizationMatrix("PATCH /v1/orgs/{organizationId}/teams/{teamId}", {
    setup: (w) => makeTeam(w.org.id),
    request: (w, team) => ({
      method: "PATCH",
      path: `/orgs/${w.org.id}/teams/${team.id}`,
      body: { title: "Renamed" },
    }),
    missing: (_w, team) => ({
      method: "PATCH",
      path: `/orgs/doesnotexist/teams/${team.id}`,
      body: { title: "Renamed" },
    }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 200,
  });

  authorizationMatrix("DELETE /v1/orgs/{organizationId}/teams/{teamId}", {
    setup: (w) => makeTeam(w.org.id),
    request: (w, team) => ({ method: "DELETE", path: `/orgs/${w.org.id}/teams/${team.id}` }),
    missing: (_w, team) => ({ method: "DELETE", path: `/orgs/doesnotexist/teams/${team.id}` }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 204,
  });

  describe("PUT /v1/orgs/{organizationId}/teams", () => {
    it("creates a team with its initial members and counts it", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const guest = await makeMember(org.id, null);
      const res = await as(owner.token).put(`/orgs/${org.id}/teams`, {
        title: "  Writers  ",
        members: [reader.user.id, guest.user.id, reader.user.id],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: "team",
        title: "Writers",
        members: 2,
        spaces: 0,
        permissions: { admin: true, view: true },
      });
      expect(Date.parse(res.body.createdAt)).not.toBeNaN();
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(await teamsCounter(org.id)).toBe(1);
      const rows = await testDb()
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.teamId, res.body.id));
      expect(rows.map((r) => [r.userId, r.role]).sort()).toEqual(
        [
          [guest.user.id, "member"],
          [reader.user.id, "member"],
        ].sort(),
      );
      const listed = await as(owner.token).get(`/orgs/${org.id}/teams`);
      expect(listed.body.count).toBe(1);
      expect(listed.body.items[0].id).toBe(res.body.id);
    });

    it("does not make the creator a member unless listed", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).put(`/orgs/${org.id}/teams`, { title: "Empty" });
      expect(res.status).toBe(201);
      expect(res.body.members).toBe(0);
    });

    it("refuses a bad title with 400 naming the field", async () => {
      const { org, owner } = await makeOrg();
      const put = (body: unknown) => as(owner.token).put(`/orgs/${org.id}/teams`, body);
      for (const body of [{}, { title: "" }, { title: "   " }, { title: "x".repeat(65) }]) {
        const res = await put(body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body\.title: /);
      }
      const extra = await put({ title: "ok", color: "red" });
      expect(extra.status).toBe(400);
      expect(await teamsCounter(org.id)).toBe(0);
      expect((await put({ title: "x".repeat(64) })).status).toBe(201);
    });

    it("refuses members who are not in the organization, naming the index", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const stranger = await makeUser();
      const res = await as(owner.token).put(`/orgs/${org.id}/teams`, {
        title: "Writers",
        members: [reader.user.id, stranger.user.id],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("body.members[1]: not a member of this organization");
      const bad = await as(owner.token).put(`/orgs/${org.id}/teams`, {
        title: "Writers",
        members: [42],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.members\[0\]: /);
      expect(await teamsCounter(org.id)).toBe(0);
    });

    it("accepts more initial members than one statement can bind", async () => {
      const { org, owner } = await makeOrg();
      const ids: string[] = [];
      for (let i = 0; i < 95; i++) ids.push((await makeMember(org.id, "read")).user.id);
      const res = await as(owner.token).put(`/orgs/${org.id}/teams`, {
        title: "Everyone",
        members: ids,
      });
      expect(res.status).toBe(201);
      expect(res.body.members).toBe(95);
    });
  });

  describe("PATCH /v1/orgs/{organizationId}/teams/{teamId}", () => {
    it("renames the team, and the title filter follows", async () => {
      const { org, owner } = await makeOrg();
      const team = await makeTeam(org.id, { title: "Old name" });
      const res = await as(owner.token).patch(`/orgs/${org.id}/teams/${team.id}`, {
        title: "New Name",
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: team.id, title: "New Name", members: 0 });
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      const found = await as(owner.token).get(`/orgs/${org.id}/teams`, {
        query: { title: "new na" },
      });
      expect(found.body.items.map((t: { id: string }) => t.id)).toEqual([team.id]);
    });

    it("lets a team owner with the read role rename it, not a plain team member", async () => {
      const { org } = await makeOrg();
      const teamOwner = await makeMember(org.id, "read");
      const plain = await makeMember(org.id, "create");
      const team = await makeTeam(org.id, {
        members: [{ userId: teamOwner.user.id, role: "owner" }, { userId: plain.user.id }],
      });
      const ok = await as(teamOwner.token).patch(`/orgs/${org.id}/teams/${team.id}`, {
        title: "Owned",
      });
      expect(ok.status).toBe(200);
      expect(ok.body.permissions).toEqual({ admin: true, view: true });
      const refused = await as(plain.token).patch(`/orgs/${org.id}/teams/${team.id}`, {
        title: "Nope",
      });
      expect(refused.status).toBe(403);
      expect((await readTeam(team.id))?.title).toBe("Owned");
    });

    it("refuses a bad title and answers 404 for an unknown team", async () => {
      const { org, owner } = await makeOrg();
      const team = await makeTeam(org.id);
      const bad = await as(owner.token).patch(`/orgs/${org.id}/teams/${team.id}`, { title: "" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.title: /);
      const none = await as(owner.token).patch(`/orgs/${org.id}/teams/${team.id}`, {});
      expect(none.status).toBe(400);
      const missing = await as(owner.token).patch(`/orgs/${org.id}/teams/nope`, { title: "x" });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe("Team not found");
    });
  });

  describe("DELETE /v1/orgs/{organizationId}/teams/{teamId}", () => {
    it("deletes the team, its memberships and its grants, keeping the counter exact", async () => {
      const { org, owner } = await makeOrg();
      const reader = await makeMember(org.id, "read");
      const team = await makeTeam(org.id, { members: [{ userId: reader.user.id }] });
      const kept = await makeTeam(org.id);
      const db = testDb();
      const grant = {
        resourceType: "collection" as const,
        resourceId: unique("col"),
        principalType: "team" as const,
        role: "edit" as const,
        createdAt: new Date().toISOString(),
      };
      await db.insert(contentGrants).values([
        { ...grant, principalId: team.id },
        { ...grant, principalId: kept.id },
      ]);
      expect(await teamsCounter(org.id)).toBe(2);
      const res = await as(owner.token).delete(`/orgs/${org.id}/teams/${team.id}`);
      expect(res.status).toBe(204);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(await readTeam(team.id)).toBeUndefined();
      expect(await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toEqual(
        [],
      );
      const grants = await db
        .select()
        .from(contentGrants)
        .where(eq(contentGrants.resourceId, grant.resourceId));
      expect(grants.map((g) => g.principalId)).toEqual([kept.id]);
      expect(await teamsCounter(org.id)).toBe(1);
      const again = await as(owner.token).delete(`/orgs/${org.id}/teams/${team.id}`);
      expect(again.status).toBe(204);
      expect(await teamsCounter(org.id)).toBe(1);
      expect((await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}`)).status).toBe(404);
    });

    it("leaves a team of another organization alone", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg({ owner });
      const foreign = await makeTeam(other.org.id, {
        members: [{ userId: owner.user.id, role: "owner" }],
      });
      const res = await as(owner.token).delete(`/orgs/${org.id}/teams/${foreign.id}`);
      expect(res.status).toBe(204);
      expect((await readTeam(foreign.id))?.membersCount).toBe(1);
      expect(await teamsCounter(org.id)).toBe(0);
      expect(await teamsCounter(other.org.id)).toBe(1);
    });

    it("refuses a team owner who is not an organization admin", async () => {
      const { org } = await makeOrg();
      const teamOwner = await makeMember(org.id, "create");
      const team = await makeTeam(org.id, {
        members: [{ userId: teamOwner.user.id, role: "owner" }],
      });
      const res = await as(teamOwner.token).delete(`/orgs/${org.id}/teams/${team.id}`);
      expect(res.status).toBe(403);
      expect(await readTeam(team.id)).toBeDefined();
    });
  });
});

describe("teams-read", () => {
  beforeAll(emptyStorage);
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
      const page = await as(owner.token).get(`/orgs/${other.org.id}/teams`, {
        query: { limit: 1 },
      });
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
});
