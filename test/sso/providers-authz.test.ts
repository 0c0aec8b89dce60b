import { authorizationMatrix, type World } from "../helpers/authz";
import { as } from "../helpers/api";
import { createTestIdp, type TestIdp } from "../helpers/saml-idp";
import { createProvider, providerBody, type WireProvider } from "../helpers/sso-factories";

let idp: TestIdp | undefined;
/** One test IdP for the whole file (its certificate is all these tests need). */
async function sharedIdp(): Promise<TestIdp> {
  idp ??= await createTestIdp();
  return idp;
}

/** A provider in the world's organization. */
async function withProvider(w: World): Promise<WireProvider> {
  return createProvider(w.owner, w.org.id, providerBody(await sharedIdp()));
}

authorizationMatrix("GET /v1/orgs/{organizationId}/saml", {
  setup: withProvider,
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/saml` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/saml` }),
  minimumRole: "admin",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/saml", {
  setup: async () => providerBody(await sharedIdp()),
  request: (w, body) => ({ method: "POST", path: `/orgs/${w.org.id}/saml`, body }),
  missing: (_w, body) => ({ method: "POST", path: `/orgs/doesnotexist/saml`, body }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 201,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/saml/{samlProviderId}", {
  setup: withProvider,
  request: (w, p) => ({ method: "GET", path: `/orgs/${w.org.id}/saml/${p.id}` }),
  missing: (_w, p) => ({ method: "GET", path: `/orgs/doesnotexist/saml/${p.id}` }),
  minimumRole: "admin",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}", {
  setup: withProvider,
  request: (w, p) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/saml/${p.id}`,
    body: { label: "Renamed" },
  }),
  missing: (_w, p) => ({
    method: "PATCH",
    path: `/orgs/doesnotexist/saml/${p.id}`,
    body: { label: "Renamed" },
  }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}", {
  setup: withProvider,
  request: (w, p) => ({ method: "DELETE", path: `/orgs/${w.org.id}/saml/${p.id}` }),
  missing: (_w, p) => ({ method: "DELETE", path: `/orgs/doesnotexist/saml/${p.id}` }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 204,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/members/{userId}/sso", {
  request: (w) => ({
    method: "POST",
    path: `/orgs/${w.org.id}/members/${w.roles.read.user.id}/sso`,
  }),
  missing: (w) => ({
    method: "POST",
    path: `/orgs/doesnotexist/members/${w.roles.read.user.id}/sso`,
  }),
  minimumRole: "admin",
  scope: "organization:members:write",
  success: 200,
});

// An organization's e-mail domains and their verification (src/routes/organizations/domains.ts).
const DOMAIN = "authz.example";

/** The world's organization lists a domain. */
async function withDomain(w: World): Promise<void> {
  const res = await as(w.owner.token).post(`/orgs/${w.org.id}/domains`, { domain: DOMAIN });
  if (res.status !== 201) throw new Error(`domain not added: ${res.text}`);
}

authorizationMatrix("GET /v1/orgs/{organizationId}/domains", {
  setup: withDomain,
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/domains` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/domains` }),
  minimumRole: "admin",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/domains", {
  request: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/domains`, body: { domain: DOMAIN } }),
  missing: () => ({ method: "POST", path: `/orgs/doesnotexist/domains`, body: { domain: DOMAIN } }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 201,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/domains/{domain}/check", {
  setup: withDomain,
  request: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/domains/${DOMAIN}/check` }),
  missing: () => ({ method: "POST", path: `/orgs/doesnotexist/domains/${DOMAIN}/check` }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/domains/{domain}", {
  setup: withDomain,
  request: (w) => ({ method: "DELETE", path: `/orgs/${w.org.id}/domains/${DOMAIN}` }),
  missing: () => ({ method: "DELETE", path: `/orgs/doesnotexist/domains/${DOMAIN}` }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 204,
});
