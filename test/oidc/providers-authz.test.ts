import { authorizationMatrix, type World } from "../helpers/authz";
import { as } from "../helpers/api";

/** An organization OIDC provider's body: the suite's real oidc-provider behind `idp.example.com`. */
const BODY = {
  title: "Corp SSO",
  issuer: "https://idp.example.com",
  clientId: "quire-org",
  clientSecret: "org-secret",
};

/** A provider in the world's organization, made by its owner. */
async function withProvider(w: World): Promise<{ id: string }> {
  const res = await as(w.owner.token).post(`/orgs/${w.org.id}/oidc-providers`, BODY);
  if (res.status !== 201) throw new Error(`provider not created: ${res.text}`);
  return res.body as { id: string };
}

authorizationMatrix("GET /v1/orgs/{organizationId}/oidc-providers", {
  setup: withProvider,
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/oidc-providers` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/oidc-providers` }),
  minimumRole: "admin",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/oidc-providers", {
  request: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/oidc-providers`, body: BODY }),
  missing: () => ({ method: "POST", path: `/orgs/doesnotexist/oidc-providers`, body: BODY }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 201,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/oidc-providers/{oidcProviderId}", {
  setup: withProvider,
  request: (w, p) => ({ method: "GET", path: `/orgs/${w.org.id}/oidc-providers/${p.id}` }),
  missing: (_w, p) => ({ method: "GET", path: `/orgs/doesnotexist/oidc-providers/${p.id}` }),
  minimumRole: "admin",
  scope: "organization:read",
  success: 200,
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}/oidc-providers/{oidcProviderId}", {
  setup: withProvider,
  request: (w, p) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/oidc-providers/${p.id}`,
    body: { title: "Renamed" },
  }),
  missing: (_w, p) => ({
    method: "PATCH",
    path: `/orgs/doesnotexist/oidc-providers/${p.id}`,
    body: { title: "Renamed" },
  }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/oidc-providers/{oidcProviderId}", {
  setup: withProvider,
  request: (w, p) => ({ method: "DELETE", path: `/orgs/${w.org.id}/oidc-providers/${p.id}` }),
  missing: (_w, p) => ({ method: "DELETE", path: `/orgs/doesnotexist/oidc-providers/${p.id}` }),
  minimumRole: "admin",
  scope: "organization:write",
  success: 204,
});
