import { describe, expect, it } from "vitest";
import { as, d1Cost } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeOrg } from "../helpers/factories";
import { makeInvite, setOrg } from "../helpers/organizations-factories";

const MISSING = "doesnotexist00000000";

describe("POST /v1/orgs/{organizationId}/link-invites", () => {
  it("creates an invite link to the organization with a role or as guest", async () => {
    const { org, owner } = await makeOrg();
    const res = await as(owner.token).post(`/orgs/${org.id}/link-invites`, { role: "edit" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ object: "invite", role: "edit", redundant: true });
    expect(res.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const guest = await as(owner.token).post(`/orgs/${org.id}/link-invites`, { role: null });
    expect(guest.status).toBe(201);
    expect(guest.body.role).toBeNull();
  });

  it("refuses the space and collection forms and a missing role, naming the field", async () => {
    const { org, owner } = await makeOrg();
    const cases: [unknown, string][] = [
      [{}, "body.role: Required"],
      [{ level: "read", space: "abc" }, "body.space: invite links to a space are not supported"],
      [
        { level: "read", collection: "abc" },
        "body.collection: invite links to a collection are not supported",
      ],
      [{ role: "boss" }, "body.role"],
      [{ role: "read", other: 1 }, "body:"],
    ];
    for (const [body, message] of cases) {
      const res = await as(owner.token).post(`/orgs/${org.id}/link-invites`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message.startsWith(message), res.body.error.message).toBe(true);
    }
  });

  it("refuses with 409 while invite links are disabled in the organization", async () => {
    const { org, owner } = await makeOrg();
    await setOrg(org.id, { inviteLinks: false });
    const res = await as(owner.token).post(`/orgs/${org.id}/link-invites`, { role: "read" });
    expect(res.status).toBe(409);
  });
});

authorizationMatrix("POST /v1/orgs/{organizationId}/link-invites", {
  request: (w) => ({
    method: "POST",
    path: `/orgs/${w.org.id}/link-invites`,
    body: { role: "read" },
  }),
  missing: () => ({
    method: "POST",
    path: `/orgs/${MISSING}/link-invites`,
    body: { role: "read" },
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 201,
});

describe("GET /v1/orgs/{organizationId}/link-invites", () => {
  it("lists the invite links newest first, paged, with an exact count, in two round trips", async () => {
    const { org, owner } = await makeOrg();
    const made = [];
    for (const role of ["read", "edit", "admin"] as const) {
      made.push(await makeInvite(org.id, owner.user.id, role));
    }
    const other = await makeOrg();
    await makeInvite(other.org.id, other.owner.user.id);
    const first = await as(owner.token).get(`/orgs/${org.id}/link-invites`, {
      query: { limit: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(3);
    expect(d1Cost(first).roundTrips).toBe(2);
    const second = await as(owner.token).get(`/orgs/${org.id}/link-invites`, {
      query: { limit: 2, page: first.body.next.page },
    });
    const ids = [...first.body.items, ...second.body.items].map((i: { id: string }) => i.id);
    expect(new Set(ids)).toEqual(new Set(made.map((m) => m.id)));
    expect(ids).toHaveLength(3);
    expect(second.body.next).toBeUndefined();
    const replayed = await as(other.owner.token).get(`/orgs/${other.org.id}/link-invites`, {
      query: { page: first.body.next.page },
    });
    expect(replayed.status).toBe(400);
  });
});

authorizationMatrix("GET /v1/orgs/{organizationId}/link-invites", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/link-invites` }),
  missing: () => ({ method: "GET", path: `/orgs/${MISSING}/link-invites` }),
  minimumRole: "admin",
  scope: "organization:members:read",
  success: 200,
});

describe("DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}", () => {
  it("deletes an invite link, and answers 204 again when it is gone", async () => {
    const { org, owner } = await makeOrg();
    const invite = await makeInvite(org.id, owner.user.id);
    const keep = await makeInvite(org.id, owner.user.id);
    const path = `/orgs/${org.id}/link-invites/${invite.id}`;
    expect((await as(owner.token).delete(path)).status).toBe(204);
    expect((await as(owner.token).delete(path)).status).toBe(204);
    const list = await as(owner.token).get(`/orgs/${org.id}/link-invites`);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([keep.id]);
  });

  it("does not delete another organization's invite link", async () => {
    const mine = await makeOrg();
    const theirs = await makeOrg();
    const invite = await makeInvite(theirs.org.id, theirs.owner.user.id);
    const res = await as(mine.owner.token).delete(`/orgs/${mine.org.id}/link-invites/${invite.id}`);
    expect(res.status).toBe(204);
    const list = await as(theirs.owner.token).get(`/orgs/${theirs.org.id}/link-invites`);
    expect(list.body.count).toBe(1);
  });
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}", {
  setup: async (w) => makeInvite(w.org.id, w.owner.user.id),
  request: (w, invite) => ({
    method: "DELETE",
    path: `/orgs/${w.org.id}/link-invites/${invite.id}`,
  }),
  missing: (_w, invite) => ({
    method: "DELETE",
    path: `/orgs/${MISSING}/link-invites/${invite.id}`,
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 204,
});
