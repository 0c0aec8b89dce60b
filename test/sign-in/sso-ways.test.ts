import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { setDomainStatus } from "../helpers/domains";
import { call, d1Cost } from "../helpers/api";
import { makeOrg, makeUser, testDb, unique } from "../helpers/factories";
import { setOrg, uniqueDomain } from "../helpers/organizations-factories";
import { makeSamlSetup } from "../helpers/sso-factories";
import { createOidcProvider } from "../../src/services/oidc/providers";

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
