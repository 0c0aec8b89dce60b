import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { makeTeam } from "../helpers/teams-factories";

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
      seen.push(...res.body.items.map((m: { organization: { id: string } }) => m.organization.id));
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
