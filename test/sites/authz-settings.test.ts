// Authorization matrices of share links, adaptive schema, visitor-auth settings and permissions.
import { authorizationMatrix, type World } from "../helpers/authz";
import { contentGrants } from "../../src/db/schema";
import { testDb } from "../helpers/factories";
import { makeBareTeam } from "../helpers/collections-factories";
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
