import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, call } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import {
  makeMember,
  makeOrg,
  makeOrgWithRoles,
  makeToken,
  makeUser,
  testDb,
  type TestUser,
} from "../helpers/factories";
import {
  indexedDomains,
  readOrg,
  uniqueDomain,
  readMembership,
  setDisabled,
  setMembershipTimes,
} from "../helpers/organizations-factories";
import { addMember } from "../../src/services/organizations/organizations";
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { markOperatorVerified, markVerified, publishTxt } from "../helpers/domains";
import { apiTokens, orgEmailDomains, organizations, orgMembers, users } from "../../src/db/schema";
import { MEMBER_ROLES } from "../../src/lib/roles";
import { recheckDomains } from "../../src/services/organizations/domains/checks";
import { emptyStorage } from "../helpers/storage";

const MISSING = "doesnotexist00000000";

/**
 * An organization's e-mail domains and their DNS verification (`/v1/orgs/{id}/domains`, issue
 * 35): the domains are `emailDomains`, each with a TXT record to publish; checks answer what the
 * fake resolver of test/network/dns-txt.ts says (present, absent, another token, a resolver down);
 * the scheduled re-check fails a domain whose record is gone for 3 checks, never one the operator
 * verified (`npm run admin -- org domain verify`). Who may call them is
 * the authorization matrix of test/sso/providers-authz.test.ts.
 */

/** An organization and its admin's API client. */
async function world(emailDomains: string[] = []) {
  const { org, owner } = await makeOrg({ emailDomains });
  return { org, admin: as(owner.token), path: `/orgs/${org.id}/domains` };
}

