import { authorizationMatrix } from "../helpers/authz";
import { makeSpec, smallSpecText, waitProcessed } from "../helpers/openapi-factories";
import type { World } from "../helpers/authz";

const text = { source: { text: smallSpecText() } };

/** A processed spec owned by the organization's admin. */
async function processed(w: World) {
  await makeSpec(w.owner.token, w.org.id, "spec");
  return waitProcessed(w.owner.token, w.org.id, "spec");
}

authorizationMatrix("GET /v1/orgs/{organizationId}/openapi", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi` }),
  minimumRole: "read",
  scope: "openapi:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/openapi", {
  request: (w) => ({
    method: "POST",
    path: `/orgs/${w.org.id}/openapi`,
    body: { slug: "new", ...text },
  }),
  missing: () => ({
    method: "POST",
    path: `/orgs/doesnotexist/openapi`,
    body: { slug: "new", ...text },
  }),
  minimumRole: "create",
  scope: "openapi:write",
  success: 201,
});

authorizationMatrix("PUT /v1/orgs/{organizationId}/openapi/{specSlug}", {
  request: (w) => ({ method: "PUT", path: `/orgs/${w.org.id}/openapi/new`, body: text }),
  missing: () => ({ method: "PUT", path: `/orgs/doesnotexist/openapi/new`, body: text }),
  minimumRole: "create",
  scope: "openapi:write",
  // Each successful case runs in a fresh world, where the slug is new: created.
  success: 201,
});

authorizationMatrix("GET /v1/orgs/{organizationId}/openapi/{specSlug}", {
  setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi/spec` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi/spec` }),
  minimumRole: "read",
  scope: "openapi:read",
  success: 200,
});

authorizationMatrix("PATCH /v1/orgs/{organizationId}/openapi/{specSlug}", {
  setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
  request: (w) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/openapi/spec`,
    body: { visibility: "public" },
  }),
  missing: () => ({
    method: "PATCH",
    path: `/orgs/doesnotexist/openapi/spec`,
    body: { visibility: "public" },
  }),
  minimumRole: "create",
  scope: "openapi:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/openapi/{specSlug}", {
  setup: (w) => makeSpec(w.owner.token, w.org.id, "spec"),
  request: (w) => ({ method: "DELETE", path: `/orgs/${w.org.id}/openapi/spec` }),
  missing: () => ({ method: "DELETE", path: `/orgs/doesnotexist/openapi/spec` }),
  minimumRole: "create",
  scope: "openapi:write",
  success: 204,
});

for (const suffix of [
  "/versions",
  "/versions/latest",
  "/versions/latest/content",
  "/versions/latest/content/raw",
]) {
  authorizationMatrix(`GET /v1/orgs/{organizationId}/openapi/{specSlug}${suffix}`, {
    setup: processed,
    request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/openapi/spec${suffix}` }),
    missing: () => ({ method: "GET", path: `/orgs/doesnotexist/openapi/spec${suffix}` }),
    minimumRole: "read",
    scope: "openapi:read",
    success: 200,
  });
}

for (const suffix of ["", "/content"]) {
  authorizationMatrix(`GET /v1/orgs/{organizationId}/openapi/{specSlug}/versions/{id}${suffix}`, {
    setup: processed,
    request: (w, spec) => ({
      method: "GET",
      path: `/orgs/${w.org.id}/openapi/spec/versions/${spec.lastVersion}${suffix}`,
    }),
    missing: (_w, spec) => ({
      method: "GET",
      path: `/orgs/doesnotexist/openapi/spec/versions/${spec.lastVersion}${suffix}`,
    }),
    minimumRole: "read",
    scope: "openapi:read",
    success: 200,
  });
}
