import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeUser, testDb } from "../helpers/factories";
import {
  countGrants,
  makeCollectionGrant,
  makeTeamWith,
  readMembership,
  readOrg,
  readTeamCounts,
  setDisabled,
  setMembershipTimes,
} from "../helpers/organizations-factories";
import { makeSession, asSession } from "../helpers/sessions";
import { addMember } from "../../src/services/organizations/organizations";

const MISSING = "doesnotexist00000000";
const ids = (body: { items: { id: string }[] }) => body.items.map((m) => m.id);

describe("GET /v1/orgs/{organizationId}/members", () => {
  it("lists every member (guests and disabled too) newest first, with counts, in two round trips", async () => {
    const { org, owner } = await makeOrg();
    const editor = await makeMember(org.id, "edit");
    const guest = await makeMember(org.id, null);
    await setDisabled(org.id, guest.user.id);
    await setMembershipTimes(org.id, owner.user.id, { joinedAt: "2024-01-01T00:00:00.000Z" });
    await setMembershipTimes(org.id, editor.user.id, {
      joinedAt: "2024-02-01T00:00:00.000Z",
      lastSeenAt: "2024-03-01T00:00:00.000Z",
    });
    await setMembershipTimes(org.id, guest.user.id, { joinedAt: "2024-03-01T00:00:00.000Z" });
    await makeTeamWith(org.id, [editor.user.id]);
    await makeTeamWith(org.id, [editor.user.id, owner.user.id]);

    const res = await as(owner.token).get(`/orgs/${org.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(ids(res.body)).toEqual([guest.user.id, editor.user.id, owner.user.id]);
    expect(d1Cost(res).roundTrips).toBe(2);
    const [g, e, o] = res.body.items;
    expect(g).toMatchObject({ object: "member", role: null, disabled: true, teams: 0 });
    expect(e).toMatchObject({
      role: "edit",
      disabled: false,
      joinedAt: "2024-02-01T00:00:00.000Z",
      lastSeenAt: "2024-03-01T00:00:00.000Z",
      sso: false,
      spaces: 0,
      sites: 0,
      teams: 2,
    });
    expect(e.user).toMatchObject({ object: "user", id: editor.user.id, email: editor.user.email });
    expect(o).toMatchObject({ role: "admin", teams: 1 });
    const asc = await as(owner.token).get(`/orgs/${org.id}/members`, { query: { order: "asc" } });
    expect(ids(asc.body)).toEqual([owner.user.id, editor.user.id, guest.user.id]);
  });

  it("filters by role and search with an exact count, and sorts by name", async () => {
    const { org, owner } = await makeOrg();
    const ada = await makeUser({ displayName: "Ada Lovelace" });
    const bob = await makeUser({ displayName: "bob Builder" });
    const cy = await makeUser({ displayName: "Cy Young" });
    for (const [u, role] of [
      [ada, "edit"],
      [bob, "edit"],
      [cy, null],
    ] as const) {
      await addMember(testDb(), { organizationId: org.id, userId: u.user.id, role });
    }
    const list = (query: Record<string, string | number>) =>
      as(owner.token).get(`/orgs/${org.id}/members`, { query });
    const editors = await list({ role: "edit", sort: "name", order: "asc" });
    expect(editors.body.count).toBe(2);
    expect(ids(editors.body)).toEqual([ada.user.id, bob.user.id]);
    const guests = await list({ role: "guest" });
    expect(ids(guests.body)).toEqual([cy.user.id]);
    const search = await list({ search: "LOVE" });
    expect(search.body.count).toBe(1);
    expect(ids(search.body)).toEqual([ada.user.id]);
    const byEmail = await list({ search: cy.user.email.split("@")[0]!.toUpperCase() });
    expect(ids(byEmail.body)).toEqual([cy.user.id]);
    const bad = await list({ role: "owner" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^query\.role:/);
    expect((await list({ sort: "email" })).body.error.message).toMatch(/^query\.sort:/);
  });

  it("pages without skipping or repeating, with cursors bound to the list and its filters", async () => {
    const { org, owner } = await makeOrg();
    for (let i = 0; i < 4; i++) await makeMember(org.id, "read");
    const path = `/orgs/${org.id}/members`;
    for (const sort of ["joinedAt", "lastSeenAt", "name"]) {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await as(owner.token).get(path, { query: { limit: 2, sort, page } });
        expect(res.body.count).toBe(5);
        seen.push(...ids(res.body));
        page = res.body.next?.page;
      } while (page);
      expect(new Set(seen).size, sort).toBe(5);
      expect(seen).toHaveLength(5);
    }
    const first = await as(owner.token).get(path, { query: { limit: 2 } });
    const other = await as(owner.token).get(path, {
      query: { limit: 2, role: "read", page: first.body.next.page },
    });
    expect(other.status).toBe(400);
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/members", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/members` }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}/members` }),
  minimumRole: "read",
  scope: "organization:members:read",
  success: 200,
});

describe("GET /v1/orgs/{organizationId}/members/{userId}", () => {
  it("returns a member; a non-member is 404", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "review");
    const res = await as(owner.token).get(`/orgs/${org.id}/members/${member.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: "member", id: member.user.id, role: "review" });
    const stranger = await makeUser();
    const missing = await as(owner.token).get(`/orgs/${org.id}/members/${stranger.user.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Member not found");
  });

  it("lets a guest see their own membership only", async () => {
    const { org, owner } = await makeOrg();
    const guest = await makeMember(org.id, null);
    const self = await as(guest.token).get(`/orgs/${org.id}/members/${guest.user.id}`);
    expect(self.status).toBe(200);
    expect(self.body.role).toBeNull();
    expect((await as(guest.token).get(`/orgs/${org.id}/members/${owner.user.id}`)).status).toBe(
      403,
    );
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/members/{userId}", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/members/${w.owner.user.id}` }),
  missing: (w) => ({ method: "GET", path: `/orgs/${MISSING}/members/${w.owner.user.id}` }),
  minimumRole: "read",
  scope: "organization:members:read",
  success: 200,
});