describe("organization", () => {
  describe("GET /v1/orgs/{organizationId}", () => {
    it("returns every required field, with permissions derived from the role, in one round trip", async () => {
      const { org, owner } = await makeOrg({ title: "Read me" });
      const res = await as(owner.token).get(`/orgs/${org.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: "organization",
        id: org.id,
        title: "Read me",
        createdAt: org.createdAt,
        emailDomains: [],
        type: "business",
        plan: "free_2024",
        inviteLinks: true,
        sso: false,
        ai: false,
        defaultRole: null,
        mergeRules: { type: "none" },
        trial: { status: "notapplicable", count: 0 },
      });
      expect(res.body.billing).toBeUndefined();
      expect(Object.values(res.body.permissions).every((v) => v === true)).toBe(true);
      expect(d1Cost(res).roundTrips).toBe(1);
    });

    it("derives each permission from the caller's role", async () => {
      const world = await makeOrgWithRoles();
      const perms = async (token: string) =>
        (await as(token).get(`/orgs/${world.org.id}`)).body.permissions;
      expect(await perms(world.guest.token)).toMatchObject({
        view: true,
        access: true,
        admin: false,
        listMembers: false,
        listTeams: false,
        createContent: false,
      });
      expect(await perms(world.roles.read.token)).toMatchObject({
        view: true,
        listMembers: true,
        listTeams: true,
        listIntegrations: true,
        createContent: false,
        ownTeam: false,
        viewBilling: false,
      });
      expect(await perms(world.roles.create.token)).toMatchObject({
        createContent: true,
        createOpenAPISpec: true,
        ownTeam: true,
        admin: false,
        installIntegration: false,
        ingestConversations: false,
      });
      expect(await perms(world.roles.admin.token)).toMatchObject({
        admin: true,
        viewBilling: true,
        listInstallations: true,
        installIntegration: true,
        ingestConversations: true,
      });
    });
  });
  authorizationMatrix("GET /v1/orgs/{organizationId}", {
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}` }),
    missing: () => ({ method: "GET", path: `/orgs/${MISSING}` }),
    minimumRole: "guest",
    scope: "organization:read",
    success: 200,
  });
  describe("PATCH /v1/orgs/{organizationId}", () => {
    it("updates the settings and keeps the e-mail domain index in sync", async () => {
      const [a, b, c] = [uniqueDomain(), uniqueDomain(), uniqueDomain()];
      const { org, owner } = await makeOrg({ emailDomains: [a, b] });
      const hostname = `h${Date.now().toString(36)}`.slice(0, 20);
      const res = await as(owner.token).patch(`/orgs/${org.id}`, {
        title: "Renamed",
        emailDomains: [b, c.toUpperCase()],
        hostname,
        defaultRole: "edit",
        logo: "https://cdn.example/logo.png",
        sso: true,
        ai: true,
        inviteLinks: false,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: "Renamed",
        emailDomains: [b, c],
        hostname,
        defaultRole: "edit",
        sso: true,
        ai: true,
        inviteLinks: false,
      });
      expect(res.body.urls.logo).toBe("https://cdn.example/logo.png");
      expect(await indexedDomains(org.id)).toEqual([b, c].sort());
      const cleared = await as(owner.token).patch(`/orgs/${org.id}`, {
        emailDomains: [],
        logo: null,
        defaultRole: null,
        defaultContent: null,
      });
      expect(cleared.body.emailDomains).toEqual([]);
      expect(cleared.body.urls.logo).toBeUndefined();
      expect(cleared.body.defaultRole).toBeNull();
      expect(cleared.body.title).toBe("Renamed");
      expect(await indexedDomains(org.id)).toEqual([]);
    });

    it("answers an empty body with the organization unchanged", async () => {
      const { org, owner } = await makeOrg({ title: "Same" });
      const res = await as(owner.token).patch(`/orgs/${org.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body.title).toBe("Same");
    });

    it("refuses a hostname another organization holds with 409", async () => {
      const hostname = `t${Date.now().toString(36)}`.slice(0, 20);
      const first = await makeOrg();
      const second = await makeOrg();
      expect(
        (await as(first.owner.token).patch(`/orgs/${first.org.id}`, { hostname })).status,
      ).toBe(200);
      // Setting one's own hostname again is not a conflict.
      expect(
        (await as(first.owner.token).patch(`/orgs/${first.org.id}`, { hostname })).status,
      ).toBe(200);
      const res = await as(second.owner.token).patch(`/orgs/${second.org.id}`, { hostname });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain(hostname);
      expect((await readOrg(second.org.id)).hostname).toBeNull();
    });

    it("stores merge rules whose reviewers are members, and names a non-member", async () => {
      const { org, owner } = await makeOrg();
      const reviewer = await makeMember(org.id, "review");
      const outsider = await makeOrg();
      const mergeRules = {
        type: "rules",
        rules: [{ rule: "require_specific_reviewers", users: [reviewer.user.id] }],
      };
      const ok = await as(owner.token).patch(`/orgs/${org.id}`, { mergeRules });
      expect(ok.status).toBe(200);
      expect(ok.body.mergeRules).toEqual(mergeRules);
      const bad = await as(owner.token).patch(`/orgs/${org.id}`, {
        mergeRules: {
          type: "rules",
          rules: [
            {
              rule: "require_specific_reviewers",
              users: [reviewer.user.id, outsider.owner.user.id],
            },
          ],
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(
        "body.mergeRules.rules[0].users[1]: not a member of this organization",
      );
      const none = await as(owner.token).patch(`/orgs/${org.id}`, { mergeRules: { type: "none" } });
      expect(none.body.mergeRules).toEqual({ type: "none" });
    });

    it("refuses a default site while sites do not exist", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).patch(`/orgs/${org.id}`, {
        defaultContent: { type: "site", site: "site123" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe("body.defaultContent.site: no such site");
    });

    it("validates every field, naming it", async () => {
      const { org, owner } = await makeOrg();
      const cases: [unknown, string][] = [
        [{ title: "x" }, "body.title"],
        [{ emailDomains: ["@nope"] }, "body.emailDomains[0]"],
        [{ hostname: "ab" }, "body.hostname"],
        [{ hostname: "Upper" }, "body.hostname"],
        [{ hostname: "-dash" }, "body.hostname"],
        [{ hostname: "x".repeat(33) }, "body.hostname"],
        [{ defaultRole: "owner" }, "body.defaultRole"],
        [{ defaultContent: { type: "space", space: "s" } }, "body.defaultContent"],
        [{ logo: "not a url" }, "body.logo"],
        [{ logo: `https://x.example/${"a".repeat(2048)}` }, "body.logo"],
        [{ sso: "yes" }, "body.sso"],
        [{ mergeRules: { type: "sometimes" } }, "body.mergeRules"],
        [{ mergeRules: { type: "rules", rules: [{ rule: "custom" }] } }, "body.mergeRules"],
        [{ plan: "pro_2024" }, "body"],
      ];
      for (const [body, field] of cases) {
        const res = await as(owner.token).patch(`/orgs/${org.id}`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.error.message.startsWith(`${field}`), res.body.error.message).toBe(true);
      }
    });
  });
  authorizationMatrix("PATCH /v1/orgs/{organizationId}", {
    request: (w) => ({ method: "PATCH", path: `/orgs/${w.org.id}`, body: { title: "Changed" } }),
    missing: () => ({ method: "PATCH", path: `/orgs/${MISSING}`, body: { title: "Changed" } }),
    minimumRole: "admin",
    scope: "organization:write",
    success: 200,
  });
});

describe("test worlds", () => {
  // makeOrgWithRoles writes its rows in one batch (test/helpers/factories.ts): they must be the
  // rows the services write, with the same links between people, organizations and tokens.
  it("makeOrgWithRoles writes the rows createUser, issueToken and addMember write", async () => {
    const { org, owner } = await makeOrg();
    const members = [];
    for (const role of [...MEMBER_ROLES.filter((r) => r !== "admin"), null]) {
      members.push(await makeMember(org.id, role));
    }
    const other = await makeOrg();
    const byServices = { orgs: [org, other.org], people: [owner, ...members, other.owner] };
    const w = await makeOrgWithRoles();
    const ranked = MEMBER_ROLES.filter((r) => r !== "admin").map((r) => w.roles[r]);
    const batched = {
      orgs: [w.org, w.outsiderOrg],
      people: [w.owner, ...ranked, w.guest, w.outsider],
    };
    expect(w.roles.admin).toBe(w.owner);
    expect(await storedShape(batched)).toEqual(await storedShape(byServices));
    const times = batched.people.map((p) => p.user.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    for (const p of batched.people) expect((await as(p.token).get("/user")).status).toBe(200);
  });
});

/** What is stored of a world, ids, times and random values replaced by what they refer to. */
async function storedShape(world: { orgs: { id: string }[]; people: TestUser[] }) {
  const db = testDb();
  const refs = new Map<string, string>();
  for (const [i, o] of world.orgs.entries()) refs.set(o.id, `org${i}`);
  for (const [i, p] of world.people.entries()) refs.set(p.user.id, `person${i}`);
  const orgIds = world.orgs.map((o) => o.id);
  const userIds = world.people.map((p) => p.user.id);
  const varies = new Set(["createdAt", "joinedAt", "email", "title", "digest", "hint"]);
  const plain = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).flatMap(([k, v]) =>
        k === "id" && !refs.has(String(v))
          ? []
          : [[k, varies.has(k) ? typeof v : typeof v === "string" ? (refs.get(v) ?? v) : v]],
      ),
    );
  const sorted = (rows: Record<string, unknown>[]) =>
    rows.map(plain).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    orgs: sorted(await db.select().from(organizations).where(inArray(organizations.id, orgIds))),
    users: sorted(await db.select().from(users).where(inArray(users.id, userIds))),
    members: sorted(
      await db.select().from(orgMembers).where(inArray(orgMembers.organizationId, orgIds)),
    ),
    tokens: sorted(await db.select().from(apiTokens).where(inArray(apiTokens.userId, userIds))),
  };
}

