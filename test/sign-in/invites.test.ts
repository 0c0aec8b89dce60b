import { env } from "cloudflare:test";
import { describe, expect, it, beforeAll } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import {
  makeMember,
  makeOrg,
  makeUser,
  testDb,
  unique,
  makeToken,
  type TestUser,
} from "../helpers/factories";
import { eq } from "drizzle-orm";
import { organizations, emailInvites } from "../../src/db/schema";
import { askSignIn, mailTo, secretsOf, setCookie } from "../helpers/sign-in";
import {
  readMembership,
  readOrg,
  setDisabled,
  setOrg,
  uniqueDomain,
} from "../helpers/organizations-factories";
import { asSession, makeSession } from "../helpers/sessions";
import { foreignSiteToken } from "../helpers/site-tokens";
import { setDomainStatus } from "../helpers/domains";
import { makeSamlSetup } from "../helpers/sso-factories";
import { createOidcProvider } from "../../src/services/oidc/providers";
import { emptyStorage } from "../helpers/storage";

/** The invite id and token of an invite message's link. */
function inviteLink(text: string) {
  const match = /\/invite\/([\w-]+)\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no invite link in: ${text}`);
  return { inviteId: match[1]!, token: match[2]! };
}

/**
 * E-mail invites need consent (src/services/sign-in/pending-invites.ts): an invite of an address
 * that has an account is pending until its person accepts it; until then they are no member
 * (no access, not counted). Accept is idempotent, decline and revoke end it, expiry ends it, and
 * one account cannot accept another's invite. Every caller kind of the person's operations.
 */

/** An organization and an account invited to it; the invite's id as the person lists it. */
async function invited(options: { emailVerified?: boolean } = {}) {
  const { org, owner } = await makeOrg({ title: "Consent Corp" });
  const person = await makeUser(options);
  const sent = await as(owner.token).post(`/orgs/${org.id}/invites`, {
    emails: [{ email: person.user.email, role: "edit" }],
  });
  expect(sent.body).toEqual({ users: [], invited: 1, failedSSOEmails: [] });
  const [row] = await testDb()
    .select({ id: emailInvites.id })
    .from(emailInvites)
    .where(eq(emailInvites.email, person.user.email));
  return { org, owner, person, inviteId: row!.id };
}

const accept = (who: TestUser, id: string) => as(who.token).post(`/user/invites/${id}`);

/** An organization's OIDC provider, stored as creating one stores it (no discovery fetched). */
function addOidcProvider(organizationId: string, title = "Acme Login") {
  return createOidcProvider(testDb(), env.SIGNING_SECRET, {
    organizationId,
    title,
    issuer: "https://idp.example.test",
    clientId: "client",
    clientSecret: "secret",
    defaultRole: null,
  });
}

const ways = (query: string) => call("GET", `/sessions/ways/sso?${query}`);

describe("invites", () => {
  describe("e-mail invites (official inviteUsersToOrganization)", () => {
    it("adds nobody at once: an account gets a pending invite, a new address a link that joins", async () => {
      const { org, owner } = await makeOrg({ title: "Invite Corp" });
      const existing = await makeUser();
      const fresh = `${unique("invitee")}@example.test`;
      const res = await as(owner.token).post(`/orgs/${org.id}/invites`, {
        emails: [existing.user.email, { email: fresh.toUpperCase(), role: "edit" }],
        role: "comment",
      });
      expect([res.status, res.body.error?.message]).toEqual([200, undefined]);
      expect(res.body).toEqual({ users: [], invited: 2, failedSSOEmails: [] });
      expect(await readMembership(org.id, existing.user.id)).toBeUndefined();
      const [notice] = await mailTo(existing.user.email);
      expect(notice!.subject).toMatch(/invited you to Invite Corp/);
      expect(notice!.text).toContain("until you accept, you are not a member");
      // The link of an existing account shows the invite; accepting by it alone is refused.
      const theirs = await call("GET", "/sessions/invite", { query: inviteLink(notice!.text) });
      expect(theirs.body).toMatchObject({ account: true, role: "comment" });
      const byLink = await call("POST", "/sessions/invite", { body: inviteLink(notice!.text) });
      expect([byLink.status, byLink.body.error.message]).toEqual([
        409,
        expect.stringMatching(/sign in to it, then accept or decline/),
      ]);
      expect(setCookie(byLink, "quire_session")).toBeUndefined();
      const [invite] = await mailTo(fresh);
      expect(invite!.text).toContain(`${env.PUBLIC_APP_URL}/invite/`);
      const link = inviteLink(invite!.text);
      // Reading what the link offers spends nothing.
      const preview = await call("GET", "/sessions/invite", { query: link });
      expect(preview.body).toMatchObject({
        organization: { id: org.id, title: "Invite Corp" },
        email: fresh,
        role: "edit",
        account: false,
      });
      const accepted = await call("POST", "/sessions/invite", {
        body: { ...link, displayName: "Grace" },
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({
        user: { displayName: "Grace", email: fresh },
      });
      expect(setCookie(accepted, "quire_session")).toMatch(/^qs_/);
      expect((await readMembership(org.id, accepted.body.user.id))?.role).toBe("edit");
      const reused = await call("POST", "/sessions/invite", { body: link });
      expect(reused.status).toBe(410);
    });

    it("lets a pending invitee sign up by e-mail (the invite stays pending), and refuses invites from non-admins", async () => {
      const { org, owner } = await makeOrg();
      const fresh = `${unique("pending")}@example.test`;
      await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [fresh] });
      const { cookie } = await askSignIn(fresh);
      const messages = await mailTo(fresh, 2);
      const signUp = messages.find((m) => m.subject === "Create your Quire account")!;
      const res = await call("POST", "/sessions/email/link", {
        body: { token: secretsOf(signUp).token },
        headers: { Cookie: cookie! },
      });
      expect(res.body.user.email).toBe(fresh);
      // Signing up is no consent to join: the invite waits on the person's home.
      expect(await readMembership(org.id, res.body.user.id)).toBeUndefined();
      const session = { Cookie: `quire_session=${setCookie(res, "quire_session")}` };
      const mine = await call("GET", "/user/invites", { headers: session });
      expect(mine.body).toMatchObject({ count: 1, items: [{ organization: { id: org.id } }] });
      // An organization that enforces SSO lets its invitees in through its SSO only.
      await testDb().update(organizations).set({ sso: true }).where(eq(organizations.id, org.id));
      const later = `${unique("sso")}@example.test`;
      await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [later] });
      const ssoInvite = inviteLink((await mailTo(later))[0]!.text);
      const refusedSso = await call("POST", "/sessions/invite", { body: ssoInvite });
      expect([refusedSso.status, refusedSso.body.error.message]).toEqual([
        403,
        expect.stringMatching(/single sign-on/),
      ]);
      const writer = await makeMember(org.id, "edit");
      const refused = await as(writer.token).post(`/orgs/${org.id}/invites`, {
        emails: ["a@example.test"],
      });
      expect(refused.status).toBe(403);
    });
  });
});

describe("pending-invites", () => {
  beforeAll(emptyStorage);
  describe("pending e-mail invites", () => {
    it("gives no access and no count until accepted; accepting joins once, idempotently", async () => {
      const { org, owner, person, inviteId } = await invited();
      const before = (await readOrg(org.id))!.membersCount;
      expect((await as(person.token).get(`/orgs/${org.id}`)).status).toBe(404);
      const mine = await as(person.token).get("/user/invites");
      expect(mine.body).toEqual({
        count: 1,
        items: [
          expect.objectContaining({
            object: "email-invite",
            id: inviteId,
            organization: { id: org.id, title: "Consent Corp" },
            role: "edit",
            acceptedAt: null,
          }),
        ],
      });
      const listed = await as(owner.token).get(`/orgs/${org.id}/email-invites`);
      expect(listed.body.items).toEqual([
        expect.objectContaining({ id: inviteId, email: person.user.email, expired: false }),
      ]);
      const first = await accept(person, inviteId);
      expect([first.status, first.body.acceptedAt]).toEqual([200, expect.any(String)]);
      expect((await readMembership(org.id, person.user.id))?.role).toBe("edit");
      expect((await readOrg(org.id))!.membersCount).toBe(before + 1);
      expect((await as(person.token).get(`/orgs/${org.id}`)).status).toBe(200);
      const again = await accept(person, inviteId);
      expect(again.status).toBe(200);
      expect((await readOrg(org.id))!.membersCount).toBe(before + 1);
      expect((await as(person.token).get("/user/invites")).body.count).toBe(0);
      expect((await as(owner.token).get(`/orgs/${org.id}/email-invites`)).body.count).toBe(0);
      // Accepted, then disabled by an admin: accepting again does not bring them back.
      await setDisabled(org.id, person.user.id);
      expect((await accept(person, inviteId)).status).toBe(403);
    });

    it("ends by decline, by an admin's revocation and by expiry; nothing joins", async () => {
      const declined = await invited();
      expect(
        (await as(declined.person.token).delete(`/user/invites/${declined.inviteId}`)).status,
      ).toBe(204);
      expect((await accept(declined.person, declined.inviteId)).status).toBe(404);
      const revoked = await invited();
      const del = await as(revoked.owner.token).delete(
        `/orgs/${revoked.org.id}/email-invites/${revoked.inviteId}`,
      );
      expect(del.status).toBe(204);
      expect((await accept(revoked.person, revoked.inviteId)).status).toBe(404);
      const expired = await invited();
      await testDb()
        .update(emailInvites)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(emailInvites.id, expired.inviteId));
      expect((await as(expired.person.token).get("/user/invites")).body.count).toBe(0);
      const late = await accept(expired.person, expired.inviteId);
      expect([late.status, late.body.error.message]).toEqual([
        410,
        expect.stringMatching(/expired/),
      ]);
      for (const w of [declined, revoked, expired]) {
        expect(await readMembership(w.org.id, w.person.user.id)).toBeUndefined();
      }
    });

    it("lets no other account accept, and no unverified address", async () => {
      const { org, person, inviteId } = await invited();
      const other = await makeUser();
      const stolen = await accept(other, inviteId);
      expect(stolen.status).toBe(404);
      expect(stolen.body).toEqual((await accept(other, "no-such-invite-0000")).body);
      expect((await as(other.token).delete(`/user/invites/${inviteId}`)).status).toBe(204);
      expect(await readMembership(org.id, other.user.id)).toBeUndefined();
      expect((await accept(person, inviteId)).status).toBe(200); // the decline of another did nothing
      const unverified = await invited({ emailVerified: false });
      const refused = await accept(unverified.person, unverified.inviteId);
      expect([refused.status, refused.body.error.message]).toEqual([
        403,
        expect.stringMatching(/not verified/),
      ]);
    });

    it("answers each caller kind: anonymous, forged, site, scoped, session with and without CSRF", async () => {
      const { person, inviteId, org } = await invited();
      const path = `/user/invites/${inviteId}`;
      expect((await call("POST", path, { token: null })).status).toBe(401);
      expect((await call("POST", path, { token: "gb_api_forged" })).status).toBe(401);
      // A published site's API token is no person: 404, as everywhere (src/auth/caller.ts).
      expect((await call("POST", path, { token: await foreignSiteToken() })).status).toBe(404);
      const readOnly = await makeToken(person.user.id, { scopes: ["user:read"] });
      expect((await as(readOnly).get("/user/invites")).status).toBe(200);
      expect((await as(readOnly).post(path)).status).toBe(403);
      const session = await makeSession(person.user.id);
      const noCsrf = await asSession(session).post(path, undefined, {
        headers: { "X-Quire-CSRF": "" },
      });
      expect(noCsrf.status).toBe(403);
      expect(await readMembership(org.id, person.user.id)).toBeUndefined();
      expect((await asSession(session).post(path)).status).toBe(200);
    });
  });
});

describe("sso-ways", () => {
  beforeAll(emptyStorage);
  describe("GET /v1/sessions/ways/sso (the SSO to offer on the sign-in screen)", () => {
    it("offers, for an address, the SAML and OIDC providers of the organizations on its domain", async () => {
      const domain = uniqueDomain();
      const { org, provider } = await makeSamlSetup({}, { emailDomains: [domain] });
      const oidc = await addOidcProvider(org.id);
      await makeOrg({ emailDomains: [domain] }); // no provider: not named
      const res = await ways(`email=${encodeURIComponent(`Someone@${domain.toUpperCase()}`)}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        organizations: [
          {
            id: org.id,
            title: org.title,
            enforced: false,
            providers: [
              {
                kind: "saml",
                id: provider.id,
                title: provider.label,
                startURL: provider.service.startURL,
              },
              { kind: "oidc", id: oidc.id, title: "Acme Login", provider: `org:${oidc.id}` },
            ],
          },
        ],
      });
      expect(d1Cost(res).roundTrips).toBe(1);
      await setOrg(org.id, { sso: true });
      expect((await ways(`email=a@${domain}`)).body.organizations[0].enforced).toBe(true);
      // A domain the organization claims without proof (or whose proof failed) offers nothing;
      // its members still find its SSO by `?org=`.
      for (const status of ["pending", "failed"] as const) {
        await setDomainStatus(org.id, [domain], status);
        expect((await ways(`email=a@${domain}`)).body).toEqual({ organizations: [] });
      }
      expect((await ways(`organizationId=${org.id}`)).body.organizations).toHaveLength(1);
    });

    it("answers every address of a domain alike, accounts or not, and nothing for other domains", async () => {
      const domain = uniqueDomain();
      const { org } = await makeSamlSetup({}, { emailDomains: [domain] });
      const member = await makeUser({ email: `${unique("m")}@${domain}` });
      const known = await ways(`email=${encodeURIComponent(member.user.email)}`);
      const unknown = await ways(`email=${encodeURIComponent(`${unique("n")}@${domain}`)}`);
      expect(known.text).toBe(unknown.text);
      expect(known.body.organizations.map((o: { id: string }) => o.id)).toEqual([org.id]);
      expect(d1Cost(known).roundTrips).toBe(d1Cost(unknown).roundTrips);
      expect((await ways(`email=a@${uniqueDomain()}`)).body).toEqual({ organizations: [] });
    });

    it("lists one organization's providers by id; one without providers answers as a missing id", async () => {
      const { org, provider } = await makeSamlSetup({}, { emailDomains: [uniqueDomain()] });
      const byId = await ways(`organizationId=${org.id}`);
      expect(byId.body.organizations).toHaveLength(1);
      expect(byId.body.organizations[0].providers[0].id).toBe(provider.id);
      const bare = await makeOrg();
      const none = await ways(`organizationId=${bare.org.id}`);
      const missing = await ways(`organizationId=doesnotexist00000000`);
      expect(none.status).toBe(200);
      expect(none.text).toBe(missing.text);
      expect(none.body).toEqual({ organizations: [] });
    });

    it("refuses anything but exactly one of email and organizationId, naming the field", async () => {
      for (const query of ["", "email=a@b.c&organizationId=x", "email=not-an-address"]) {
        const res = await ways(query);
        expect(res.status, query).toBe(400);
        expect(res.body.error.message, query).toMatch(/^query\.email/);
      }
    });
  });
});
