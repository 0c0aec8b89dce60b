import { describe, expect, it, beforeAll } from "vitest";
import { eq } from "drizzle-orm";
import { teamMembers } from "../../src/db/schema";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeUser, testDb } from "../helpers/factories";
import { makeTeam, readTeam } from "../helpers/teams-factories";
import { emptyStorage } from "../helpers/storage";

describe("members-write", () => {
  /** The team's memberships as [userId, role] pairs, sorted. */
  async function roster(teamId: string) {
    const rows = await testDb().select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    return rows.map((r) => [r.userId, r.role]).sort();
  }

  /** The stored member counter must always equal the number of membership rows. */
  async function expectExactCounter(teamId: string, expected: number) {
    expect((await roster(teamId)).length).toBe(expected);
    expect((await readTeam(teamId))?.membersCount).toBe(expected);
  }

  authorizationMatrix("PUT /v1/orgs/{organizationId}/teams/{teamId}/members", {
    setup: (w) => makeTeam(w.org.id),
    request: (w, team) => ({
      method: "PUT",
      path: `/orgs/${w.org.id}/teams/${team.id}/members`,
      body: { add: [w.roles.read.user.id] },
    }),
    missing: (w, team) => ({
      method: "PUT",
      path: `/orgs/doesnotexist/teams/${team.id}/members`,
      body: { add: [w.roles.read.user.id] },
    }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 204,
  });

  authorizationMatrix("PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", {
    setup: (w) => makeTeam(w.org.id),
    request: (w, team) => ({
      method: "PUT",
      path: `/orgs/${w.org.id}/teams/${team.id}/members/${w.roles.read.user.id}`,
      body: { role: "owner" },
    }),
    missing: (w, team) => ({
      method: "PUT",
      path: `/orgs/doesnotexist/teams/${team.id}/members/${w.roles.read.user.id}`,
      body: { role: "owner" },
    }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 204,
  });

  authorizationMatrix("DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", {
    setup: (w) => makeTeam(w.org.id, { members: [{ userId: w.roles.read.user.id }] }),
    request: (w, team) => ({
      method: "DELETE",
      path: `/orgs/${w.org.id}/teams/${team.id}/members/${w.roles.read.user.id}`,
    }),
    missing: (w, team) => ({
      method: "DELETE",
      path: `/orgs/doesnotexist/teams/${team.id}/members/${w.roles.read.user.id}`,
    }),
    minimumRole: "admin",
    scope: "organization:members:write",
    success: 204,
  });

  describe("PUT /v1/orgs/{organizationId}/teams/{teamId}/members", () => {
    it("adds by id or e-mail, sets roles, removes, and keeps the counter exact", async () => {
      const { org, owner } = await makeOrg();
      const [a, b, c, d] = await Promise.all(
        ["read", "edit", "comment", null].map((r) => makeMember(org.id, r as "read" | null)),
      );
      const team = await makeTeam(org.id, { members: [{ userId: d!.user.id }] });
      const path = `/orgs/${org.id}/teams/${team.id}/members`;
      const res = await as(owner.token).put(path, {
        add: [a!.user.id, b!.user.email.toUpperCase(), a!.user.id],
        memberships: { [c!.user.id]: { role: "owner" } },
        remove: [d!.user.email],
      });
      expect(res.status).toBe(204);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      expect(await roster(team.id)).toEqual(
        [
          [a!.user.id, "member"],
          [b!.user.id, "member"],
          [c!.user.id, "owner"],
        ].sort(),
      );
      await expectExactCounter(team.id, 3);
      // Adding existing members changes nothing; memberships demote an owner.
      await as(owner.token).put(path, {
        add: [a!.user.id, c!.user.id],
        memberships: { [b!.user.email]: { role: "owner" }, [c!.user.id]: { role: "member" } },
      });
      expect(await roster(team.id)).toEqual(
        [
          [a!.user.id, "member"],
          [b!.user.id, "owner"],
          [c!.user.id, "member"],
        ].sort(),
      );
      await expectExactCounter(team.id, 3);
      expect((await as(owner.token).put(path, {})).status).toBe(204);
      await expectExactCounter(team.id, 3);
    });

    it("lets removal win over add and memberships for the same user", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeMember(org.id, "read");
      const b = await makeMember(org.id, "read");
      const team = await makeTeam(org.id, { members: [{ userId: b.user.id, role: "owner" }] });
      const res = await as(owner.token).put(`/orgs/${org.id}/teams/${team.id}/members`, {
        add: [a.user.id],
        memberships: { [b.user.id]: { role: "owner" } },
        remove: [a.user.email, b.user.id],
      });
      expect(res.status).toBe(204);
      await expectExactCounter(team.id, 0);
    });

    it("names the first identifier that is not an organization member", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeMember(org.id, "read");
      const stranger = await makeUser();
      const team = await makeTeam(org.id);
      const put = (body: unknown) =>
        as(owner.token).put(`/orgs/${org.id}/teams/${team.id}/members`, body);
      const cases: [unknown, string][] = [
        [{ add: [a.user.id, stranger.user.email] }, "body.add[1]"],
        [{ remove: ["nobody@example.test"] }, "body.remove[0]"],
        [
          { memberships: { [stranger.user.id]: { role: "owner" } } },
          `body.memberships.${stranger.user.id}`,
        ],
      ];
      for (const [body, field] of cases) {
        const res = await put(body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(`${field}: not a member of this organization`);
      }
      const badRole = await put({ memberships: { [a.user.id]: { role: "boss" } } });
      expect(badRole.status).toBe(400);
      expect(badRole.body.error.message).toMatch(/^body\.memberships\./);
      const badItem = await put({ add: [""] });
      expect(badItem.status).toBe(400);
      expect(badItem.body.error.message).toMatch(/^body\.add\[0\]: /);
      expect((await put({ invite: [] })).status).toBe(400);
      await expectExactCounter(team.id, 0);
    });

    it("lets a team owner with the read role manage members, not a plain member", async () => {
      const { org } = await makeOrg();
      const teamOwner = await makeMember(org.id, "read");
      const plain = await makeMember(org.id, "create");
      const newcomer = await makeMember(org.id, "read");
      const team = await makeTeam(org.id, {
        members: [{ userId: teamOwner.user.id, role: "owner" }, { userId: plain.user.id }],
      });
      const path = `/orgs/${org.id}/teams/${team.id}/members`;
      expect((await as(plain.token).put(path, { add: [newcomer.user.id] })).status).toBe(403);
      const ok = await as(teamOwner.token).put(path, {
        add: [newcomer.user.id],
        memberships: { [plain.user.id]: { role: "owner" } },
      });
      expect(ok.status).toBe(204);
      await expectExactCounter(team.id, 3);
      const single = await as(teamOwner.token).put(`${path}/${newcomer.user.id}`, {
        role: "owner",
      });
      expect(single.status).toBe(204);
      const removed = await as(teamOwner.token).delete(`${path}/${plain.user.id}`);
      expect(removed.status).toBe(204);
      await expectExactCounter(team.id, 2);
    });

    it("answers 404 for a team that does not exist", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).put(`/orgs/${org.id}/teams/nothing/members`, { add: [] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Team not found");
    });
  });

  describe("PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", () => {
    it("adds a member, sets a role, and keeps a role when none is given", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeMember(org.id, "read");
      const team = await makeTeam(org.id);
      const path = `/orgs/${org.id}/teams/${team.id}/members/${a.user.id}`;
      const added = await as(owner.token).put(path);
      expect(added.status).toBe(204);
      expect(d1Cost(added).roundTrips).toBeLessThanOrEqual(3);
      expect(await roster(team.id)).toEqual([[a.user.id, "member"]]);
      await as(owner.token).put(path, { role: "owner" });
      expect(await roster(team.id)).toEqual([[a.user.id, "owner"]]);
      await as(owner.token).put(path, {});
      expect(await roster(team.id)).toEqual([[a.user.id, "owner"]]);
      await as(owner.token).put(path, { role: "member" });
      expect(await roster(team.id)).toEqual([[a.user.id, "member"]]);
      await expectExactCounter(team.id, 1);
    });

    it("refuses a user outside the organization and a bad role", async () => {
      const { org, owner } = await makeOrg();
      const stranger = await makeUser();
      const team = await makeTeam(org.id);
      const base = `/orgs/${org.id}/teams/${team.id}/members`;
      const res = await as(owner.token).put(`${base}/${stranger.user.id}`, { role: "member" });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("path.userId: not a member of this organization");
      const bad = await as(owner.token).put(`${base}/${owner.user.id}`, { role: "admin" });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.role: /);
      await expectExactCounter(team.id, 0);
    });
  });

  describe("DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", () => {
    it("removes a member, and answers 204 again when they are gone", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeMember(org.id, "read");
      const b = await makeMember(org.id, "read");
      const team = await makeTeam(org.id, {
        members: [{ userId: a.user.id }, { userId: b.user.id }],
      });
      const path = `/orgs/${org.id}/teams/${team.id}/members/${a.user.id}`;
      const res = await as(owner.token).delete(path);
      expect(res.status).toBe(204);
      expect(d1Cost(res).roundTrips).toBeLessThanOrEqual(3);
      await expectExactCounter(team.id, 1);
      expect((await as(owner.token).delete(path)).status).toBe(204);
      await expectExactCounter(team.id, 1);
      const never = await as(owner.token).delete(`/orgs/${org.id}/teams/${team.id}/members/nobody`);
      expect(never.status).toBe(204);
      await expectExactCounter(team.id, 1);
    });

    it("answers 404 for a team of another organization", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg({ owner });
      const foreign = await makeTeam(other.org.id, { members: [{ userId: owner.user.id }] });
      const res = await as(owner.token).delete(
        `/orgs/${org.id}/teams/${foreign.id}/members/${owner.user.id}`,
      );
      expect(res.status).toBe(404);
      await expectExactCounter(foreign.id, 1);
    });
  });
});