describe("PATCH /v1/orgs/{organizationId}/members/{userId}", () => {
  it("changes a role, makes a guest with null, and leaves an empty body unchanged", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "read");
    const path = `/orgs/${org.id}/members/${member.user.id}`;
    await warmToken(owner.token); // steady state: the isolate knows the token
    const res = await as(owner.token).patch(path, { role: "create" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, role: "create" });
    expect(d1Cost(res).roundTrips).toBe(2);
    expect((await as(owner.token).patch(path, { role: null })).body.role).toBeNull();
    expect((await as(owner.token).patch(path, {})).body.role).toBeNull();
    expect((await readMembership(org.id, member.user.id))?.role).toBeNull();
  });

  it("refuses to demote the last admin with 409, and allows it once another admin exists", async () => {
    const { org, owner } = await makeOrg();
    const path = `/orgs/${org.id}/members/${owner.user.id}`;
    const refused = await as(owner.token).patch(path, { role: "edit" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/last admin/);
    expect((await readMembership(org.id, owner.user.id))?.role).toBe("admin");
    const disabledAdmin = await makeMember(org.id, "admin");
    await setDisabled(org.id, disabledAdmin.user.id);
    expect((await as(owner.token).patch(path, { role: "edit" })).status).toBe(409);
    await makeMember(org.id, "admin");
    const ok = await as(owner.token).patch(path, { role: "edit" });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe("edit");
  });

  it("answers 404 for a non-member and 400 naming a bad role", async () => {
    const { org, owner } = await makeOrg();
    const stranger = await makeUser();
    const res = await as(owner.token).patch(`/orgs/${org.id}/members/${stranger.user.id}`, {
      role: "read",
    });
    expect(res.status).toBe(404);
    const bad = await as(owner.token).patch(`/orgs/${org.id}/members/${owner.user.id}`, {
      role: "owner",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.role:/);
  });
});

