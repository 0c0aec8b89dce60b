import { authorizationMatrix, type World } from "../helpers/authz";
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
