import { describe, expect, it, beforeAll } from "vitest";
import { as, call, d1Cost } from "../helpers/api";
import { makeTeam } from "../helpers/teams-factories";
import { redirectSignatureValid, wrapping, type ResponseInput } from "../helpers/saml-xml";
import {
  codeOf,
  makeSamlSetup,
  pendingRequests,
  postAcs,
  provisioningCounts,
  ssoEmail,
  startLogin,
  createProvider,
  providerBody,
  credentialsOf,
  samlLogin,
} from "../helpers/sso-factories";
import { createTestIdp, decodeXml, encodeXml } from "../helpers/saml-idp";
import { makeOrg, makeMember, makeUser, unique } from "../helpers/factories";
import { markVerified } from "../helpers/domains";
import { emptyStorage } from "../helpers/storage";

/** A provider, a started login, and a response builder for it. */
async function setup() {
  const s = await makeSamlSetup();
  const { request } = await startLogin(s.idp, s.provider);
  const email = ssoEmail();
  const base: ResponseInput = {
    spEntityID: s.provider.service.entityID,
    acsURL: s.provider.service.acsURL,
    nameID: email,
    inResponseTo: request!.id,
  };
  return { ...s, request: request!, email, base };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** Posts a response and expects a refusal page with nothing provisioned. */
async function expectRefused(s: Setup, samlResponse: string, status: number, reason: RegExp) {
  const before = await provisioningCounts(s.org.id);
  const acs = await postAcs(s.provider, samlResponse, s.request.relayState);
  expect(acs.status, acs.text).toBe(status);
  expect(acs.res.headers.get("Content-Type")).toContain("text/html");
  expect(acs.text).toMatch(reason);
  expect(acs.text).toMatch(/Reference: <code>[A-Za-z0-9]{12}<\/code>/);
  expect(acs.text).not.toContain("quire_");
  expect(acs.location).toBeNull();
  expect(await provisioningCounts(s.org.id)).toEqual(before);
}

describe("login", () => {
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
});

describe("refusals", () => {
  beforeAll(emptyStorage);
  describe("ACS refusals: nothing is provisioned", () => {
    const day = 86_400_000;
    const cases: [string, (s: Setup) => Promise<string>, number, RegExp][] = [
      ["unsigned", (s) => s.idp.response({ ...s.base, sign: "none" }), 403, /sign/i],
      [
        "signed by another key",
        (s) => s.idp.response({ ...s.base, signWith: "other" }),
        403,
        /signature/i,
      ],
      [
        "tampered after signing",
        (s) =>
          s.idp.response({
            ...s.base,
            tamper: (xml) => xml.replace(s.email, `x${s.email}`),
          }),
        403,
        /signature|digest/i,
      ],
      [
        "expired",
        (s) =>
          s.idp.response({
            ...s.base,
            now: new Date(Date.now() - day),
            notBefore: new Date(Date.now() - day),
            notOnOrAfter: new Date(Date.now() - day + 300_000),
          }),
        403,
        /expire/i,
      ],
      [
        "not yet valid (beyond 3 minutes of skew)",
        (s) =>
          s.idp.response({
            ...s.base,
            now: new Date(Date.now() + 600_000),
            notBefore: new Date(Date.now() + 600_000),
            notOnOrAfter: new Date(Date.now() + 900_000),
          }),
        403,
        /not yet valid|valid/i,
      ],
      [
        "wrong audience",
        (s) => s.idp.response({ ...s.base, audience: "https://other.example/sp" }),
        403,
        /audience/i,
      ],
      [
        "wrong destination",
        (s) => s.idp.response({ ...s.base, destination: "https://other.example/acs" }),
        403,
        /destination|recipient/i,
      ],
      [
        "wrong issuer",
        (s) => s.idp.response({ ...s.base, issuer: "https://evil.example/idp" }),
        403,
        /issuer/i,
      ],
      [
        "status not Success",
        (s) =>
          s.idp.response({ ...s.base, status: "urn:oasis:names:tc:SAML:2.0:status:Responder" }),
        403,
        /status/i,
      ],
      [
        "unknown InResponseTo",
        (s) => s.idp.response({ ...s.base, inResponseTo: "_unknown123" }),
        403,
        /no pending sign-in request/,
      ],
      [
        "wrapping: an unsigned assertion before the signed one",
        async (s) => wrapping.extraAssertion(await s.idp.response(s.base), "eve@sso.example"),
        403,
        /more than one Assertion/,
      ],
      [
        "wrapping: the signed assertion moved into Extensions",
        async (s) =>
          wrapping.signedMovedToExtensions(await s.idp.response(s.base), "eve@sso.example"),
        403,
        /more than one Assertion/,
      ],
      [
        "wrapping: the Signature carried by a forged assertion",
        async (s) => wrapping.signatureOnForged(await s.idp.response(s.base), "eve@sso.example"),
        403,
        /references another element/,
      ],
      [
        "wrapping: the Signature moved to the Response",
        async (s) => wrapping.signatureMovedToResponse(await s.idp.response(s.base)),
        403,
        /references another element/,
      ],
      [
        "wrapping: an extra assertion in a Response-signed message",
        async (s) =>
          wrapping.extraAssertion(
            await s.idp.response({ ...s.base, sign: "response" }),
            "eve@sso.example",
          ),
        403,
        /more than one Assertion/,
      ],
      ["not base64 XML", async () => "bm90IHhtbA==", 400, /./],
    ];
    for (const [name, build, status, reason] of cases) {
      it(`refuses: ${name}`, async () => {
        const s = await setup();
        await expectRefused(s, await build(s), status, reason);
      });
    }

    it("refuses a replayed assertion (same id, a new request)", async () => {
      const s = await setup();
      const first = await s.idp.response({ ...s.base, assertionId: "_replayed0001" });
      expect((await postAcs(s.provider, first, s.request.relayState)).status).toBe(303);
      // The very same POST again: its request is used.
      await expectRefused(s, first, 403, /no pending sign-in request|already used/);
      // The same assertion id answering a fresh request: the replay cache refuses it.
      const { request } = await startLogin(s.idp, s.provider);
      const again = await s.idp.response({
        ...s.base,
        inResponseTo: request!.id,
        assertionId: "_replayed0001",
      });
      await expectRefused({ ...s, request: request! }, again, 403, /already used/);
    });

    it("refuses a RelayState that is not the request's", async () => {
      const s = await setup();
      await expectRefused(
        { ...s, request: { ...s.request, relayState: "forged" } },
        await s.idp.response(s.base),
        403,
        /RelayState/,
      );
    });

    it("refuses a comment injected into the NameID: no user, whole or cut short", async () => {
      const s = await setup();
      const full = `victim@sso.example.attacker.test`;
      const b64 = await s.idp.response({ ...s.base, nameID: full });
      const injected = decodeXml(b64).replace(
        `>${full}</saml:NameID>`,
        `>victim@sso.example<!---->.attacker.test</saml:NameID>`,
      );
      expect(injected).toContain("<!---->");
      await expectRefused(s, encodeXml(injected), 403, /comment/);
      const { testDb } = await import("../helpers/factories");
      const { users } = await import("../../src/db/schema");
      const { inArray } = await import("drizzle-orm");
      const found = await testDb()
        .select()
        .from(users)
        .where(inArray(users.email, ["victim@sso.example", full]));
      expect(found).toHaveLength(0);
    });

    it("refuses an unsolicited assertion wrapped in an unsigned Response naming a request", async () => {
      const s = await setup();
      const unsolicited = decodeXml(await s.idp.response({ ...s.base, inResponseTo: null }));
      const claimed = unsolicited.replace(
        "<samlp:Response ",
        `<samlp:Response InResponseTo="${s.request.id}" `,
      );
      await expectRefused(s, encodeXml(claimed), 403, /InResponseTo is not signed/);
    });
  });
});

describe("existing-accounts", () => {
  beforeAll(emptyStorage);
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
});
