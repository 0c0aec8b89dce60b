import { authorizationMatrix, type World } from "../helpers/authz";
import {
  makeShareLink,
  makeSite,
  siteMatrix,
  siteWithSchema,
  siteWithSpaces,
  siteWithSections,
} from "../helpers/sites-factories";
import { as } from "../helpers/api";
import { describe, beforeAll } from "vitest";
import { emptyStorage } from "../helpers/storage";
import { contentGrants } from "../../src/db/schema";
import { testDb } from "../helpers/factories";
import { makeBareTeam } from "../helpers/collections-factories";

describe("authz-settings", () => {
  // Authorization matrices of share links, adaptive schema and visitor-auth settings.
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
    repeatable: true,
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
    repeatable: true,
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
    repeatable: true,
  });

  siteMatrix({
    name: "POST publishing/auth/regenerate",
    setup: siteWithSpaces,
    method: "POST",
    path: () => "/publishing/auth/regenerate",
    minimumRole: "admin",
    scope: "site:auth:write",
    success: 200,
    repeatable: true,
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
    repeatable: true,
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

  /** A site with a grant to the world's guest and to a team (its permissions to change). */
  async function siteWithGrants(w: World) {
    const site = await makeSite(w.org.id, w.owner);
    const teamId = await makeBareTeam(w.org.id, []);
    const createdAt = new Date().toISOString();
    const on = { resourceType: "site" as const, resourceId: site.id, role: "read" as const };
    await testDb()
      .insert(contentGrants)
      .values([
        { ...on, principalType: "user", principalId: w.guest.user.id, createdAt },
        { ...on, principalType: "team", principalId: teamId, createdAt },
      ]);
    return { site, userId: w.guest.user.id, teamId, memberId: w.roles.read.user.id };
  }

  for (const list of ["users", "teams", "aggregate"]) {
    siteMatrix({
      name: `GET permissions/${list}`,
      setup: siteWithGrants,
      method: "GET",
      path: () => `/permissions/${list}`,
      minimumRole: "read",
      scope: "site:permissions:read",
      success: 200,
    });
  }

  siteMatrix({
    name: "POST permissions",
    setup: siteWithGrants,
    method: "POST",
    path: () => "/permissions",
    body: (s) => ({ users: [s.memberId], role: "edit" }),
    minimumRole: "admin",
    scope: "site:permissions:write",
    success: 204,
  });

  for (const [method, success] of [
    ["PATCH", 204],
    ["DELETE", 205],
  ] as const) {
    siteMatrix({
      name: `${method} permissions/users/{userId}`,
      setup: siteWithGrants,
      method,
      path: (s) => `/permissions/users/${s.userId}`,
      body: method === "PATCH" ? () => ({ role: "comment" }) : undefined,
      minimumRole: "admin",
      scope: "site:permissions:write",
      success,
    });
    siteMatrix({
      name: `${method} permissions/teams/{teamId}`,
      setup: siteWithGrants,
      method,
      path: (s) => `/permissions/teams/${s.teamId}`,
      body: method === "PATCH" ? () => ({ role: "comment" }) : undefined,
      minimumRole: "admin",
      scope: "site:permissions:write",
      success,
    });
  }
});

describe("authz-structure", () => {
  beforeAll(emptyStorage);
  // Authorization matrices of the site-space and section routes.
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
    repeatable: true,
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
    repeatable: true,
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
    repeatable: true,
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
});

describe("authz-sites", () => {
  beforeAll(emptyStorage);
  // Authorization matrices of the site routes: list, create, read, update, delete, publish, structure.
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
    repeatable: true,
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
});

describe("redirects-authz", () => {
  beforeAll(emptyStorage);
  // Authorization matrices of the site redirect operations, the redirect lookup and site insights.
  /** Matrix state: `siteWithSpaces` plus one live redirect to its first site space. */
  async function siteWithRedirect(w: World) {
    const state = await siteWithSpaces(w);
    const redirect = (
      await as(w.owner.token).post(`/orgs/${w.org.id}/sites/${state.site.id}/redirects`, {
        source: "/old",
        destination: { kind: "site-space", siteSpaceId: state.a.id },
      })
    ).body;
    return { ...state, redirect };
  }

  siteMatrix({
    name: "GET redirects",
    setup: siteWithRedirect,
    method: "GET",
    path: () => "/redirects",
    minimumRole: "read",
    scope: "site:read",
    success: 200,
  });

  siteMatrix({
    name: "POST redirects",
    setup: siteWithSpaces,
    method: "POST",
    path: () => "/redirects",
    body: (s) => ({ source: "/new", destination: { kind: "site-space", siteSpaceId: s.b.id } }),
    minimumRole: "create",
    scope: "site:write",
    success: 201,
  });

  siteMatrix({
    name: "PUT redirects",
    setup: siteWithSpaces,
    method: "PUT",
    path: () => "/redirects",
    body: () => ({
      redirects: [{ source: "/x", destination: { kind: "external", url: "https://example.com/" } }],
    }),
    minimumRole: "create",
    scope: "site:write",
    success: 200,
    repeatable: true,
  });

  siteMatrix({
    name: "PATCH redirects/{siteRedirectId}",
    setup: siteWithRedirect,
    method: "PATCH",
    path: (s) => `/redirects/${s.redirect.id}`,
    body: () => ({ permanent: true }),
    minimumRole: "create",
    scope: "site:write",
    success: 200,
    repeatable: true,
  });

  siteMatrix({
    name: "DELETE redirects/{siteRedirectId}",
    setup: siteWithRedirect,
    method: "DELETE",
    path: (s) => `/redirects/${s.redirect.id}`,
    minimumRole: "create",
    scope: "site:write",
    success: 204,
  });

  // The site is not published: only members read its redirects (others see no site at all).
  siteMatrix({
    name: "GET redirect?source=",
    setup: siteWithRedirect,
    method: "GET",
    path: () => "/redirect",
    query: { source: "/old" },
    minimumRole: "read",
    scope: "site:read",
    success: 200,
    hiddenBelow: true,
  });

  // Insights: tracking is open to anonymous readers of published sites (test/sites/insights.test.ts).
  siteMatrix({
    name: "POST insights/events/aggregate",
    setup: siteWithSpaces,
    method: "POST",
    path: () => "/insights/events/aggregate",
    body: () => ({ range: "last7Days" }),
    minimumRole: "read",
    scope: "site:read",
    success: 200,
    repeatable: true,
  });
});

describe("authz-groups", () => {
  beforeAll(emptyStorage);
  // Authorization matrices of the section-group routes.
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
    repeatable: true,
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
});
