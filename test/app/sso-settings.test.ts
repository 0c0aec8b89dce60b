import { describe, expect, it } from "vitest";
import { appFetch, postForm, screenOf } from "../helpers/app-fetch";
import { call } from "../helpers/api";
import { makeMember, makeOrg } from "../helpers/factories";
import { readOrg } from "../helpers/organizations-factories";
import { createTestIdp } from "../helpers/saml-idp";
import { publishTxt } from "../helpers/domains";
import { uniqueDomain } from "../helpers/organizations-factories";
import { makeSession } from "../helpers/sessions";
import { readIdpMetadata } from "../../app/src/screens/org-settings/saml-metadata";

/**
 * The single sign-on part of an organization's sign-in settings (app/src/screens/org-settings/)
 * through the app's entry and the real API: a SAML provider added from pasted metadata XML and
 * removed, SSO required and no longer; an OIDC provider added by its issuer's discovery (the real
 * provider of test/network/oidc.ts), its secret never shown back, offered on `/sign-in?org=` beside
 * the SAML one, and removed; an OIDC provider's refusal shown; a non-admin sees none of it; an
 * e-mail domain added, its TXT record shown to copy, checked once published, and removed.
 */

/** An IdP's metadata document as IdPs publish it (namespaced, a signing key, two bindings). */
function metadataOf(idp: { entityID: string; ssoURL: string; certificatePem: string }) {
  const body = idp.certificatePem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${idp.entityID}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="encryption"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>AAAA</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>
      ${body}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.example/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${idp.ssoURL}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

describe("the single sign-on settings screen", () => {
  it("reads an IdP's metadata, and names what it lacks", async () => {
    const idp = await createTestIdp();
    const read = readIdpMetadata(metadataOf(idp));
    expect(read).toMatchObject({ ok: true, entityID: idp.entityID, ssoURL: idp.ssoURL });
    if (!read.ok) throw new Error("unreadable");
    const strip = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s+/g, "");
    expect(strip(read.certificate)).toBe(strip(idp.certificatePem));
    expect(readIdpMetadata("<EntityDescriptor entityID='x'/>")).toEqual({
      ok: false,
      missing: "SingleSignOnService with the HTTP-Redirect binding",
    });
    expect(readIdpMetadata("not xml")).toMatchObject({ ok: false });
  });

  it("adds a SAML provider from metadata, requires SSO, and removes the provider", async () => {
    const { org, owner } = await makeOrg();
    const admin = await makeSession(owner.user.id);
    const base = `/org/${org.id}/settings/sign-in`;
    const idp = await createTestIdp();
    const added = await postForm(admin, `${base}/saml`, {
      label: "Okta",
      metadata: metadataOf(idp),
    });
    expect(added.res.status, added.text.slice(0, 500)).toBe(303);
    const screen = await screenOf(admin, base);
    expect(screen.text).toContain("<strong>Okta</strong>");
    expect(screen.text).toContain('aria-label="Add an OpenID Connect provider"');
    expect(screen.text).toContain('aria-label="Require single sign-on"');
    expect(screen.paths).toContain(`GET /v1/orgs/${org.id}/oidc-providers`);

    const on = await postForm(admin, `${base}/enforce`, { sso: "yes" });
    expect(on.res.headers.get("Location")).toBe(`${base}?done=enforced`);
    expect(on.paths).toEqual([`PATCH /v1/orgs/${org.id}`]);
    expect((await readOrg(org.id)).sso).toBe(true);
    await postForm(admin, `${base}/enforce`, {});
    expect((await readOrg(org.id)).sso).toBe(false);

    const id = /action="[^"]*\/saml\/([\w-]+)\/delete"/.exec(screen.text)?.[1];
    expect(id).toBeDefined();
    const removed = await postForm(admin, `${base}/saml/${id}/delete`);
    expect(removed.res.headers.get("Location")).toBe(`${base}?done=saml-removed`);
    expect((await screenOf(admin, base)).text).toContain("No SAML provider.");
  });

  it("adds an OIDC provider by discovery, never shows its secret, offers it, removes it", async () => {
    const { org, owner } = await makeOrg();
    const admin = await makeSession(owner.user.id);
    const base = `/org/${org.id}/settings/sign-in`;
    const idp = await createTestIdp();
    await postForm(admin, `${base}/saml`, { label: "Okta", metadata: metadataOf(idp) });
    const secret = `org-secret-${crypto.randomUUID()}`;
    const added = await postForm(admin, `${base}/oidc`, {
      title: "Corp Login",
      issuer: "https://idp.example.com",
      clientId: "quire-org",
      clientSecret: secret,
      role: "read",
    });
    expect(added.res.status, added.text.slice(0, 500)).toBe(303);
    expect(added.res.headers.get("Location")).toBe(`${base}?done=oidc-added`);
    const screen = await screenOf(admin, `${base}?done=oidc-added`);
    expect(screen.text).toContain("The OpenID Connect provider is added.");
    expect(screen.text).toContain("<strong>Corp Login</strong>");
    expect(screen.text).toContain("<code>https://idp.example.com</code>");
    expect(screen.text).not.toContain(secret);
    const listed = await call("GET", `/orgs/${org.id}/oidc-providers`, { token: owner.token });
    expect(listed.text).not.toContain(secret);

    // Offered beside the SAML provider, by the API and on the sign-in screen's `?org=`.
    const ways = await call("GET", `/sessions/ways/sso?organizationId=${org.id}`);
    const kinds = ways.body.organizations[0].providers.map((p: { kind: string }) => p.kind);
    expect(kinds).toEqual(["saml", "oidc"]);
    const offered = await appFetch(`/sign-in?org=${org.id}`);
    expect(offered.text).toContain("Continue with Okta");
    expect(offered.text).toContain("Continue with Corp Login");

    const id = /action="[^"]*\/oidc\/([\w-]+)\/delete"/.exec(screen.text)?.[1];
    expect(id).toBeDefined();
    const removed = await postForm(admin, `${base}/oidc/${id}/delete`);
    expect(removed.res.headers.get("Location")).toBe(`${base}?done=oidc-removed`);
    expect((await screenOf(admin, base)).text).toContain("No OpenID Connect provider.");
    expect((await appFetch(`/sign-in?org=${org.id}`)).text).not.toContain("Corp Login");
  });

  it("shows refusals on the screen: bad metadata, a malformed OIDC issuer, a non-admin", async () => {
    const { org, owner } = await makeOrg();
    const admin = await makeSession(owner.user.id);
    const base = `/org/${org.id}/settings/sign-in`;
    const bad = await postForm(admin, `${base}/saml`, { label: "X", metadata: "<nothing/>" });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain("The metadata XML has no entityID on its EntityDescriptor");
    expect(bad.paths).not.toContain(`POST /v1/orgs/${org.id}/saml`);
    const oidc = await postForm(admin, `${base}/oidc`, {
      title: "Corp",
      issuer: "not a url",
      clientId: "c",
      clientSecret: "s",
      role: "read",
    });
    expect(oidc.res.status).toBe(400);
    expect(oidc.text).toContain("body.issuer");
    const reader = await makeSession((await makeMember(org.id, "read")).user.id);
    const refused = await postForm(reader, `${base}/enforce`, { sso: "yes" });
    expect(refused.res.status).toBe(403);
    expect((await readOrg(org.id)).sso).toBe(false);
  });

  it("adds an e-mail domain, shows its TXT record, checks it once published, removes it", async () => {
    const { org, owner } = await makeOrg();
    const admin = await makeSession(owner.user.id);
    const base = `/org/${org.id}/settings/sign-in`;
    const domain = uniqueDomain();
    const added = await postForm(admin, `${base}/domains`, { domain });
    expect(added.res.headers.get("Location")).toBe(`${base}?done=domain-added`);
    expect(added.paths).toEqual([`POST /v1/orgs/${org.id}/domains`]);
    const screen = await screenOf(admin, base);
    expect(screen.text).toContain(`<strong>${domain}</strong>`);
    expect(screen.text).toContain("Not verified yet");
    expect(screen.text).toContain(`value="_quire.${domain}"`);
    const value = /value="(quire-verification=[0-9a-f]+)"/.exec(screen.text)?.[1];
    expect(value).toBeDefined();
    await publishTxt(`_quire.${domain}`, [value!]);
    const checked = await postForm(admin, `${base}/domains/${domain}/check`);
    expect(checked.res.headers.get("Location")).toBe(`${base}?done=domain-checked`);
    const after = await screenOf(admin, `${base}?done=domain-checked`);
    expect(after.text).toContain("The domain is checked");
    expect(after.text).toContain("Verified</span>");
    const bad = await postForm(admin, `${base}/domains`, { domain: "not a domain" });
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain("body.domain");
    const removed = await postForm(admin, `${base}/domains/${domain}/delete`);
    expect(removed.res.headers.get("Location")).toBe(`${base}?done=domain-removed`);
    expect((await screenOf(admin, base)).text).toContain("No e-mail domain.");
  });
});
