// Authorization matrices of the section-group routes.
import { siteMatrix, siteWithSections } from "../helpers/sites-factories";

siteMatrix({
  name: "GET section-groups",
  setup: siteWithSections,
  method: "GET",
  path: () => "/section-groups",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});

siteMatrix({
  name: "POST section-groups",
  setup: siteWithSections,
  method: "POST",
  path: () => "/section-groups",
  body: (s) => ({ title: "G", sections: [s.s1.id] }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});

siteMatrix({
  name: "PATCH section-group",
  setup: siteWithSections,
  method: "PATCH",
  path: (s) => `/section-groups/${s.group.id}`,
  body: () => ({ title: "G2" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "DELETE section-group",
  setup: siteWithSections,
  method: "DELETE",
  path: (s) => `/section-groups/${s.group.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});

siteMatrix({
  name: "POST section-group sections",
  setup: siteWithSections,
  method: "POST",
  path: (s) => `/section-groups/${s.group.id}/sections`,
  body: (s) => ({ sectionId: s.s1.id }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});

siteMatrix({
  name: "DELETE section-group section",
  setup: siteWithSections,
  method: "DELETE",
  path: (s) => `/section-groups/${s.group.id}/sections/${s.s1.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});

siteMatrix({
  name: "POST section-group move",
  setup: siteWithSections,
  method: "POST",
  path: (s) => `/section-groups/${s.group.id}/move`,
  body: (s) => ({ position: { before: { type: "site-section", id: s.s1.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
