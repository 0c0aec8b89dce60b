import type { MemberRole } from "../../src/auth/roles";
import type { Scope } from "../../src/auth/scopes";
import { authorizationMatrix, type MatrixRequest, type World } from "../helpers/authz";
import { makeShareLink, makeSite } from "../helpers/sites-factories";
import { as } from "../helpers/api";
import { testDb } from "../helpers/factories";
import { putAdaptiveSchema } from "../../src/services/sites-adaptive";

/** A site with two root site spaces, a section-less structure. */
async function siteWithSpaces(w: World) {
  const site = await makeSite(w.org.id, w.owner, { spaces: 2 });
  const structure = await as(w.owner.token).get(`/orgs/${w.org.id}/sites/${site.id}/structure`);
  const [a, b] = structure.body.structure as { id: string; space: { id: string } }[];
  return { site, a: a!, b: b! };
}

/** A site with two sections and a group. */
async function siteWithSections(w: World) {
  const { site, a } = await siteWithSpaces(w);
  const api = as(w.owner.token);
  const base = `/orgs/${w.org.id}/sites/${site.id}`;
  const s1 = (await api.post(`${base}/sections`, { spaceId: a.space.id, title: "One" })).body;
  const s2 = (await api.post(`${base}/sections`, { spaceId: a.space.id, title: "Two" })).body;
  const group = (await api.post(`${base}/section-groups`, { title: "Group" })).body;
  return { site, s1, s2, group, siteSpace: s1.siteSpaces[0] };
}

type State =
  | Awaited<ReturnType<typeof siteWithSections>>
  | Awaited<ReturnType<typeof siteWithSpaces>>;

interface Case<S> {
  name: string;
  setup: (w: World) => Promise<S>;
  method: string;
  path: (s: S) => string;
  body?: (s: S) => unknown;
  query?: MatrixRequest["query"];
  minimumRole: MemberRole;
  scope: Scope;
  success: number;
  hiddenBelow?: boolean;
}

/** Registers the matrix of one case: `missing` is the same call under a never-existing org. */
function matrix<S extends { site: { id: string } }>(c: Case<S>) {
  authorizationMatrix<S>(c.name, {
    setup: c.setup,
    request: (w, s) => ({
      method: c.method,
      path: `/orgs/${w.org.id}/sites/${s.site.id}${c.path(s)}`,
      body: c.body?.(s),
      query: c.query,
    }),
    missing: (_w, s) => ({
      method: c.method,
      path: `/orgs/doesnotexist/sites/${s.site.id}${c.path(s)}`,
      body: c.body?.(s),
      query: c.query,
    }),
    minimumRole: c.minimumRole,
    scope: c.scope,
    success: c.success,
    hiddenBelow: c.hiddenBelow,
  });
}

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

const spaces = (w: World) => siteWithSpaces(w);
const sections = (w: World) => siteWithSections(w);
const withSchema = async (w: World) => {
  const state = await siteWithSpaces(w);
  await putAdaptiveSchema(testDb(), state.site.id, {
    type: "object",
    properties: { beta: { type: "boolean", description: "Beta user" } },
    additionalProperties: false,
  });
  return state;
};

const cases: Case<State & Record<string, never>>[] = [];
const add = <S extends State>(c: Case<S>) => cases.push(c as never);

