import { describe, expect, it } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { makeTeam } from "../helpers/teams-factories";
import { redirectSignatureValid } from "../helpers/saml-xml";
import {
  codeOf,
  makeSamlSetup,
  pendingRequests,
  postAcs,
  provisioningCounts,
  ssoEmail,
  startLogin,
} from "../helpers/sso-factories";
import { createProvider, providerBody } from "../helpers/sso-factories";
import { createTestIdp } from "../helpers/saml-idp";
import { makeOrg } from "../helpers/factories";
import { markVerified } from "../helpers/domains";

describe("SP-initiated SAML sign-in, end to end", () => {
  it("start → AuthnRequest → signed response → ACS → code → token → GET /v1/user", async () => {
    const idp = await createTestIdp();
    const { org, owner } = await makeOrg({ emailDomains: ["sso.example"] });
    await markVerified(org.id, ["sso.example"]);
    const team = await makeTeam(org.id);
    const provider = await createProvider(
      owner,
      org.id,
      providerBody(idp, { defaultRole: "edit", defaultTeam: team.id }),
    );

    const { res, location, request } = await startLogin(idp, provider);
    expect(res.status).toBe(302);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(location.startsWith(`${idp.ssoURL}?`)).toBe(true);
    expect(request!.acsURL).toBe(provider.service.acsURL);
    expect(request!.issuer).toBe(provider.service.entityID);
    expect(request!.destination).toBe(idp.ssoURL);
    expect(request!.relayState).toBeTruthy();
    expect(await pendingRequests(provider.id)).toHaveLength(1);

    const email = ssoEmail();
    const samlResponse = await idp.response({
      spEntityID: provider.service.entityID,
      acsURL: provider.service.acsURL,
      nameID: email,
      displayName: "Ada Lovelace",
      inResponseTo: request!.id,
    });
    const acs = await postAcs(provider, samlResponse, request!.relayState);
    expect(acs.status, acs.text).toBe(303);
    expect(acs.location!.startsWith("https://app.quire.test/sso/callback?code=")).toBe(true);
    expect(acs.location).not.toContain("quire_");
    expect(acs.res.headers.get("Cache-Control")).toBe("no-store");
    const code = codeOf(acs.location);
    expect(await pendingRequests(provider.id)).toHaveLength(0);

    const exchanged = await call("POST", "/sso/token", { body: { code } });
    expect(exchanged.status, exchanged.text).toBe(200);
    expect(exchanged.body.token).toMatch(/^quire_/);
    expect(exchanged.body.user.email).toBe(email);
    expect(exchanged.body.user.displayName).toBe("Ada Lovelace");
    expect(exchanged.body.organization).toEqual({ id: org.id, title: org.title });
    const ttl = Date.parse(exchanged.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(7.9 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(8 * 3600_000);

    const me = await as(exchanged.body.token).get("/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const member = await as(owner.token).get(`/orgs/${org.id}/members/${me.body.id}`);
    expect(member.status).toBe(200);
    expect(member.body.role).toBe("edit");
    expect(member.body.sso).toBe(true);
    const teamMembers = await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}/members`);
    expect(
      teamMembers.body.items.map((m: { organization: { id: string } }) => m.organization.id),
    ).toContain(me.body.id);
    const teamRead = await as(owner.token).get(`/orgs/${org.id}/teams/${team.id}`);
    expect(teamRead.body.members).toBe(1);

    // The code is single use.
    const again = await call("POST", "/sso/token", { body: { code } });
    expect(again.status).toBe(401);
  });

  it("signs the AuthnRequest with the provider's own key, published in its metadata", async () => {
    const { idp, provider } = await makeSamlSetup();
    const { location } = await startLogin(idp, provider);
    const meta = await import("../helpers/api").then((m) =>
      m.workerFetch(provider.service.entityID),
    );
    expect(meta.status).toBe(200);
    expect(meta.headers.get("Content-Type")).toContain("application/samlmetadata+xml");
    const xml = await meta.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toContain(provider.service.acsURL);
    const cert = /<(?:ds:)?X509Certificate>([^<]+)</.exec(xml)?.[1];
    expect(cert).toBeTruthy();
    const pem = `-----BEGIN CERTIFICATE-----\n${cert!.replace(/\s+/g, "")}\n-----END CERTIFICATE-----`;
    expect(await redirectSignatureValid(location, pem)).toBe(true);
  });

  it("a second login of the same person reuses the user and membership", async () => {
    const { idp, org, provider } = await makeSamlSetup();
    const email = ssoEmail();
    const login = async () => {
      const { request } = await startLogin(idp, provider);
      const r = await idp.response({
        spEntityID: provider.service.entityID,
        acsURL: provider.service.acsURL,
        nameID: email,
        inResponseTo: request!.id,
      });
      return postAcs(provider, r, request!.relayState);
    };
    expect((await login()).status).toBe(303);
    const before = await provisioningCounts(org.id);
    const second = await login();
    expect(second.status).toBe(303);
    // The provider, the checks' reads, and the one provisioning batch.
    const cost = d1Cost({ status: 303, body: null, text: "", headers: second.res.headers });
    expect(cost.roundTrips).toBe(3);
    expect(cost.rowsRead).toBeLessThanOrEqual(40);
    const after = await provisioningCounts(org.id);
    expect(after.users).toBe(before.users);
    expect(after.members).toBe(before.members);
    expect(after.codes).toBe(before.codes + 1);
  });

  it("an IdP with an EC certificate (P-256, ECDSA-SHA256) is registered and signs people in", async () => {
    const idp = await createTestIdp({ key: "P-256" });
    const { org, owner } = await makeOrg({ emailDomains: ["sso.example"] });
    await markVerified(org.id, ["sso.example"]);
    const provider = await createProvider(owner, org.id, providerBody(idp));
    const { request } = await startLogin(idp, provider);
    const email = ssoEmail();
    const samlResponse = await idp.response({
      spEntityID: provider.service.entityID,
      acsURL: provider.service.acsURL,
      nameID: email,
      inResponseTo: request!.id,
    });
    const acs = await postAcs(provider, samlResponse, request!.relayState);
    expect(acs.status, acs.text).toBe(303);
    const exchanged = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
    expect(exchanged.status, exchanged.text).toBe(200);
    expect(exchanged.body.user.email).toBe(email);
  });
});
