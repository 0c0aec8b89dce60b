import { describe, expect, it, beforeAll } from "vitest";
import { as, d1Cost, call, type ApiResponse } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import {
  makeOrg,
  makeMember,
  makeOrgWithRoles,
  makeToken,
  makeUser,
  unique,
} from "../helpers/factories";
import {
  makeInvite,
  setOrg,
  readMembership,
  readOrg,
  setDisabled,
  uniqueDomain,
} from "../helpers/organizations-factories";
import { makeSession, makeSessions, type TestSession } from "../helpers/sessions";
import { foreignPreviewToken, foreignSiteToken, forgedSiteTokens } from "../helpers/site-tokens";
import { makeSamlSetup } from "../helpers/sso-factories";
import { MEMBER_ROLES } from "../../src/lib/roles";
import { markVerified } from "../helpers/domains";
import { emptyStorage } from "../helpers/storage";

const MISSING = "doesnotexist00000000";

/** An organization with an invite link of `role`, and a person outside it. */
async function linkWorld(role: Parameters<typeof makeInvite>[2] = "edit") {
  const { org, owner } = await makeOrg();
  const invite = await makeInvite(org.id, owner.user.id, role);
  const joiner = await makeUser();
  const path = `/orgs/${org.id}/invites/${invite.id}`;
  return { org, owner, invite, joiner, path };
}

const expectStatus = (res: ApiResponse, status: number, who: string) =>
  expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(status);

/** An organization listing a fresh domain (verified unless told), and a verified user on it. */
async function domainWorld(options: { emailVerified?: boolean; verified?: boolean } = {}) {
  const domain = uniqueDomain();
  const { org, owner } = await makeOrg({ emailDomains: [domain] });
  if (options.verified !== false) await markVerified(org.id, [domain]);
  const joiner = await makeUser({
    email: `${unique("j")}@${domain}`,
    emailVerified: options.emailVerified ?? true,
  });
  return { domain, org, owner, joiner };
}

describe("invites", () => {
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
      const res = await as(mine.owner.token).delete(
        `/orgs/${mine.org.id}/link-invites/${invite.id}`,
      );
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
});

