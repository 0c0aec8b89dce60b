import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";

type State = Awaited<ReturnType<typeof matrixContent>>;

/** Every link read: its official path template and the path for a given space id. */
const READS: [template: string, path: (s: State, spaceId: string) => string][] = [
  ["/spaces/{spaceId}/links", (_s, id) => `/spaces/${id}/links`],
  [
    "/spaces/{spaceId}/content/page/{pageId}/links",
    (s, id) => `/spaces/${id}/content/page/${s.pageId}/links`,
  ],
  [
    "/spaces/{spaceId}/content/files/{fileId}/backlinks",
    (s, id) => `/spaces/${id}/content/files/${s.fileId}/backlinks`,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links",
    (s, id) => `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/links`,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks",
    (s, id) =>
      `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/backlinks`,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks",
    (s, id) =>
      `/spaces/${id}/change-requests/${s.changeRequest.id}/content/files/${s.fileId}/backlinks`,
  ],
];

// Links are content: space:read and any role that sees the space (the guest is granted read on
// it); an outsider gets the same 404 as for a space id that never existed.
for (const [template, path] of READS) {
  authorizationMatrix<State>(`GET /v1${template}`, {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({ method: "GET", path: path(s, s.space.id) }),
    missing: (_w, s) => ({ method: "GET", path: path(s, "neverexisted") }),
    minimumRole: "guest",
    scope: "space:read",
    success: 200,
  });
}