describe("PATCH /v1/orgs/{organizationId}/members/{userId} with disabled (Quire extension)", () => {
  it("disables a member: their sessions end, the organization is gone for them; enabled, back", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const session = await makeSession(member.user.id);
    const path = `/orgs/${org.id}/members/${member.user.id}`;
    expect((await asSession(session).get(`/orgs/${org.id}`)).status).toBe(200);
    await warmToken(owner.token);
    const res = await as(owner.token).patch(path, { disabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, role: "edit", disabled: true });
    expect(d1Cost(res).roundTrips).toBe(2);
    expect((await asSession(session).get("/user")).status).toBe(401);
    expect((await as(member.token).get(`/orgs/${org.id}`)).status).toBe(404);
    expect((await readMembership(org.id, member.user.id))?.disabled).toBe(true);
    const enabled = await as(owner.token).patch(path, { disabled: false });
    expect(enabled.body).toMatchObject({ role: "edit", disabled: false });
    expect((await as(member.token).get(`/orgs/${org.id}`)).status).toBe(200);
    // A role and the flag in one body, in one UPDATE.
    const both = await as(owner.token).patch(path, { role: "read", disabled: true });
    expect(both.body).toMatchObject({ role: "read", disabled: true });
  });

  it("refuses to disable the last enabled admin with 409; another admin may be disabled", async () => {
    const { org, owner } = await makeOrg();
    const path = `/orgs/${org.id}/members/${owner.user.id}`;
    const session = await makeSession(owner.user.id);
    for (const body of [{ disabled: true }, { role: "admin", disabled: true }]) {
      const refused = await as(owner.token).patch(path, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/last admin .* cannot be disabled/);
    }
    expect((await readMembership(org.id, owner.user.id))?.disabled).toBe(false);
    expect((await asSession(session).get("/user")).status).toBe(200);
    const second = await makeMember(org.id, "admin");
    const other = `/orgs/${org.id}/members/${second.user.id}`;
    expect((await as(owner.token).patch(other, { disabled: true })).body.disabled).toBe(true);
    // The disabled admin counts for nothing: the owner is still the last enabled one.
    expect((await as(owner.token).patch(path, { disabled: true })).status).toBe(409);
    expect((await as(second.token).patch(path, { disabled: true })).status).toBe(404);
    const bad = await as(owner.token).patch(other, { disabled: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^body\.disabled:/);
  });
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}/members/{userId} (disabled)", {
  setup: async (w) => makeMember(w.org.id, "edit"),
  request: (w, m) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/members/${m.user.id}`,
    body: { disabled: true },
  }),
  missing: (_w, m) => ({
    method: "PATCH",
    path: `/orgs/${MISSING}/members/${m.user.id}`,
    body: { disabled: true },
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 200,
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}/members/{userId}", {
  setup: async (w) => makeMember(w.org.id, "edit"),
  request: (w, m) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/members/${m.user.id}`,
    body: { role: "review" },
  }),
  missing: (_w, m) => ({
    method: "PATCH",
    path: `/orgs/${MISSING}/members/${m.user.id}`,
    body: { role: "review" },
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 200,
});

describe("DELETE /v1/orgs/{organizationId}/members/{userId}", () => {
  it("removes a member with their team memberships and grants, keeping every counter exact", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const team = await makeTeamWith(org.id, [member.user.id, owner.user.id]);
    const elsewhere = await makeOrg();
    await addMember(testDb(), {
      organizationId: elsewhere.org.id,
      userId: member.user.id,
      role: "read",
    });
    const otherTeam = await makeTeamWith(elsewhere.org.id, [member.user.id]);
    const granted = await makeCollectionGrant(org.id, member.user.id);
    const grantedElsewhere = await makeCollectionGrant(elsewhere.org.id, member.user.id);

    const res = await as(owner.token).delete(`/orgs/${org.id}/members/${member.user.id}`);
    expect(res.status).toBe(204);
    expect(await readMembership(org.id, member.user.id)).toBeUndefined();
    expect((await readOrg(org.id)).membersCount).toBe(1);
    expect(await readTeamCounts(team)).toEqual({ counter: 1, rows: 1 });
    expect(await readTeamCounts(otherTeam)).toEqual({ counter: 1, rows: 1 });
    expect((await readOrg(elsewhere.org.id)).membersCount).toBe(2);
    expect(await countGrants(granted, member.user.id)).toBe(0);
    expect(await countGrants(grantedElsewhere, member.user.id)).toBe(1);
    expect((await as(member.token).get(`/orgs/${org.id}`)).status).toBe(404);

    const again = await as(owner.token).delete(`/orgs/${org.id}/members/${member.user.id}`);
    expect(again.status).toBe(204);
    expect((await readOrg(org.id)).membersCount).toBe(1);
    expect(await readTeamCounts(team)).toEqual({ counter: 1, rows: 1 });
  });

  it("lets a member leave, guests included", async () => {
    const { org } = await makeOrg();
    const guest = await makeMember(org.id, null);
    const res = await as(guest.token).delete(`/orgs/${org.id}/members/${guest.user.id}`);
    expect(res.status).toBe(204);
    expect(await readMembership(org.id, guest.user.id)).toBeUndefined();
    expect((await readOrg(org.id)).membersCount).toBe(1);
  });

  it("refuses to let the last admin leave with 409", async () => {
    const { org, owner } = await makeOrg();
    await makeMember(org.id, "create");
    const res = await as(owner.token).delete(`/orgs/${org.id}/members/${owner.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/last admin/);
    expect((await readOrg(org.id)).membersCount).toBe(2);
    const second = await makeMember(org.id, "admin");
    expect((await as(owner.token).delete(`/orgs/${org.id}/members/${owner.user.id}`)).status).toBe(
      204,
    );
    expect((await readMembership(org.id, second.user.id))?.role).toBe("admin");
    expect((await readOrg(org.id)).membersCount).toBe(2);
  });
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/members/{userId}", {
  setup: async (w) => makeMember(w.org.id, "edit"),
  request: (w, m) => ({ method: "DELETE", path: `/orgs/${w.org.id}/members/${m.user.id}` }),
  missing: (_w, m) => ({ method: "DELETE", path: `/orgs/${MISSING}/members/${m.user.id}` }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 204,
});
