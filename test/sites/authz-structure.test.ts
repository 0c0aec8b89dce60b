// Authorization matrices of the site-space and section routes.
import { siteMatrix, siteWithSections, siteWithSpaces } from "../helpers/sites-factories";

siteMatrix({
  name: "GET site-spaces",
  setup: siteWithSpaces,
  method: "GET",
  path: () => "/site-spaces",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "POST site-spaces",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/site-spaces",
  body: (s) => ({ spaceId: s.a.spaceId }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});

siteMatrix({
  name: "PATCH site-space",
  setup: siteWithSpaces,
  method: "PATCH",
  path: (s) => `/site-spaces/${s.a.id}`,
  body: () => ({ path: "renamed" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "DELETE site-space",
  setup: siteWithSpaces,
  method: "DELETE",
  path: (s) => `/site-spaces/${s.a.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});

siteMatrix({
  name: "POST site-space move",
  setup: siteWithSpaces,
  method: "POST",
  path: (s) => `/site-spaces/${s.a.id}/move`,
  body: (s) => ({ position: { after: { type: "site-space", siteSpace: s.b.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "GET sections",
  setup: siteWithSections,
  method: "GET",
  path: () => "/sections",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "POST sections",
  setup: siteWithSpaces,
  method: "POST",
  path: () => "/sections",
  body: (s) => ({ spaceId: s.a.spaceId, title: "Guides" }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});

siteMatrix({
  name: "PATCH section",
  setup: siteWithSections,
  method: "PATCH",
  path: (s) => `/sections/${s.s1.id}`,
  body: () => ({ title: "Renamed" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "DELETE section",
  setup: siteWithSections,
  method: "DELETE",
  path: (s) => `/sections/${s.s1.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});

siteMatrix({
  name: "POST section move",
  setup: siteWithSections,
  method: "POST",
  path: (s) => `/sections/${s.s1.id}/move`,
  body: (s) => ({ position: { after: { type: "site-section", siteSection: s.s2.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
