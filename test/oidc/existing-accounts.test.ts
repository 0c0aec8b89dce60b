import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeUser, unique, type TestUser } from "../helpers/factories";
import { finishOidc, loginAtProvider, sessionCookieOf, startOidc } from "../helpers/oidc-flow";
import { credentialsOf } from "../helpers/sso-factories";
import { publishTxt } from "../helpers/domains";

// An organization's `emailDomains` are unverified claims and its admin registers the provider:
// it may sign in an existing account only when it is a member, never a mere invitee
// (src/services/sso/existing-account.ts), and create one only on a verified domain
// (src/services/sso/new-account.ts; docs/security.md). The provider is the real
// oidc-provider of test/network (https://idp.example.com), which vouches for any address.

/** An organization claiming `domain`, with its own OIDC provider; the provider's id. */
async function orgWithProvider(
  domain: string,
): Promise<{ orgId: string; owner: TestUser; id: string }> {
  const { org, owner } = await makeOrg({ emailDomains: [domain] });
  const created = await as(owner.token).post(`/orgs/${org.id}/oidc-providers`, {
    title: "Their IdP",
    issuer: "https://idp.example.com",
    clientId: "quire-org",
    clientSecret: "org-secret",
    defaultRole: "edit",
  });
  expect(created.status, created.text).toBe(201);
  return { orgId: org.id, owner, id: created.body.id };
}

/** The whole sign-in of `email` through provider `id`: the callback's answer. */
async function signIn(id: string, email: string) {
  const start = await startOidc(id);
  expect(start.res.status).toBe(200);
  return finishOidc(await loginAtProvider(start.url, email), start.cookie);
}

describe("an organization's OIDC provider and existing accounts", () => {
  it("refuses an existing non-member whose address is on the organization's domains", async () => {
    const domain = `${unique("victim")}.example.com`;
    const { orgId, owner, id } = await orgWithProvider(domain);
    const victim = await makeUser({ email: `${unique("v")}@${domain}` });
    const credentials = await credentialsOf(victim.user.id);
    const res = await signIn(id, victim.user.email);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(
      /^An account with this address already exists and is not a member of .+: sign in to it another way and accept an invite$/,
    );
    expect(sessionCookieOf(res)).toBeNull();
    expect(await credentialsOf(victim.user.id)).toBe(credentials);
    const member = await as(owner.token).get(`/orgs/${orgId}/members/${victim.user.id}`);
    expect(member.status).toBe(404);
  });

  it("still signs in an existing member", async () => {
    const { orgId, id } = await orgWithProvider(`${unique("m")}.example.com`);
    const member = await makeMember(orgId, "review");
    const res = await signIn(id, member.user.email);
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.id).toBe(member.user.id);
    expect(sessionCookieOf(res)).toMatch(/^quire_session=/);
  });

  it("refuses an account holding only a pending invite, until its person accepts", async () => {
    const { orgId, owner, id } = await orgWithProvider(`${unique("i")}.example.com`);
    // The attack: an admin invites any address, then asserts it from their own provider.
    const person = await makeUser({ email: `${unique("invited")}@elsewhere.example` });
    const email = person.user.email;
    const invited = await as(owner.token).post(`/orgs/${orgId}/invites`, { emails: [email] });
    expect(invited.body).toMatchObject({ users: [], invited: 1 });
    const refused = await signIn(id, email);
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeNull();
    expect((await as(owner.token).get(`/orgs/${orgId}/members/${person.user.id}`)).status).toBe(
      404,
    );
    const mine = await as(person.token).get("/user/invites");
    expect((await as(person.token).post(`/user/invites/${mine.body.items[0].id}`)).status).toBe(
      200,
    );
    const res = await signIn(id, email);
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.id).toBe(person.user.id);
    const member = await as(owner.token).get(`/orgs/${orgId}/members/${person.user.id}`);
    expect(member.body.role).toBe("read");
  });

  it("provisions a new address only once the organization verified its domain", async () => {
    const domain = `${unique("n")}.example.com`;
    const { orgId, owner, id } = await orgWithProvider(domain);
    const email = `${unique("new")}@${domain}`;
    // Listed in emailDomains but unverified: the pre-hijack is refused, nothing is created.
    const refused = await signIn(id, email);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(`${email} has no account here, and ${domain}`);
    expect(refused.body.error.message).toContain(`ask an admin to verify ${domain}, or to invite`);
    expect(sessionCookieOf(refused)).toBeNull();
    // The admin publishes the record and checks it (the domain is listed already: 200).
    const admin = as(owner.token);
    const listed = await admin.post(`/orgs/${orgId}/domains`, { domain });
    expect(listed.status, listed.text).toBe(200);
    await publishTxt(listed.body.record.name, [listed.body.record.value]);
    const checked = await admin.post(`/orgs/${orgId}/domains/${domain}/check`);
    expect(checked.body.status).toBe("verified");
    const res = await signIn(id, email);
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.email).toBe(email);
    const member = await as(owner.token).get(`/orgs/${orgId}/members/${res.body.user.id}`);
    expect(member.body.role).toBe("edit");
  });
});