describe("invite-join", () => {
  beforeAll(emptyStorage);
  describe("POST /v1/orgs/{organizationId}/invites/{inviteId} (joinOrganizationWithInvite)", () => {
    it("adds the holder of the link with its role, answering {} (official shape)", async () => {
      const { org, joiner, path } = await linkWorld("edit");
      const res = await as(joiner.token).post(path);
      expectStatus(res, 200, "joiner");
      expect(res.body).toEqual({});
      expect(d1Cost(res).roundTrips).toBe(2);
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("edit");
      expect((await readOrg(org.id)).membersCount).toBe(2);
      expect((await as(joiner.token).get(`/orgs/${org.id}`)).status).toBe(200);
      // The link stays usable (no expiry or use count is stored): a second person joins too.
      const second = await makeUser();
      expectStatus(await as(second.token).post(path), 200, "second joiner");
      expect((await readOrg(org.id)).membersCount).toBe(3);
    });

    it("adds a guest through a guest link", async () => {
      const { org, joiner, path } = await linkWorld(null);
      expectStatus(await as(joiner.token).post(path), 200, "joiner");
      const row = await readMembership(org.id, joiner.user.id);
      expect(row).toBeDefined();
      expect(row?.role).toBeNull();
    });

    it("answers a member 200 and keeps their role and the counter, whatever the link's role", async () => {
      const world = await makeOrgWithRoles();
      const invite = await makeInvite(world.org.id, world.owner.user.id, "admin");
      const path = `/orgs/${world.org.id}/invites/${invite.id}`;
      const before = (await readOrg(world.org.id)).membersCount;
      for (const role of MEMBER_ROLES) {
        expectStatus(await as(world.roles[role].token).post(path), 200, role);
        expect((await readMembership(world.org.id, world.roles[role].user.id))?.role).toBe(role);
      }
      expectStatus(await as(world.guest.token).post(path), 200, "guest");
      expect((await readMembership(world.org.id, world.guest.user.id))?.role).toBeNull();
      expect((await readOrg(world.org.id)).membersCount).toBe(before);
    });

    it("answers an unknown, deleted or other organization's link as a missing organization (404)", async () => {
      const { org, owner, invite, joiner, path } = await linkWorld();
      const missingOrg = await as(joiner.token).post(`/orgs/${MISSING}/invites/${invite.id}`);
      expectStatus(missingOrg, 404, "missing organization");
      expect(missingOrg.body.error.message).toBe("Invite not found");
      const unknown = await as(joiner.token).post(`/orgs/${org.id}/invites/${MISSING}`);
      expect(unknown.text).toBe(missingOrg.text);
      const other = await makeOrg();
      const elsewhere = await as(joiner.token).post(`/orgs/${other.org.id}/invites/${invite.id}`);
      expect(elsewhere.text).toBe(missingOrg.text);
      expectStatus(
        await as(owner.token).delete(`/orgs/${org.id}/link-invites/${invite.id}`),
        204,
        "delete",
      );
      const deleted = await as(joiner.token).post(path);
      expect(deleted.status).toBe(404);
      expect(deleted.text).toBe(missingOrg.text);
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
      // A scoped token learns nothing more about a link it cannot use.
      const scoped = await makeToken(joiner.user.id, { scopes: ["user:read"] });
      expect((await as(scoped).post(`/orgs/${org.id}/invites/${MISSING}`)).text).toBe(
        missingOrg.text,
      );
    });

    it("refuses (403) an organization that enforces SSO, naming where its SSO starts", async () => {
      const { org, owner, provider } = await makeSamlSetup();
      await setOrg(org.id, { sso: true });
      const invite = await makeInvite(org.id, owner.user.id, "read");
      const joiner = await makeUser();
      const res = await as(joiner.token).post(`/orgs/${org.id}/invites/${invite.id}`);
      expectStatus(res, 403, "joiner");
      expect(res.body.error.message).toContain("single sign-on (SSO)");
      expect(res.body.error.message).toContain(org.title);
      expect(res.body.error.message).toContain(provider.service.startURL);
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    });

    it("refuses (403) a disabled member, and every link while invite links are turned off", async () => {
      const { org, path } = await linkWorld();
      const disabled = await makeMember(org.id, "read");
      await setDisabled(org.id, disabled.user.id);
      expectStatus(await as(disabled.token).post(path), 403, "disabled member");
      expect((await readMembership(org.id, disabled.user.id))?.disabled).toBe(true);
      await setOrg(org.id, { inviteLinks: false });
      const joiner = await makeUser();
      const res = await as(joiner.token).post(path);
      expectStatus(res, 403, "links off");
      expect(res.body.error.message).toContain("Invite links are turned off");
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    });
  });
  describe("POST /v1/orgs/{organizationId}/invites/{inviteId}: authorization", () => {
    it("answers 401 without a credential, with a malformed, unknown, expired or revoked one", async () => {
      const { joiner, path } = await linkWorld();
      expectStatus(await call("POST", path), 401, "no token");
      expectStatus(
        await call("POST", path, { headers: { Authorization: "Basic abc" } }),
        401,
        "basic",
      );
      expectStatus(await as("garbage").post(path), 401, "garbage");
      expectStatus(await as(`quire_${"A".repeat(43)}`).post(path), 401, "unknown");
      const expired = await makeToken(joiner.user.id, {
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      expectStatus(await as(expired).post(path), 401, "expired");
      expectStatus(
        await as(await makeToken(joiner.user.id, { revoked: true })).post(path),
        401,
        "revoked",
      );
      for (const token of await forgedSiteTokens()) {
        expectStatus(await as(token).post(path), 401, "forged site token");
      }
    });

    it("answers a site's visitor or preview token exactly as a missing organization", async () => {
      const { invite, path } = await linkWorld();
      for (const token of [await foreignSiteToken(), await foreignPreviewToken()]) {
        const res = await as(token).post(path);
        const missing = await as(token).post(`/orgs/${MISSING}/invites/${invite.id}`);
        expect(res.status, res.text).toBe(missing.status);
        expect(res.text).toBe(missing.text);
      }
    });

    it("answers 403 to a token scoped without organization:members:write", async () => {
      const { org, joiner, path } = await linkWorld();
      const scoped = await makeToken(joiner.user.id, { scopes: ["organization:read"] });
      expectStatus(await as(scoped).post(path), 403, "scoped token");
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
      const allowed = await makeToken(joiner.user.id, { scopes: ["organization:members:write"] });
      expectStatus(await as(allowed).post(path), 200, "token with scope");
    });

    it("lets a session (cookie, CSRF header, Origin) join; refuses it without the CSRF proof", async () => {
      const { org, joiner, path } = await linkWorld("comment");
      const [session, revoked] = (await makeSessions([
        { userId: joiner.user.id },
        { userId: joiner.user.id, revoked: true },
      ])) as [TestSession, TestSession];
      expectStatus(await call("POST", path, { headers: revoked.headers }), 401, "revoked session");
      const { "X-Quire-CSRF": _, ...noProof } = session.headers;
      expectStatus(await call("POST", path, { headers: noProof }), 403, "no CSRF header");
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
      expectStatus(await call("POST", path, { headers: session.headers }), 200, "session");
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("comment");
    });
  });
  describe("GET /v1/orgs/{organizationId}/invites/{inviteId} (what a link offers)", () => {
    it("shows the holder the organization and role, spending and changing nothing", async () => {
      const { org, joiner, path } = await linkWorld("review");
      const session = await makeSession(joiner.user.id);
      const res = await call("GET", path, { headers: session.headers });
      expectStatus(res, 200, "session");
      expect(res.body).toEqual({
        object: "invite",
        id: path.split("/").pop(),
        role: "review",
        organization: { id: org.id, title: org.title, sso: false },
        member: false,
      });
      expect(d1Cost(res).roundTrips).toBe(1);
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
      await as(joiner.token).post(path);
      expect((await as(joiner.token).get(path)).body.member).toBe(true);
    });

    it("refuses as the join does: 401, 404 for unknown links, 403 scoped or turned off", async () => {
      const { org, joiner, path } = await linkWorld();
      expectStatus(await call("GET", path), 401, "no token");
      const missing = await as(joiner.token).get(`/orgs/${org.id}/invites/${MISSING}`);
      expectStatus(missing, 404, "unknown link");
      expect((await as(joiner.token).get(`/orgs/${MISSING}/invites/${MISSING}`)).text).toBe(
        missing.text,
      );
      const scoped = await makeToken(joiner.user.id, { scopes: ["user:read"] });
      expectStatus(await as(scoped).get(path), 403, "scoped token");
      await setOrg(org.id, { inviteLinks: false });
      expectStatus(await as(joiner.token).get(path), 403, "links off");
    });
  });
});

describe("join", () => {
  beforeAll(emptyStorage);
  describe("POST /v1/orgs/{organizationId}/join", () => {
    it("lets a verified user on one of the domains join with the default role", async () => {
      const { org, joiner } = await domainWorld();
      await setOrg(org.id, { defaultRole: "comment" });
      const res = await as(joiner.token).post(`/orgs/${org.id}/join`);
      expect(res.status).toBe(204);
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("comment");
      expect((await readOrg(org.id)).membersCount).toBe(2);
      expect(d1Cost(res).roundTrips).toBe(2);
      const seen = await as(joiner.token).get(`/orgs/${org.id}`);
      expect(seen.status).toBe(200);
    });

    it("joins with the read role when the organization has no default role", async () => {
      const { org, joiner } = await domainWorld();
      expect((await as(joiner.token).post(`/orgs/${org.id}/join`)).status).toBe(204);
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("read");
    });

    it("answers 204 to a member, changing neither the role nor the counter", async () => {
      const { org, joiner } = await domainWorld();
      await as(joiner.token).post(`/orgs/${org.id}/join`);
      await setOrg(org.id, { defaultRole: "admin" });
      expect((await as(joiner.token).post(`/orgs/${org.id}/join`)).status).toBe(204);
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("read");
      expect((await readOrg(org.id)).membersCount).toBe(2);
      const guest = await makeMember(org.id, null);
      expect((await as(guest.token).post(`/orgs/${org.id}/join`)).status).toBe(204);
      expect((await readMembership(org.id, guest.user.id))?.role).toBeNull();
    });

    it("answers an outsider (domain mismatch, unverified e-mail or domain) exactly as a missing organization", async () => {
      const { org } = await domainWorld();
      const stranger = await makeUser();
      const missing = await as(stranger.token).post(`/orgs/${MISSING}/join`);
      const mismatch = await as(stranger.token).post(`/orgs/${org.id}/join`);
      expect(mismatch.status).toBe(404);
      expect(mismatch.body).toEqual(missing.body);
      const unverified = await domainWorld({ emailVerified: false });
      const res = await as(unverified.joiner.token).post(`/orgs/${unverified.org.id}/join`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(missing.body);
      expect(await readMembership(unverified.org.id, unverified.joiner.user.id)).toBeUndefined();
      // A domain the organization lists but never verified lets nobody in (the pre-hijack).
      const claimed = await domainWorld({ verified: false });
      const refused = await as(claimed.joiner.token).post(`/orgs/${claimed.org.id}/join`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(missing.body);
      expect(
        (await as(claimed.joiner.token).get(`/email-domains/${claimed.domain}/orgs`)).body,
      ).toEqual({ organizations: [] });
      // A token scoped without the write scope learns nothing either.
      const scoped = await makeToken(stranger.user.id, { scopes: ["organization:read"] });
      expect((await as(scoped).post(`/orgs/${org.id}/join`)).status).toBe(404);
    });

    it("answers 403 to a disabled member", async () => {
      const { org } = await domainWorld();
      const disabled = await domainWorld();
      await as(disabled.joiner.token).post(`/orgs/${disabled.org.id}/join`);
      await setDisabled(disabled.org.id, disabled.joiner.user.id);
      expect((await as(disabled.joiner.token).post(`/orgs/${disabled.org.id}/join`)).status).toBe(
        403,
      );
      expect((await readOrg(org.id)).membersCount).toBe(1);
    });

    it("answers 404 for an organization that does not exist", async () => {
      const { joiner } = await domainWorld();
      const res = await as(joiner.token).post(`/orgs/${MISSING}/join`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe("Organization not found");
    });

    it("security: 401 without a valid token; 403 to a token scoped without organization:members:write", async () => {
      const { org, joiner } = await domainWorld();
      expect((await call("POST", `/orgs/${org.id}/join`)).status).toBe(401);
      expect((await as(`quire_${"D".repeat(43)}`).post(`/orgs/${org.id}/join`)).status).toBe(401);
      const revoked = await makeToken(joiner.user.id, { revoked: true });
      expect((await as(revoked).post(`/orgs/${org.id}/join`)).status).toBe(401);
      const scoped = await makeToken(joiner.user.id, { scopes: ["organization:read"] });
      expect((await as(scoped).post(`/orgs/${org.id}/join`)).status).toBe(403);
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
      const allowed = await makeToken(joiner.user.id, { scopes: ["organization:members:write"] });
      expect((await as(allowed).post(`/orgs/${org.id}/join`)).status).toBe(204);
    });
  });
  describe("GET /v1/email-domains/{emailDomain}/orgs", () => {
    it("shows a verified user on the domain every organization that verified it", async () => {
      const domain = uniqueDomain();
      const a = await makeOrg({ emailDomains: [domain] });
      const b = await makeOrg({ emailDomains: [domain, uniqueDomain()] });
      await markVerified(a.org.id, [domain]);
      await markVerified(b.org.id, [domain]);
      await makeOrg({ emailDomains: [uniqueDomain()] });
      const user = await makeUser({ email: `${unique("e")}@${domain}` });
      const res = await as(user.token).get(`/email-domains/${domain.toUpperCase()}/orgs`);
      expect(res.status).toBe(200);
      const ids = res.body.organizations.map((o: { id: string }) => o.id);
      expect(ids.sort()).toEqual([a.org.id, b.org.id].sort());
      expect(res.body.organizations[0].permissions.view).toBe(false);
      expect(d1Cost(res).roundTrips).toBe(1);
    });

    it("shows a member their organizations on the domain, and nothing else to anyone else", async () => {
      const domain = uniqueDomain();
      const mine = await makeOrg({ emailDomains: [domain] });
      await makeOrg({ emailDomains: [domain] });
      const member = await makeMember(mine.org.id, "edit");
      const seen = await as(member.token).get(`/email-domains/${domain}/orgs`);
      expect(seen.body.organizations.map((o: { id: string }) => o.id)).toEqual([mine.org.id]);
      expect(seen.body.organizations[0].permissions).toMatchObject({
        view: true,
        listMembers: true,
      });
      const stranger = await makeUser();
      expect((await as(stranger.token).get(`/email-domains/${domain}/orgs`)).body).toEqual({
        organizations: [],
      });
      const unverified = await makeUser({
        email: `${unique("u")}@${domain}`,
        emailVerified: false,
      });
      expect(
        (await as(unverified.token).get(`/email-domains/${domain}/orgs`)).body.organizations,
      ).toEqual([]);
      await setDisabled(mine.org.id, member.user.id);
      expect(
        (await as(member.token).get(`/email-domains/${domain}/orgs`)).body.organizations,
      ).toEqual([]);
    });

    it("security: 401 without a valid token; 403 to a token scoped without organization:read", async () => {
      const domain = uniqueDomain();
      const user = await makeUser({ email: `${unique("s")}@${domain}` });
      expect((await call("GET", `/email-domains/${domain}/orgs`)).status).toBe(401);
      const expired = await makeToken(user.user.id, {
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      expect((await as(expired).get(`/email-domains/${domain}/orgs`)).status).toBe(401);
      const scoped = await makeToken(user.user.id, { scopes: ["user:read"] });
      expect((await as(scoped).get(`/email-domains/${domain}/orgs`)).status).toBe(403);
      const allowed = await makeToken(user.user.id, { scopes: ["organization:read"] });
      expect((await as(allowed).get(`/email-domains/${domain}/orgs`)).status).toBe(200);
    });
  });
});
