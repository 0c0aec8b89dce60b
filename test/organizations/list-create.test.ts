import { describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { addMember } from "../../src/services/organizations/organizations";
import { makeMember, makeOrg, makeToken, makeUser, testDb } from "../helpers/factories";
import {
  indexedDomains,
  readMembership,
  readOrg,
  setDisabled,
  setMembershipTimes,
} from "../helpers/organizations-factories";

describe("GET /v1/orgs", () => {
  it("lists the caller's organizations, guests included, disabled excluded, in one round trip", async () => {
    const me = await makeUser();
    const { org: owned } = await makeOrg({ owner: me, title: "Owned org" });
    const { org: asGuest } = await makeOrg();
    const { org: disabled } = await makeOrg();
    await makeOrg(); // not a member
    await addMember(testDb(), { organizationId: asGuest.id, userId: me.user.id, role: null });
    await addMember(testDb(), { organizationId: disabled.id, userId: me.user.id, role: "edit" });
    await setDisabled(disabled.id, me.user.id);
    await setMembershipTimes(asGuest.id, me.user.id, { joinedAt: "2030-01-01T00:00:00.000Z" });

    const res = await as(me.token).get("/orgs");
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.next).toBeUndefined();
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual([owned.id, asGuest.id]);
    const [first, second] = res.body.items;
    expect(first).toMatchObject({ object: "organization", title: "Owned org" });
    expect(first.permissions).toMatchObject({ view: true, admin: true, listMembers: true });
    expect(second.permissions).toMatchObject({ view: true, admin: false, listMembers: false });
    expect(d1Cost(res).roundTrips).toBe(1);
  });

  it("pages with a cursor bound to the list, with an exact count", async () => {
    const me = await makeUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { org } = await makeOrg({ owner: me });
      await setMembershipTimes(org.id, me.user.id, { joinedAt: `2024-01-0${i + 1}T00:00:00.000Z` });
      ids.push(org.id);
    }
    const first = await as(me.token).get("/orgs", { query: { limit: 2 } });
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((o: { id: string }) => o.id)).toEqual(ids.slice(0, 2));
    const second = await as(me.token).get("/orgs", {
      query: { limit: 2, page: first.body.next.page },
    });
    expect(second.body.items.map((o: { id: string }) => o.id)).toEqual(ids.slice(2));
    expect(second.body.next).toBeUndefined();

    const forged = await as(me.token).get("/orgs", { query: { page: "abc.def" } });
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toMatch(/^query\.page:/);
    const other = await makeUser();
    const replayed = await as(other.token).get("/orgs", { query: { page: first.body.next.page } });
    expect(replayed.status).toBe(400);
  });

  it("refuses a bad limit with 400 naming the field", async () => {
    const { token } = await makeUser();
    const res = await as(token).get("/orgs", { query: { limit: 1001 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^query\.limit:/);
  });

  it("answers 401 without a valid token and 403 to a token scoped without organization:read", async () => {
    expect((await call("GET", "/orgs")).status).toBe(401);
    expect((await as(`quire_${"C".repeat(43)}`).get("/orgs")).status).toBe(401);
    const { user } = await makeUser();
    expect((await as(await makeToken(user.id, { revoked: true })).get("/orgs")).status).toBe(401);
    const scoped = await makeToken(user.id, { scopes: ["user:read"] });
    expect((await as(scoped).get("/orgs")).status).toBe(403);
    const reader = await makeToken(user.id, { scopes: ["organization:read"] });
    expect((await as(reader).get("/orgs")).status).toBe(200);
    const writer = await makeToken(user.id, { scopes: ["organization:write"] });
    expect((await as(writer).get("/orgs")).status).toBe(200);
  });
});

describe("POST /v1/orgs", () => {
  it("creates an organization with the caller as its admin", async () => {
    const me = await makeUser();
    const res = await as(me.token).post("/orgs", {
      title: "Acme Docs",
      emailDomains: ["Acme.example", "acme.example", "docs.acme.example"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "organization",
      title: "Acme Docs",
      emailDomains: ["acme.example", "docs.acme.example"],
      type: "business",
      plan: "free_2024",
      inviteLinks: true,
      defaultRole: null,
      mergeRules: { type: "none" },
      trial: { status: "notapplicable", count: 0 },
    });
    expect(res.body.permissions).toMatchObject({ admin: true, createContent: true, view: true });
    const id = res.body.id;
    expect(res.headers.get("Location")).toBe(`https://quire.test/v1/orgs/${id}`);
    expect(res.body.urls).toEqual({
      location: `https://quire.test/v1/orgs/${id}`,
      app: `https://app.quire.test/o/${id}`,
    });
    expect((await readMembership(id, me.user.id))?.role).toBe("admin");
    expect((await readOrg(id)).membersCount).toBe(1);
    expect(await indexedDomains(id)).toEqual(["acme.example", "docs.acme.example"]);
    const got = await as(me.token).get(`/orgs/${id}`);
    expect(got.body.title).toBe("Acme Docs");
  });

  it("validates the title and the domains, naming the field", async () => {
    const { token } = await makeUser();
    const cases: [unknown, RegExp][] = [
      [{}, /^body\.title:/],
      [{ title: "A" }, /^body\.title:/],
      [{ title: "   x  " }, /^body\.title:/],
      [{ title: "x".repeat(256) }, /^body\.title:/],
      [{ title: "Fine", emailDomains: ["not a domain"] }, /^body\.emailDomains\[0\]:/],
      [{ title: "Fine", emailDomains: "acme.example" }, /^body\.emailDomains:/],
      [{ title: "Fine", extra: true }, /^body:/],
    ];
    for (const [body, message] of cases) {
      const res = await as(token).post("/orgs", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
  });

  it("answers 401 without a valid token and 403 to a token scoped without organization:write", async () => {
    expect((await call("POST", "/orgs", { body: { title: "No token" } })).status).toBe(401);
    const { user } = await makeUser();
    const expired = await makeToken(user.id, {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await as(expired).post("/orgs", { title: "Expired" })).status).toBe(401);
    const reader = await makeToken(user.id, { scopes: ["organization:read"] });
    expect((await as(reader).post("/orgs", { title: "Scoped" })).status).toBe(403);
    const writer = await makeToken(user.id, { scopes: ["organization:write"] });
    expect((await as(writer).post("/orgs", { title: "Scoped" })).status).toBe(201);
  });

  it("a member of other organizations can create one too", async () => {
    const { org } = await makeOrg();
    const member = await makeMember(org.id, "read");
    const res = await as(member.token).post("/orgs", { title: "Mine" });
    expect(res.status).toBe(201);
    const list = await as(member.token).get("/orgs");
    expect(list.body.count).toBe(2);
  });
});
