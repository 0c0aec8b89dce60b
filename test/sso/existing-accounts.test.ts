import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeUser, unique } from "../helpers/factories";
import {
  codeOf,
  credentialsOf,
  makeSamlSetup,
  provisioningCounts,
  samlLogin,
  ssoEmail,
} from "../helpers/sso-factories";
import { markVerified } from "../helpers/domains";

// An organization's `emailDomains` are unverified claims and its admin runs the IdP: its SAML
// provider may sign in an existing account only when it is a member, never a mere invitee
// (src/services/sso/existing-account.ts), and create one only on a VERIFIED domain
// (src/services/sso/new-account.ts; docs/security.md).
describe("SAML sign-in of existing accounts", () => {
  it("refuses an existing non-member whose address is on the organization's domains", async () => {
    const { idp, org, owner, provider } = await makeSamlSetup(
      {},
      { emailDomains: ["victim.example"] },
    );
    const victim = await makeUser({ email: `${unique("victim")}@victim.example` });
    const before = await provisioningCounts(org.id);
    const credentials = await credentialsOf(victim.user.id);
    const refused = await samlLogin(idp, provider, victim.user.email);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("An account with this address already exists");
    expect(refused.text).toContain("is not a member of");
    expect(refused.location).toBeNull();
    // Nothing written: no user, membership, code or SSO flag; no session of the victim.
    expect(await provisioningCounts(org.id)).toEqual(before);
    expect(await credentialsOf(victim.user.id)).toBe(credentials);
    const member = await as(owner.token).get(`/orgs/${org.id}/members/${victim.user.id}`);
    expect(member.status).toBe(404);
  });

  it("still signs in an existing member of the organization", async () => {
    const { idp, org, provider } = await makeSamlSetup();
    const member = await makeMember(org.id, "edit");
    const acs = await samlLogin(idp, provider, member.user.email);
    expect(acs.status, acs.text).toBe(303);
    const token = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
    expect(token.body.user.id).toBe(member.user.id);
  });

  it("refuses an account holding only a pending invite, until its person accepts", async () => {
    const { idp, org, owner, provider } = await makeSamlSetup();
    // The attack: an admin invites any address, then asserts it from their own IdP.
    const person = await makeUser({ email: `${unique("invited")}@elsewhere.example` });
    const email = person.user.email;
    const invited = await as(owner.token).post(`/orgs/${org.id}/invites`, {
      emails: [email],
      sso: true,
    });
    expect(invited.body).toMatchObject({ users: [], invited: 1 });
    const refused = await samlLogin(idp, provider, email);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("sign in to it another way and accept an invite");
    expect((await as(owner.token).get(`/orgs/${org.id}/members/${person.user.id}`)).status).toBe(
      404,
    );
    // The person accepts, signed in another way: now the organization's IdP signs them in.
    const mine = await as(person.token).get("/user/invites");
    const accepted = await as(person.token).post(`/user/invites/${mine.body.items[0].id}`);
    expect(accepted.status, accepted.text).toBe(200);
    const acs = await samlLogin(idp, provider, email);
    expect(acs.status, acs.text).toBe(303);
    const token = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
    expect(token.body.user.id).toBe(person.user.id);
    const member = await as(owner.token).get(`/orgs/${org.id}/members/${person.user.id}`);
    expect(member.status).toBe(200);
    expect(member.body.sso).toBe(true);
  });

  it("provisions a new address only on a verified domain of the organization", async () => {
    const { idp, org, owner, provider } = await makeSamlSetup({}, { verified: false });
    const before = await provisioningCounts(org.id);
    // The pre-hijack: the organization claims sso.example but never proved it holds it.
    const unverified = await samlLogin(idp, provider, ssoEmail());
    expect(unverified.status).toBe(403);
    expect(unverified.text).toContain("is not a verified domain of");
    expect(unverified.text).toContain("ask an admin to verify sso.example");
    // Not one of its domains at all.
    const elsewhere = await samlLogin(idp, provider, `${unique("p")}@elsewhere.example`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.text).toContain("elsewhere.example is not an e-mail domain of");
    expect(await provisioningCounts(org.id)).toEqual(before);

    await markVerified(org.id, ["sso.example"]);
    const acs = await samlLogin(idp, provider, ssoEmail());
    expect(acs.status, acs.text).toBe(303);
    const token = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
    expect(token.status).toBe(200);
    const member = await as(owner.token).get(`/orgs/${org.id}/members/${token.body.user.id}`);
    expect(member.body.role).toBe("read");
    expect((await provisioningCounts(org.id)).users).toBe(before.users + 1);
  });
});
