// Authorization matrices of the site redirect operations, the redirect lookup and site insights.
import type { World } from "../helpers/authz";
import { as } from "../helpers/api";
import { siteMatrix, siteWithSpaces } from "../helpers/sites-factories";

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
});
