import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { memberRemovals, ssoCodes } from "../../src/db/schema";
import { sha256Hex } from "../../src/lib/crypto";
import { as, call } from "../helpers/api";
import { makeMember, makeUser, testDb } from "../helpers/factories";
import { setDisabled } from "../helpers/organizations-factories";
import {
  codeOf,
  makeSamlSetup,
  postAcs,
  providerRow,
  provisioningCounts,
  samlLogin as login,
  ssoEmail,
  type WireProvider,
} from "../helpers/sso-factories";
import type { TestIdp } from "../helpers/saml-idp";

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
    expect((await as(owner.token).delete(`/orgs/${org.id}/members/${person.user.id}`)).status).toBe(
      204,
    );
    const refused = await login(idp, provider, email);
    expect(refused.status).toBe(403);
  });

  it("keeps a removal made after the checks read (the provisioning batch re-checks it)", async () => {
    const { org, owner, provider } = await makeSamlSetup();
    const email = ssoEmail();
    const person = await makeUser({ email });
    const { addMember } = await import("../../src/services/organizations/organizations");
    await addMember(testDb(), { organizationId: org.id, userId: person.user.id, role: "read" });
    expect((await as(owner.token).delete(`/orgs/${org.id}/members/${person.user.id}`)).status).toBe(
      204,
    );
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