describe("members-read", () => {
  beforeAll(emptyStorage);
  authorizationMatrix("GET /v1/orgs/{organizationId}/teams/{teamId}/members", {
    setup: (w) => makeTeam(w.org.id, { members: [{ userId: w.roles.edit.user.id }] }),
    request: (w, team) => ({ method: "GET", path: `/orgs/${w.org.id}/teams/${team.id}/members` }),
    missing: (_w, team) => ({ method: "GET", path: `/orgs/doesnotexist/teams/${team.id}/members` }),
    minimumRole: "read",
    scope: "organization:members:read",
    success: 200,
  });

  describe("GET /v1/orgs/{organizationId}/teams/{teamId}/members", () => {
    it("lists members as organization members with their team role, in one round trip", async () => {
      const { org, owner } = await makeOrg();
      const editor = await makeMember(org.id, "edit");
      const guest = await makeMember(org.id, null);
      const team = await makeTeam(org.id, {
        members: [{ userId: editor.user.id, role: "owner" }, { userId: guest.user.id }],
      });
      await makeTeam(org.id, { members: [{ userId: editor.user.id }] });
      const res = await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}/members`);
      expect(res.status).toBe(200);
      expect(d1Cost(res).roundTrips).toBe(1);
      expect(res.body.count).toBe(2);
      const byId = new Map(
        res.body.items.map((m: { organization: { id: string } }) => [m.organization.id, m]),
      );
      expect(byId.get(editor.user.id)).toEqual({
        organization: {
          object: "member",
          id: editor.user.id,
          role: "edit",
          user: {
            object: "user",
            id: editor.user.id,
            displayName: editor.user.displayName,
            email: editor.user.email,
            urls: { location: `https://quire.test/v1/users/${editor.user.id}` },
          },
          disabled: false,
          joinedAt: expect.any(String),
          sso: false,
          spaces: 0,
          teams: 2,
          sites: 0,
        },
        team: { role: "owner" },
        permissions: { view: true },
      });
      expect(byId.get(guest.user.id)).toMatchObject({
        organization: { role: null, teams: 1 },
        team: { role: "member" },
      });
    });

    it("pages through members without repeating any", async () => {
      const { org, owner } = await makeOrg();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await makeMember(org.id, "read")).user.id);
      const team = await makeTeam(org.id, { members: ids.map((userId) => ({ userId })) });
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}/members`, {
          query: { limit: 2, page },
        });
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(5);
        seen.push(
          ...res.body.items.map((m: { organization: { id: string } }) => m.organization.id),
        );
        page = res.body.next?.page;
      } while (page);
      expect(seen).toEqual([...ids].sort());
    });

    it("refuses a cursor of another team's list", async () => {
      const { org, owner } = await makeOrg();
      const a = await makeMember(org.id, "read");
      const b = await makeMember(org.id, "read");
      const members = [{ userId: a.user.id }, { userId: b.user.id }];
      const one = await makeTeam(org.id, { members });
      const two = await makeTeam(org.id, { members });
      const first = await as(owner.token).get(`/orgs/${org.id}/teams/${one.id}/members`, {
        query: { limit: 1 },
      });
      const res = await as(owner.token).get(`/orgs/${org.id}/teams/${two.id}/members`, {
        query: { page: first.body.next.page },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^query\.page: /);
    });

    it("hides the members of another organization's team like a nonexistent team", async () => {
      const { org, owner } = await makeOrg();
      const other = await makeOrg();
      const foreign = await makeTeam(other.org.id, {
        members: [{ userId: other.owner.user.id }],
      });
      const hidden = await as(owner.token).get(`/orgs/${org.id}/teams/${foreign.id}/members`);
      const missing = await as(owner.token).get(`/orgs/${org.id}/teams/nothing/members`);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(missing.text);
    });
  });
});
