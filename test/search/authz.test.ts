import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";

type State = Awaited<ReturnType<typeof matrixContent>>;

// Any role that sees the space may search it (the guest is granted read on it); an outsider's
// answer is the same 404 as for a space id that never existed.
authorizationMatrix<State>("GET /v1/spaces/{spaceId}/search", {
  setup: (world) => matrixContent(world),
  request: (_w, s) => ({
    method: "GET",
    path: `/spaces/${s.space.id}/search`,
    query: { query: "home" },
  }),
  missing: () => ({ method: "GET", path: "/spaces/neverexisted/search", query: { query: "home" } }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

// Members search the organization (spaces they can read); guests are refused.
authorizationMatrix("GET /v1/orgs/{organizationId}/search", {
  request: (w) => ({ method: "GET", path: `/orgs/${w.org.id}/search`, query: { query: "home" } }),
  missing: () => ({ method: "GET", path: "/orgs/neverexisted/search", query: { query: "home" } }),
  minimumRole: "read",
  scope: "organization:search",
  success: 200,
});
