import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { makeTeam } from "../helpers/teams-factories";
import { createTestIdp } from "../helpers/saml-idp";
import {
  createProvider,
  makeCertificate,
  providerBody,
  providerRow,
} from "../helpers/sso-factories";

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
