import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";

type State = Awaited<ReturnType<typeof matrixContent>>;

// Both exports read content: space:read and any role that sees the space (the guest is
// granted read); an outsider gets the same 404 as for a space id that never existed.
authorizationMatrix<State>("GET /v1/spaces/{spaceId}/pdf", {
  setup: (world) => matrixContent(world),
  request: (_w, s) => ({ method: "GET", path: `/spaces/${s.space.id}/pdf` }),
  missing: () => ({ method: "GET", path: "/spaces/neverexisted/pdf" }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix<State>("GET /v1/spaces/{spaceId}/pdf?page=", {
  setup: (world) => matrixContent(world),
  request: (_w, s) => ({
    method: "GET",
    path: `/spaces/${s.space.id}/pdf`,
    query: { page: s.pageId, only: "true" },
  }),
  missing: (_w, s) => ({
    method: "GET",
    path: "/spaces/neverexisted/pdf",
    query: { page: s.pageId, only: "true" },
  }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix<State>("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf", {
  setup: (world) => matrixContent(world),
  request: (_w, s) => ({
    method: "GET",
    path: `/spaces/${s.space.id}/change-requests/${s.changeRequest.id}/pdf`,
  }),
  missing: (_w, s) => ({
    method: "GET",
    path: `/spaces/neverexisted/change-requests/${s.changeRequest.id}/pdf`,
  }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});
