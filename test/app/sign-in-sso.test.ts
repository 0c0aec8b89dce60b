import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, appFetch } from "../helpers/app-fetch";
import { testDb } from "../helpers/factories";
import { setOrg, uniqueDomain } from "../helpers/organizations-factories";
import { makeSamlSetup } from "../helpers/sso-factories";
import { createOidcProvider } from "../../src/services/oidc/providers";

/**
 * Single sign-on on the sign-in screen (app/src/screens/sign-in/sso-view.tsx) through the app's
 * entry and the real API: an address on an organization's domain is offered its providers before
 * any mail is sent; `/sign-in?org=<id>` lists them; enforced SSO leaves only them.
 */

/** A signed-out browser's post of the sign-in screen's e-mail form. */
function postEmail(email: string, extra: Record<string, string> = {}) {
  return appFetch("/sign-in/email", {
    method: "POST",
    headers: { Origin: APP_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: "", email, next: "/account", ...extra }).toString(),
  });
}

/** An organization on a fresh domain with a SAML and an OIDC provider. */
async function ssoWorld() {
  const domain = uniqueDomain();
  const { org, provider } = await makeSamlSetup({}, { emailDomains: [domain] });
  const oidc = await createOidcProvider(testDb(), env.SIGNING_SECRET, {
    organizationId: org.id,
    title: "Acme Login",
    issuer: "https://idp.example.test",
    clientId: "client",
    clientSecret: "secret",
    defaultRole: null,
  });
  return { domain, org, provider, oidc };
}

describe("single sign-on on the sign-in screen", () => {
  it("offers an address on an organization's domain its providers before sending mail", async () => {
    const { domain, org, provider, oidc } = await ssoWorld();
    const offered = await postEmail(`someone@${domain}`);
    expect(offered.res.status).toBe(200);
    expect(offered.paths).toEqual(["GET /v1/sessions/ways/sso"]);
    expect(offered.text).toContain(`${org.title} uses single sign-on.`);
    // The start URL on the app's origin (the app passes /sso/saml/* to the API).
    expect(offered.text).toContain(`href="${APP_ORIGIN}/sso/saml/${provider.id}/start"`);
    expect(offered.text).toContain(`Continue with ${provider.label}`);
    expect(offered.text).toContain(
      `href="/sign-in/oidc/${encodeURIComponent(`org:${oidc.id}`)}?next=%2Faccount"`,
    );
    expect(offered.text).toContain("Send me a sign-in link instead");
    // The link after all: the same form, told to skip the SSO step.
    const skipped = await postEmail(`someone@${domain}`, { sso: "skip" });
    expect(skipped.res.status).toBe(303);
    expect(skipped.paths).toEqual(["POST /v1/sessions/email"]);
    // Another domain: straight to the mail, as before.
    const plain = await postEmail(`someone@${uniqueDomain()}`);
    expect(plain.res.status).toBe(303);
    expect(plain.paths).toEqual(["GET /v1/sessions/ways/sso", "POST /v1/sessions/email"]);
  });

  it("offers only the SSO of an organization that enforces it", async () => {
    const { domain, org } = await ssoWorld();
    await setOrg(org.id, { sso: true });
    const offered = await postEmail(`someone@${domain}`);
    expect(offered.text).toContain(`Members of ${org.title} sign in with its single sign-on only.`);
    expect(offered.text).not.toContain("Send me a sign-in link instead");
  });

  it("lists an organization's providers on /sign-in?org=<id>, only them when enforced", async () => {
    const { org, provider } = await ssoWorld();
    const listed = await appFetch(`/sign-in?org=${org.id}`);
    expect(listed.res.status).toBe(200);
    expect(listed.text).toContain(`Continue with ${provider.label}`);
    expect(listed.text).toContain('action="/sign-in/email"');
    await setOrg(org.id, { sso: true });
    const only = await appFetch(`/sign-in?org=${org.id}&next=%2Faccount`);
    expect(only.text).toContain(`Continue with ${provider.label}`);
    expect(only.text).not.toContain('action="/sign-in/email"');
    expect(only.text).toContain('href="/sign-in?next=%2Faccount"');
    const unknown = await appFetch(`/sign-in?org=doesnotexist00000000`);
    expect(unknown.res.status).toBe(200);
    expect(unknown.text).not.toContain("Single sign-on");
  });
});