describe("list-create", () => {
  beforeAll(emptyStorage);
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
        await setMembershipTimes(org.id, me.user.id, {
          joinedAt: `2024-01-0${i + 1}T00:00:00.000Z`,
        });
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
      const replayed = await as(other.token).get("/orgs", {
        query: { page: first.body.next.page },
      });
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
});

describe("domains", () => {
  beforeAll(emptyStorage);
  describe("an organization's e-mail domains", () => {
    it("adds, lists, keeps and removes domains as the organization's emailDomains", async () => {
      const kept = uniqueDomain();
      const { org, admin, path } = await world([kept]);
      const domain = uniqueDomain();
      const added = await admin.post(path, { domain: ` ${domain.toUpperCase()} ` });
      expect(added.status, added.text).toBe(201);
      expect(added.body).toMatchObject({
        object: "organization-domain",
        domain,
        status: "pending",
        record: { type: "TXT", name: `_quire.${domain}` },
        verifiedAt: null,
        lastCheckedAt: null,
        lastCheck: null,
      });
      expect(added.body.record.value).toMatch(/^quire-verification=[0-9a-f]{32}$/);
      expect(added.headers.get("Location")).toBe(added.body.urls.location);
      expect((await readOrg(org.id)).emailDomains).toEqual([kept, domain]);
      // Listed already: the same row, its token kept.
      const again = await admin.post(path, { domain });
      expect(again.status).toBe(200);
      expect(again.body.record.value).toBe(added.body.record.value);
      const list = await admin.get(`${path}?limit=1`);
      expect(list.body.count).toBe(2);
      expect(list.body.items).toHaveLength(1);
      expect(list.body.next).toBeDefined();
      expect(d1Cost(list).roundTrips).toBe(1);
      expect((await admin.post(path, { domain: "not a domain" })).body.error.message).toMatch(
        /^body\.domain/,
      );
      // PATCH emailDomains keeps the standing of the domains it keeps.
      await markVerified(org.id, [kept]);
      await admin.patch(`/orgs/${org.id}`, { emailDomains: [kept, domain, uniqueDomain()] });
      const afterPatch = await admin.get(path);
      expect(afterPatch.body.count).toBe(3);
      const keptRow = afterPatch.body.items.find((d: { domain: string }) => d.domain === kept);
      expect(keptRow.status).toBe("verified");

      expect((await admin.delete(`${path}/${domain}`)).status).toBe(204);
      expect((await admin.delete(`${path}/${domain}`)).status).toBe(404);
      expect((await admin.post(`${path}/${domain}/check`)).status).toBe(404);
      expect((await readOrg(org.id)).emailDomains).not.toContain(domain);
      expect((await admin.get(path)).body.count).toBe(2);
    });

    it("checks the TXT record: absent, another token, present, and a resolver that is down", async () => {
      const domain = uniqueDomain();
      const { admin, path } = await world([domain]);
      const [row] = (await admin.get(path)).body.items;
      const check = () => admin.post(`${path}/${domain}/check`);
      const absent = await check();
      expect(absent.status, absent.text).toBe(200);
      expect(absent.body).toMatchObject({ status: "pending", lastCheck: { result: "absent" } });
      expect(absent.body.lastCheckedAt).not.toBeNull();
      await publishTxt(row.record.name, ["v=spf1 -all", "quire-verification=someone-else"]);
      expect((await check()).body).toMatchObject({
        status: "pending",
        lastCheck: { result: "mismatch" },
      });
      await publishTxt(row.record.name, ["v=spf1 -all", row.record.value]);
      const found = await check();
      expect(found.body).toMatchObject({ status: "verified", lastCheck: { result: "found" } });
      expect(found.body.verifiedAt).not.toBeNull();

      // The resolver down (HTTP 503, SERVFAIL, garbage): a clear result, never a 5xx, and a
      // verified domain stays verified.
      for (const host of ["resolver-down.example", "servfail.example", "garbled.example"]) {
        const other = `x.${host}`;
        const w = await world([other]);
        await markVerified(w.org.id, [other]);
        const res = await w.admin.post(`${w.path}/${other}/check`);
        expect(res.status, `${host}: ${res.text}`).toBe(200);
        expect(res.body.status).toBe("verified");
        expect(res.body.lastCheck).toEqual({
          result: "unreachable",
          message: "The DNS resolver did not answer: nothing changed; check again later.",
        });
      }
    });

    it("re-checks verified domains daily and fails one whose record is gone 3 times in a row", async () => {
      const domain = uniqueDomain();
      const { org, admin, path } = await world([domain]);
      const [row] = (await admin.get(path)).body.items;
      await publishTxt(row.record.name, [row.record.value]);
      await admin.post(`${path}/${domain}/check`);
      await publishTxt(row.record.name, []);
      const db = testDb();
      const mine = and(
        eq(orgEmailDomains.organizationId, org.id),
        eq(orgEmailDomains.domain, domain),
      );
      const standing = async () => (await db.select().from(orgEmailDomains).where(mine))[0]!;
      // Not due within a day of its check.
      expect((await recheckDomains(env, db, Date.now(), 1000)).checked).toBe(0);
      let now = Date.now();
      for (const misses of [1, 2, 3]) {
        // This domain's check is the oldest due: a run of one checks it.
        await db
          .update(orgEmailDomains)
          .set({ lastCheckedAt: "2000-01-01T00:00:00.000Z" })
          .where(mine);
        now += 25 * 60 * 60 * 1000;
        const report = await recheckDomains(env, db, now, 1);
        expect(report.checked).toBe(1);
        const after = await standing();
        expect(after.misses).toBe(misses);
        expect(after.status).toBe(misses < 3 ? "verified" : "failed");
      }
      expect((await admin.get(path)).body.items[0]).toMatchObject({
        status: "failed",
        verifiedAt: null,
        lastCheck: { result: "absent" },
      });
      // Failed domains are not re-checked by the cron; "Check now" verifies again once it is back.
      await publishTxt(row.record.name, [row.record.value]);
      const back = await admin.post(`${path}/${domain}/check`);
      expect(back.body).toMatchObject({ status: "verified", lastCheck: { result: "found" } });
      expect((await standing()).misses).toBe(0);
    });

    it("never un-verifies a domain the operator verified: the cron skips it, Check now only records", async () => {
      const domain = uniqueDomain();
      const { org, admin, path } = await world([domain]);
      await markOperatorVerified(org.id, [domain]);
      const [listed] = (await admin.get(path)).body.items;
      expect(listed).toMatchObject({ status: "verified", verifiedBy: "operator", lastCheck: null });
      expect(listed.verifiedAt).not.toBeNull();
      // No TXT record anywhere (a private network's domain). Due by its last check, yet not
      // re-checked: its standing and its last check stay as they were.
      const db = testDb();
      const mine = and(
        eq(orgEmailDomains.organizationId, org.id),
        eq(orgEmailDomains.domain, domain),
      );
      const old = "2000-01-01T00:00:00.000Z";
      await db.update(orgEmailDomains).set({ lastCheckedAt: old }).where(mine);
      await recheckDomains(env, db, Date.now(), 1000);
      const [row] = await db.select().from(orgEmailDomains).where(mine);
      expect(row).toMatchObject({ status: "verified", operatorVerified: true, lastCheckedAt: old });
      // "Check now", more times than fail a DNS-verified domain: the result is shown, the
      // operator's verification stands.
      for (let i = 0; i < 3; i++) {
        const checked = await admin.post(`${path}/${domain}/check`);
        expect(checked.body).toMatchObject({
          status: "verified",
          verifiedBy: "operator",
          verifiedAt: listed.verifiedAt,
          lastCheck: { result: "absent" },
        });
      }
      // A domain verified by its record says so.
      const other = uniqueDomain();
      const w = await world([other]);
      await markVerified(w.org.id, [other]);
      expect((await w.admin.get(w.path)).body.items[0].verifiedBy).toBe("dns");
      expect((await admin.post(path, { domain: uniqueDomain() })).body.verifiedBy).toBeNull();
    });
  });
});
