import { describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { makeMember, makeOrg, makeToken, makeUser, unique } from "../helpers/factories";
import {
  readMembership,
  readOrg,
  setDisabled,
  setOrg,
  uniqueDomain,
} from "../helpers/organizations-factories";
import { markVerified } from "../helpers/domains";

const MISSING = "doesnotexist00000000";

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
    expect(seen.body.organizations[0].permissions).toMatchObject({ view: true, listMembers: true });
    const stranger = await makeUser();
    expect((await as(stranger.token).get(`/email-domains/${domain}/orgs`)).body).toEqual({
      organizations: [],
    });
    const unverified = await makeUser({ email: `${unique("u")}@${domain}`, emailVerified: false });
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
