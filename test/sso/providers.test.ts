import { describe, expect, it, beforeAll } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg, makeMember, makeUser, testDb } from "../helpers/factories";
import { makeTeam } from "../helpers/teams-factories";
import { createTestIdp, type TestIdp } from "../helpers/saml-idp";
import {
  createProvider,
  makeCertificate,
  providerBody,
  providerRow,
  codeOf,
  makeSamlSetup,
  postAcs,
  provisioningCounts,
  samlLogin as login,
  ssoEmail,
  type WireProvider,
  startLogin,
} from "../helpers/sso-factories";
import { eq, count } from "drizzle-orm";
import { memberRemovals, ssoCodes, ssoAssertions, ssoRequests } from "../../src/db/schema";
import { sha256Hex } from "../../src/lib/crypto";
import { setDisabled } from "../helpers/organizations-factories";
import { env } from "cloudflare:test";
import { runScheduled } from "../../src/scheduled";
import { emptyStorage } from "../helpers/storage";

/** An IdP-initiated response (no InResponseTo) posted to the ACS. */
async function idpInitiated(idp: TestIdp, provider: WireProvider, email: string) {
  const samlResponse = await idp.response({
    spEntityID: provider.service.entityID,
    acsURL: provider.service.acsURL,
    nameID: email,
    inResponseTo: null,
  });
  return postAcs(provider, samlResponse, null);
}

/** Rows of the three sign-in state tables. */
async function stateCounts() {
  const db = testDb();
  const [r, c, a] = await db.batch([
    db.select({ n: count() }).from(ssoRequests),
    db.select({ n: count() }).from(ssoCodes),
    db.select({ n: count() }).from(ssoAssertions),
  ]);
  return { requests: r[0]!.n, codes: c[0]!.n, assertions: a[0]!.n };
}

