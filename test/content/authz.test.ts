import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";

type State = Awaited<ReturnType<typeof matrixContent>>;
type Route = [name: string, path: (s: State) => string];

/** The reads under a content base (main content or a change request's content). */
const CONTENT_READS: Route[] = [
  ["", () => ""],
  ["/pages", () => "/pages"],
  ["/files", () => "/files"],
  ["/files/{fileId}", (s) => `/files/${s.fileId}`],
  ["/page/{pageId}", (s) => `/page/${s.pageId}`],
  ["/path/{pagePath}", () => "/path/home"],
];

/** The reads under a revision. */
const REVISION_READS: Route[] = [
  ["", () => ""],
  ["/pages", () => "/pages"],
  ["/files", () => "/files"],
  ["/files/{fileId}", (s) => `/files/${s.fileId}`],
  ["/page/{pageId}", (s) => `/page/${s.pageId}`],
  ["/page/{pageId}/document", (s) => `/page/${s.pageId}/document`],
  ["/path/{pagePath}", () => "/path/home"],
];

/** Each area's base path, in the official form and for a given space id. */
const AREAS: { template: string; base: (s: State, spaceId: string) => string; reads: Route[] }[] = [
  {
    template: "/spaces/{spaceId}/content",
    base: (_s, spaceId) => `/spaces/${spaceId}/content`,
    reads: CONTENT_READS,
  },
  {
    template: "/spaces/{spaceId}/change-requests/{changeRequestId}/content",
    base: (s, spaceId) => `/spaces/${spaceId}/change-requests/${s.changeRequest.id}/content`,
    reads: CONTENT_READS,
  },
  {
    template: "/spaces/{spaceId}/revisions/{revisionId}",
    base: (s, spaceId) => `/spaces/${spaceId}/revisions/${s.space.revisionId}`,
    reads: REVISION_READS,
  },
];

// Every read needs space:read and any role that sees the space; the guest is granted read on
// it, and an outsider's answer is the same 404 as for a space id that never existed.
for (const area of AREAS) {
  for (const [name, path] of area.reads) {
    authorizationMatrix<State>(`GET /v1${area.template}${name}`, {
      setup: (world) => matrixContent(world),
      request: (_w, s) => ({ method: "GET", path: `${area.base(s, s.space.id)}${path(s)}` }),
      missing: (_w, s) => ({ method: "GET", path: `${area.base(s, "neverexisted")}${path(s)}` }),
      minimumRole: "guest",
      scope: "space:read",
      success: 200,
    });
  }
}
