// Authorization matrices of the site routes: list, create, read, update, delete, publish, structure.
import { authorizationMatrix } from "../helpers/authz";
import { siteMatrix, siteWithSpaces } from "../helpers/sites-factories";

authorizationMatrix("GET /v1/orgs/{organizationId}/sites", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/sites` }),
  missing: () => ({ method: "GET", path: `/orgs/doesnotexist/sites` }),
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

authorizationMatrix("POST /v1/orgs/{organizationId}/sites", {
  request: (w) => ({ method: "POST", path: `/orgs/${w.org.id}/sites`, body: { title: "Docs" } }),
  missing: () => ({ method: "POST", path: `/orgs/doesnotexist/sites`, body: { title: "Docs" } }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});

siteMatrix({
  name: "GET site",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "PATCH site",
  setup: siteWithSpaces,
  method: "PATCH",
  path: () => "",
  body: () => ({ title: "New" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "DELETE site",
  setup: siteWithSpaces,
  method: "DELETE",
  path: () => "",
  minimumRole: "admin",
  scope: "site:write",
  success: 204,
});

siteMatrix({
  name: "POST publish",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/publish",
  minimumRole: "create",
  scope: "site:publish",
  success: 200,
});

siteMatrix({
  name: "POST unpublish",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/unpublish",
  minimumRole: "create",
  scope: "site:publish",
  success: 200,
});

siteMatrix({
  name: "GET structure",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/structure",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "PATCH structure/sort",
  setup: siteWithSpaces,
  method: "PATCH",
  path: () => "/structure/sort",
  body: (s) => ({
    item: { type: "site-space", id: s.a.id },
    position: { after: { type: "site-space", id: s.b.id } },
  }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "GET published",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/published",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
  hiddenBelow: true,
});