describe("providers", () => {
  describe("SAML providers: create, read, list, update, delete", () => {
    it("creates an active provider with its SP values and a sealed SP key", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/saml`, providerBody(idp));
      expect(res.status).toBe(201);
      const p = res.body;
      expect(res.headers.get("Location")).toBe(p.urls.location);
      expect(p).toMatchObject({
        object: "saml-provider",
        label: "Test IdP",
        entityID: idp.entityID,
        ssoURL: idp.ssoURL,
        defaultRole: "read",
        status: "active",
        allowIdPInitiated: false,
        reAddRemovedMembers: false,
      });
      expect(p.defaultTeam).toBeUndefined();
      const base = `https://quire.test/sso/saml/${p.id}`;
      expect(p.service).toEqual({
        entityID: `${base}/metadata`,
        startURL: `${base}/start`,
        acsURL: `${base}/acs`,
      });
      expect(res.text).not.toContain("PRIVATE KEY");
      const row = await providerRow(p.id);
      expect(row!.spPrivateKey).not.toContain("PRIVATE KEY");
      expect(row!.spPrivateKey).not.toMatch(/^MI/);
      expect(row!.spCertificate).toContain("BEGIN CERTIFICATE");
      const read = await as(owner.token).get(`/orgs/${org.id}/saml/${p.id}`);
      expect(read.body).toEqual(p);
    });

    it("takes a default team of the organization and a null (guest) default role", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const team = await makeTeam(org.id);
      const p = await createProvider(
        owner,
        org.id,
        providerBody(idp, { defaultTeam: team.id, defaultRole: null }),
      );
      expect(p.defaultRole).toBeNull();
      expect((p.defaultTeam as { id: string }).id).toBe(team.id);
      // Deleting the team clears it from the provider.
      expect((await as(owner.token).delete(`/orgs/${org.id}/teams/${team.id}`)).status).toBe(204);
      const read = await as(owner.token).get(`/orgs/${org.id}/saml/${p.id}`);
      expect(read.body.defaultTeam).toBeUndefined();
    });

    it("lists providers in pages with a count", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await createProvider(owner, org.id, providerBody(idp, { label: `P${i}` }))).id);
      }
      const first = await as(owner.token).get(`/orgs/${org.id}/saml`, { query: { limit: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(3);
      expect(first.body.items).toHaveLength(2);
      const second = await as(owner.token).get(`/orgs/${org.id}/saml`, {
        query: { limit: 2, page: first.body.next.page },
      });
      expect(second.body.items).toHaveLength(1);
      expect(second.body.next).toBeUndefined();
      const seen = [...first.body.items, ...second.body.items].map((p: { id: string }) => p.id);
      expect(seen.sort()).toEqual([...ids].sort());
      const forged = await as(owner.token).get(`/orgs/${org.id}/saml`, {
        query: { page: "abc.def" },
      });
      expect(forged.status).toBe(400);
    });

    it("updates any field, and the settings beyond the official body", async () => {
      const idp = await createTestIdp();
      const other = await createTestIdp();
      const { org, owner } = await makeOrg();
      const team = await makeTeam(org.id);
      const p = await createProvider(owner, org.id, providerBody(idp));
      const res = await as(owner.token).patch(`/orgs/${org.id}/saml/${p.id}`, {
        label: "Okta",
        entityID: other.entityID,
        certificate: other.certificatePem,
        ssoURL: other.ssoURL,
        defaultTeam: team.id,
        defaultRole: "edit",
        allowIdPInitiated: true,
        reAddRemovedMembers: true,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        label: "Okta",
        entityID: other.entityID,
        ssoURL: other.ssoURL,
        defaultRole: "edit",
        allowIdPInitiated: true,
        reAddRemovedMembers: true,
      });
      expect(res.body.defaultTeam.id).toBe(team.id);
      const cleared = await as(owner.token).patch(`/orgs/${org.id}/saml/${p.id}`, {
        defaultTeam: null,
      });
      expect(cleared.body.defaultTeam).toBeUndefined();
      const empty = await as(owner.token).patch(`/orgs/${org.id}/saml/${p.id}`, {});
      expect(empty.status).toBe(200);
      expect(empty.body.label).toBe("Okta");
    });

    it("deletes with 204, also when absent; the provider is then 404", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const p = await createProvider(owner, org.id, providerBody(idp));
      const api = as(owner.token);
      expect((await api.delete(`/orgs/${org.id}/saml/${p.id}`)).status).toBe(204);
      expect((await api.delete(`/orgs/${org.id}/saml/${p.id}`)).status).toBe(204);
      const gone = await api.get(`/orgs/${org.id}/saml/${p.id}`);
      expect(gone.status).toBe(404);
      expect((await api.patch(`/orgs/${org.id}/saml/${p.id}`, { label: "x" })).status).toBe(404);
    });

    it("does not show another organization's provider", async () => {
      const idp = await createTestIdp();
      const a = await makeOrg();
      const b = await makeOrg({ owner: a.owner });
      const p = await createProvider(a.owner, a.org.id, providerBody(idp));
      const res = await as(a.owner.token).get(`/orgs/${b.org.id}/saml/${p.id}`);
      expect(res.status).toBe(404);
    });
  });
  describe("SAML providers: validation (400 naming the field)", () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["an empty label", { label: "" }, "body.label"],
      ["a label over 30 characters", { label: "x".repeat(31) }, "body.label"],
      ["an entityID over 1024 characters", { entityID: "x".repeat(1025) }, "body.entityID"],
      [
        "a certificate over 10,000 characters",
        { certificate: "x".repeat(10001) },
        "body.certificate",
      ],
      ["a malformed certificate", { certificate: "not a certificate" }, "body.certificate"],
      ["an ssoURL that is not a URL", { ssoURL: "not a url" }, "body.ssoURL"],
      ["an ssoURL that is not http(s)", { ssoURL: "javascript:alert(1)" }, "body.ssoURL"],
      [
        "an ssoURL over 2048 characters",
        { ssoURL: `https://idp.example/${"a".repeat(2048)}` },
        "body.ssoURL",
      ],
      ["an unknown role", { defaultRole: "owner" }, "body.defaultRole"],
      ["an unknown field", { extra: true }, "extra"],
      ["a team of no organization", { defaultTeam: "nosuchteam" }, "body.defaultTeam"],
    ];
    for (const [name, patch, field] of cases) {
      it(`refuses ${name} on create and update`, async () => {
        const idp = await createTestIdp();
        const { org, owner } = await makeOrg();
        const created = await as(owner.token).post(`/orgs/${org.id}/saml`, {
          ...providerBody(idp),
          ...patch,
        });
        expect(created.status, created.text).toBe(400);
        expect(created.body.error.message).toContain(field);
        const p = await createProvider(owner, org.id, providerBody(idp));
        const updated = await as(owner.token).patch(`/orgs/${org.id}/saml/${p.id}`, patch);
        expect(updated.status, updated.text).toBe(400);
        expect(updated.body.error.message).toContain(field);
      });
    }

    it("refuses an expired or not yet valid certificate, naming certificate", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const day = 86_400_000;
      for (const [from, to] of [
        [Date.now() - 10 * day, Date.now() - day],
        [Date.now() + day, Date.now() + 10 * day],
      ] as const) {
        const pem = await makeCertificate(new Date(from), new Date(to));
        const res = await as(owner.token).post(`/orgs/${org.id}/saml`, {
          ...providerBody(idp),
          certificate: pem,
        });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/^body\.certificate: /);
        const p = await createProvider(owner, org.id, providerBody(idp));
        const patched = await as(owner.token).patch(`/orgs/${org.id}/saml/${p.id}`, {
          certificate: pem,
        });
        expect(patched.status).toBe(400);
        expect(patched.body.error.message).toMatch(/^body\.certificate: (expired|not yet valid)/);
      }
    });

    it("refuses a team of another organization", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const elsewhere = await makeOrg({ owner });
      const team = await makeTeam(elsewhere.org.id);
      const res = await as(owner.token).post(`/orgs/${org.id}/saml`, {
        ...providerBody(idp),
        defaultTeam: team.id,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain("body.defaultTeam");
    });

    it("requires the IdP values at creation", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/saml`, { label: "Later" });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/body\.(entityID|certificate|ssoURL)/);
    });
  });
  describe("GET /v1/orgs/{organizationId}/sso (sign-in choices, no token)", () => {
    it("lists each provider's id, label and start URL without a token", async () => {
      const idp = await createTestIdp();
      const { org, owner } = await makeOrg();
      const p = await createProvider(owner, org.id, providerBody(idp, { label: "Okta" }));
      const res = await call("GET", `/orgs/${org.id}/sso`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [{ id: p.id, label: "Okta", startURL: p.service.startURL }],
      });
      expect(res.text).not.toContain("CERTIFICATE");
    });

    it("answers an empty list for an organization without providers, 404 for no organization", async () => {
      const { org } = await makeOrg();
      expect((await call("GET", `/orgs/${org.id}/sso`)).body).toEqual({ items: [] });
      const missing = await call("GET", `/orgs/doesnotexist/sso`);
      expect(missing.status).toBe(404);
    });
  });
  describe("POST /v1/orgs/{organizationId}/members/{userId}/sso", () => {
    it("sets the member's sso flag; 404 for a non-member", async () => {
      const { org, owner } = await makeOrg();
      const res = await as(owner.token).post(`/orgs/${org.id}/members/${owner.user.id}/sso`);
      expect(res.status).toBe(200);
      expect(res.body.sso).toBe(true);
      const list = await as(owner.token).get(`/orgs/${org.id}/members`);
      expect(list.body.items[0].sso).toBe(true);
      const stranger = await makeOrg();
      const missing = await as(owner.token).post(
        `/orgs/${org.id}/members/${stranger.owner.user.id}/sso`,
      );
      expect(missing.status).toBe(404);
    });
  });
});

describe("membership", () => {
  beforeAll(emptyStorage);
  describe("IdP-initiated sign-in", () => {
    it("is refused by default, with nothing provisioned", async () => {
      const { idp, org, provider } = await makeSamlSetup();
      const before = await provisioningCounts(org.id);
      const acs = await idpInitiated(idp, provider, ssoEmail());
      expect(acs.status).toBe(403);
      expect(acs.text).toContain("IdP-initiated");
      expect(await provisioningCounts(org.id)).toEqual(before);
    });

    it("is accepted when the provider allows it", async () => {
      const { idp, org, owner, provider } = await makeSamlSetup({ allowIdPInitiated: true });
      expect(provider.allowIdPInitiated).toBe(true);
      const acs = await idpInitiated(idp, provider, ssoEmail());
      expect(acs.status, acs.text).toBe(303);
      const token = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
      expect(token.status).toBe(200);
      const member = await as(owner.token).get(`/orgs/${org.id}/members/${token.body.user.id}`);
      expect(member.body.role).toBe("read");
      expect(member.body.sso).toBe(true);
    });
  });
  describe("who may be signed in", () => {
    it("does not silently re-add a removed member, unless the provider says so", async () => {
      const { idp, org, owner, provider } = await makeSamlSetup();
      const email = ssoEmail();
      const first = await login(idp, provider, email);
      const { body } = await call("POST", "/sso/token", { body: { code: codeOf(first.location) } });
      const removed = await as(owner.token).delete(`/orgs/${org.id}/members/${body.user.id}`);
      expect(removed.status).toBe(204);

      const before = await provisioningCounts(org.id);
      const refused = await login(idp, provider, email);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("was removed");
      expect(await provisioningCounts(org.id)).toEqual(before);

      const patched = await as(owner.token).patch(`/orgs/${org.id}/saml/${provider.id}`, {
        reAddRemovedMembers: true,
      });
      expect(patched.status).toBe(200);
      const readded = await login(idp, provider, email);
      expect(readded.status, readded.text).toBe(303);
      const member = await as(owner.token).get(`/orgs/${org.id}/members/${body.user.id}`);
      expect(member.status).toBe(200);
    });

    it("refuses a member removed before SSO existed (the removal is remembered)", async () => {
      const { idp, org, owner, provider } = await makeSamlSetup();
      const email = ssoEmail();
      const person = await makeUser({ email });
      await as(owner.token).delete(`/orgs/${org.id}/members/${person.user.id}`);
      const { addMember } = await import("../../src/services/organizations/organizations");
      await addMember(testDb(), { organizationId: org.id, userId: person.user.id, role: "read" });
      expect(
        (await as(owner.token).delete(`/orgs/${org.id}/members/${person.user.id}`)).status,
      ).toBe(204);
      const refused = await login(idp, provider, email);
      expect(refused.status).toBe(403);
    });

    it("keeps a removal made after the checks read (the provisioning batch re-checks it)", async () => {
      const { org, owner, provider } = await makeSamlSetup();
      const email = ssoEmail();
      const person = await makeUser({ email });
      const { addMember } = await import("../../src/services/organizations/organizations");
      await addMember(testDb(), { organizationId: org.id, userId: person.user.id, role: "read" });
      expect(
        (await as(owner.token).delete(`/orgs/${org.id}/members/${person.user.id}`)).status,
      ).toBe(204);
      // As if the removal landed between the ACS's reads and its provisioning batch.
      const { provisionLogin } = await import("../../src/services/sso/provision");
      const row = await providerRow(provider.id);
      const done = await provisionLogin(testDb(), {
        provider: row!,
        requestId: null,
        assertionId: `_race${crypto.randomUUID().replace(/-/g, "")}`,
        assertionNotOnOrAfter: new Date(Date.now() + 300_000),
        email,
        displayName: "Racer",
      });
      expect(done.ok).toBe(true);
      const member = await as(owner.token).get(`/orgs/${org.id}/members/${person.user.id}`);
      expect(member.status).toBe(404);
      const removals = await testDb()
        .select()
        .from(memberRemovals)
        .where(eq(memberRemovals.userId, person.user.id));
      expect(removals).toHaveLength(1);
      if (done.ok) {
        expect((await call("POST", "/sso/token", { body: { code: done.code } })).status).toBe(401);
      }
    });

    it("refuses a disabled member", async () => {
      const { idp, org, provider } = await makeSamlSetup();
      const email = ssoEmail();
      const person = await makeUser({ email });
      const { addMember } = await import("../../src/services/organizations/organizations");
      await addMember(testDb(), { organizationId: org.id, userId: person.user.id, role: "edit" });
      await setDisabled(org.id, person.user.id);
      const before = await provisioningCounts(org.id);
      const refused = await login(idp, provider, email);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("disabled");
      expect(await provisioningCounts(org.id)).toEqual(before);
    });

    it("refuses an existing account outside the organization's e-mail domains", async () => {
      const { idp, org, provider } = await makeSamlSetup();
      const stranger = await makeUser();
      const before = await provisioningCounts(org.id);
      const refused = await login(idp, provider, stranger.user.email);
      expect(refused.status).toBe(403);
      expect(await provisioningCounts(org.id)).toEqual(before);
    });

    it("signs in an existing member with their role unchanged", async () => {
      const { idp, org, owner, provider } = await makeSamlSetup();
      const member = await makeMember(org.id, "review");
      const acs = await login(idp, provider, member.user.email);
      expect(acs.status, acs.text).toBe(303);
      const token = await call("POST", "/sso/token", { body: { code: codeOf(acs.location) } });
      expect(token.body.user.id).toBe(member.user.id);
      const read = await as(owner.token).get(`/orgs/${org.id}/members/${member.user.id}`);
      expect(read.body.role).toBe("review");
      expect(read.body.sso).toBe(true);
    });
  });
  describe("the one-time code", () => {
    it("is single use", async () => {
      const { idp, provider } = await makeSamlSetup();
      const acs = await login(idp, provider, ssoEmail());
      const code = codeOf(acs.location);
      expect((await call("POST", "/sso/token", { body: { code } })).status).toBe(200);
      const again = await call("POST", "/sso/token", { body: { code } });
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe(401);
    });

    it("expires after 60 seconds", async () => {
      const { idp, provider } = await makeSamlSetup();
      const acs = await login(idp, provider, ssoEmail());
      const code = codeOf(acs.location);
      const digest = await sha256Hex(code);
      const [row] = await testDb().select().from(ssoCodes).where(eq(ssoCodes.digest, digest));
      expect(Date.parse(row!.expiresAt) - Date.parse(row!.createdAt)).toBe(60_000);
      await testDb()
        .update(ssoCodes)
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where(eq(ssoCodes.digest, row!.digest));
      expect((await call("POST", "/sso/token", { body: { code } })).status).toBe(401);
    });

    it("stores only a digest, and refuses unknown or malformed codes", async () => {
      const { idp, provider } = await makeSamlSetup();
      const acs = await login(idp, provider, ssoEmail());
      const code = codeOf(acs.location);
      const rows = await testDb().select().from(ssoCodes);
      expect(rows.some((r) => r.digest === code)).toBe(false);
      expect((await call("POST", "/sso/token", { body: { code: "nope" } })).status).toBe(401);
      const bad = await call("POST", "/sso/token", { body: {} });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toContain("code");
    });
  });
});

describe("purge", () => {
  beforeAll(emptyStorage);
  describe("the scheduled SSO purge", () => {
    it("deletes expired requests, codes and replay-cache entries, and keeps live ones", async () => {
      const { idp, provider } = await makeSamlSetup();
      const { request } = await startLogin(idp, provider);
      const samlResponse = await idp.response({
        spEntityID: provider.service.entityID,
        acsURL: provider.service.acsURL,
        nameID: ssoEmail(),
        inResponseTo: request!.id,
      });
      expect((await postAcs(provider, samlResponse, request!.relayState)).status).toBe(303);
      await startLogin(idp, provider);
      expect(await stateCounts()).toEqual({ requests: 1, codes: 1, assertions: 1 });

      const now = await runScheduled(env, Date.now());
      expect(now.sso).toEqual({
        requests: 0,
        codes: 0,
        assertions: 0,
        oidcStates: 0,
        passkeyChallenges: 0,
      });
      expect(await stateCounts()).toEqual({ requests: 1, codes: 1, assertions: 1 });

      // An hour later the request (10 min), the code (60 s) and the assertion (5 min) are expired.
      const later = await runScheduled(env, Date.now() + 3600_000);
      expect(later.sso).toEqual({
        requests: 1,
        codes: 1,
        assertions: 1,
        oidcStates: 0,
        passkeyChallenges: 0,
      });
      expect(await stateCounts()).toEqual({ requests: 0, codes: 0, assertions: 0 });
    });

    it("keeps an assertion id while its assertion would still be accepted (expiry plus skew)", async () => {
      const { idp, provider } = await makeSamlSetup();
      const nameID = ssoEmail();
      const respond = async (inResponseTo: string) =>
        idp.response({
          spEntityID: provider.service.entityID,
          acsURL: provider.service.acsURL,
          nameID,
          inResponseTo,
          assertionId: "_withinskew01",
          now: new Date(Date.now() - 300_000),
          notBefore: new Date(Date.now() - 300_000),
          // Expired a minute ago: still accepted within the 3 minutes of skew.
          notOnOrAfter: new Date(Date.now() - 60_000),
        });
      const first = await startLogin(idp, provider);
      const accepted = await postAcs(
        provider,
        await respond(first.request!.id),
        first.request!.relayState,
      );
      expect(accepted.status, accepted.text).toBe(303);
      const [cached] = await testDb()
        .select()
        .from(ssoAssertions)
        .where(eq(ssoAssertions.assertionId, "_withinskew01"));
      expect(Date.parse(cached!.expiresAt)).toBeGreaterThan(Date.now() + 60_000);

      await runScheduled(env, Date.now());
      const again = await startLogin(idp, provider);
      const replay = await postAcs(
        provider,
        await respond(again.request!.id),
        again.request!.relayState,
      );
      expect(replay.status).toBe(403);
      expect(replay.text).toContain("already used");
    });
  });
});
