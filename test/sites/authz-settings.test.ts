// Authorization matrices of share links, adaptive schema and visitor-auth settings.
import { authorizationMatrix } from "../helpers/authz";
import {
  makeShareLink,
  makeSite,
  siteMatrix,
  siteWithSchema,
  siteWithSpaces,
} from "../helpers/sites-factories";

siteMatrix({
  name: "GET share-links",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/share-links",
  minimumRole: "read",
  scope: "site:auth:read",
  success: 200,
});

siteMatrix({
  name: "POST share-links",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/share-links",
  body: () => ({ name: "Review" }),
  minimumRole: "create",
  scope: "site:auth:write",
  success: 201,
});

siteMatrix({
  name: "GET adaptive-schema",
  setup: siteWithSchema,
  method: "GET",
  path: () => "/adaptive-schema",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "GET template-conditions",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/adaptive-schema/template-conditions",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "PUT adaptive-schema",
  setup: siteWithSpaces,
  method: "PUT",
  path: () => "/adaptive-schema",
  body: () => ({ jsonSchema: { type: "object", properties: {}, additionalProperties: false } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "GET publishing/auth",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/publishing/auth",
  minimumRole: "admin",
  scope: "site:auth:read",
  success: 200,
});

siteMatrix({
  name: "PATCH publishing/auth",
  setup: siteWithSpaces,
  method: "PATCH",
  path: () => "/publishing/auth",
  body: () => ({ backend: "custom" }),
  minimumRole: "admin",
  scope: "site:auth:write",
  success: 200,
});

siteMatrix({
  name: "POST publishing/auth/regenerate",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/publishing/auth/regenerate",
  minimumRole: "admin",
  scope: "site:auth:write",
  success: 200,
});

// Share links: a real link per world, so the update succeeds.
authorizationMatrix("PATCH /v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}", {
  setup: async (w) => {
    const site = await makeSite(w.org.id, w.owner);
    return { site, link: await makeShareLink(site.id) };
  },
  request: (w, s) => ({
    method: "PATCH",
    path: `/orgs/${w.org.id}/sites/${s.site.id}/share-links/${s.link.id}`,
    body: { active: false },
  }),
  missing: (_w, s) => ({
    method: "PATCH",
    path: `/orgs/doesnotexist/sites/${s.site.id}/share-links/${s.link.id}`,
    body: { active: false },
  }),
  minimumRole: "create",
  scope: "site:auth:write",
  success: 200,
});

authorizationMatrix("DELETE /v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}", {
  setup: async (w) => {
    const site = await makeSite(w.org.id, w.owner);
    return { site, link: await makeShareLink(site.id) };
  },
  request: (w, s) => ({
    method: "DELETE",
    path: `/orgs/${w.org.id}/sites/${s.site.id}/share-links/${s.link.id}`,
  }),
  missing: (_w, s) => ({
    method: "DELETE",
    path: `/orgs/doesnotexist/sites/${s.site.id}/share-links/${s.link.id}`,
  }),
  minimumRole: "create",
  scope: "site:auth:write",
  success: 204,
});