add({
  name: "GET site",
  setup: spaces,
  method: "GET",
  path: () => "",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "PATCH site",
  setup: spaces,
  method: "PATCH",
  path: () => "",
  body: () => ({ title: "New" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "DELETE site",
  setup: spaces,
  method: "DELETE",
  path: () => "",
  minimumRole: "admin",
  scope: "site:write",
  success: 204,
});
add({
  name: "POST publish",
  setup: spaces,
  method: "POST",
  path: () => "/publish",
  minimumRole: "create",
  scope: "site:publish",
  success: 200,
});
add({
  name: "POST unpublish",
  setup: spaces,
  method: "POST",
  path: () => "/unpublish",
  minimumRole: "create",
  scope: "site:publish",
  success: 200,
});
add({
  name: "GET structure",
  setup: spaces,
  method: "GET",
  path: () => "/structure",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "PATCH structure/sort",
  setup: spaces,
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
add({
  name: "GET published",
  setup: spaces,
  method: "GET",
  path: () => "/published",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
  hiddenBelow: true,
});
add({
  name: "GET site-spaces",
  setup: spaces,
  method: "GET",
  path: () => "/site-spaces",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "POST site-spaces",
  setup: spaces,
  method: "POST",
  path: () => "/site-spaces",
  body: (s) => ({ spaceId: s.a.space.id }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});
add({
  name: "PATCH site-space",
  setup: spaces,
  method: "PATCH",
  path: (s) => `/site-spaces/${s.a.id}`,
  body: () => ({ path: "renamed" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "DELETE site-space",
  setup: spaces,
  method: "DELETE",
  path: (s) => `/site-spaces/${s.a.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});
add({
  name: "POST site-space move",
  setup: spaces,
  method: "POST",
  path: (s) => `/site-spaces/${s.a.id}/move`,
  body: (s) => ({ position: { after: { type: "site-space", siteSpace: s.b.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "GET sections",
  setup: sections,
  method: "GET",
  path: () => "/sections",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "POST sections",
  setup: spaces,
  method: "POST",
  path: () => "/sections",
  body: (s) => ({ spaceId: s.a.space.id, title: "Guides" }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});
add({
  name: "PATCH section",
  setup: sections,
  method: "PATCH",
  path: (s) => `/sections/${s.s1.id}`,
  body: () => ({ title: "Renamed" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "DELETE section",
  setup: sections,
  method: "DELETE",
  path: (s) => `/sections/${s.s1.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});
add({
  name: "POST section move",
  setup: sections,
  method: "POST",
  path: (s) => `/sections/${s.s1.id}/move`,
  body: (s) => ({ position: { after: { type: "site-section", siteSection: s.s2.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "GET section-groups",
  setup: sections,
  method: "GET",
  path: () => "/section-groups",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "POST section-groups",
  setup: sections,
  method: "POST",
  path: () => "/section-groups",
  body: (s) => ({ title: "G", sections: [s.s1.id] }),
  minimumRole: "create",
  scope: "site:write",
  success: 201,
});
add({
  name: "PATCH section-group",
  setup: sections,
  method: "PATCH",
  path: (s) => `/section-groups/${s.group.id}`,
  body: () => ({ title: "G2" }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "DELETE section-group",
  setup: sections,
  method: "DELETE",
  path: (s) => `/section-groups/${s.group.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});
add({
  name: "POST section-group sections",
  setup: sections,
  method: "POST",
  path: (s) => `/section-groups/${s.group.id}/sections`,
  body: (s) => ({ sectionId: s.s1.id }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "DELETE section-group section",
  setup: sections,
  method: "DELETE",
  path: (s) => `/section-groups/${s.group.id}/sections/${s.s1.id}`,
  minimumRole: "create",
  scope: "site:write",
  success: 204,
});
add({
  name: "POST section-group move",
  setup: sections,
  method: "POST",
  path: (s) => `/section-groups/${s.group.id}/move`,
  body: (s) => ({ position: { before: { type: "site-section", id: s.s1.id } } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "GET share-links",
  setup: spaces,
  method: "GET",
  path: () => "/share-links",
  minimumRole: "read",
  scope: "site:auth:read",
  success: 200,
});
add({
  name: "POST share-links",
  setup: spaces,
  method: "POST",
  path: () => "/share-links",
  body: () => ({ name: "Review" }),
  minimumRole: "create",
  scope: "site:auth:write",
  success: 201,
});
add({
  name: "GET adaptive-schema",
  setup: withSchema,
  method: "GET",
  path: () => "/adaptive-schema",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "GET template-conditions",
  setup: spaces,
  method: "GET",
  path: () => "/adaptive-schema/template-conditions",
  minimumRole: "read",
  scope: "site:read",
  success: 200,
});
add({
  name: "PUT adaptive-schema",
  setup: spaces,
  method: "PUT",
  path: () => "/adaptive-schema",
  body: () => ({ jsonSchema: { type: "object", properties: {}, additionalProperties: false } }),
  minimumRole: "create",
  scope: "site:write",
  success: 200,
});
add({
  name: "GET publishing/auth",
  setup: spaces,
  method: "GET",
  path: () => "/publishing/auth",
  minimumRole: "admin",
  scope: "site:auth:read",
  success: 200,
});
add({
  name: "PATCH publishing/auth",
  setup: spaces,
  method: "PATCH",
  path: () => "/publishing/auth",
  body: () => ({ backend: "custom" }),
  minimumRole: "admin",
  scope: "site:auth:write",
  success: 200,
});
add({
  name: "POST publishing/auth/regenerate",
  setup: spaces,
  method: "POST",
  path: () => "/publishing/auth/regenerate",
  minimumRole: "admin",
  scope: "site:auth:write",
  success: 200,
});

for (const c of cases) matrix(c);

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
