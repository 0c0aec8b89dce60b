import { authorizationMatrix } from "../helpers/authz";
import { matrixContent } from "../helpers/content-factories";

type State = Awaited<ReturnType<typeof matrixContent>>;

/**
 * The space-level reads GitBook's renderer makes (meta-links, reusable contents, embeds,
 * semantic changes): each needs space:read and any role that sees the space (the guest is
 * granted read); an outsider and another site's token get the 404 of a space that never
 * existed. Reusable contents succeed as their honest 404 (Quire stores none).
 */
const READS: [name: string, path: (s: State, spaceId: string) => string, success: number][] = [
  [
    "/spaces/{spaceId}/content/page/{pageId}/meta-links",
    (s, id) => `/spaces/${id}/content/page/${s.pageId}/meta-links`,
    200,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links",
    (s, id) =>
      `/spaces/${id}/change-requests/${s.changeRequest.id}/content/page/${s.pageId}/meta-links`,
    200,
  ],
  [
    "/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links",
    (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/page/${s.pageId}/meta-links`,
    200,
  ],
  [
    "/spaces/{spaceId}/content/reusable-contents/{reusableContentId}",
    (_s, id) => `/spaces/${id}/content/reusable-contents/rc`,
    404,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/content/reusable-contents/{reusableContentId}",
    (s, id) => `/spaces/${id}/change-requests/${s.changeRequest.id}/content/reusable-contents/rc`,
    404,
  ],
  [
    "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}",
    (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/reusable-contents/rc`,
    404,
  ],
  [
    "/spaces/{spaceId}/revisions/{revisionId}/reusable-contents/{reusableContentId}/document",
    (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/reusable-contents/rc/document`,
    404,
  ],
  [
    "/spaces/{spaceId}/embed",
    (_s, id) => `/spaces/${id}/embed?url=${encodeURIComponent("https://embeds.example.com/plain")}`,
    200,
  ],
  [
    "/spaces/{spaceId}/revisions/{revisionId}/changes",
    (s, id) => `/spaces/${id}/revisions/${s.space.revisionId}/changes`,
    200,
  ],
  [
    "/spaces/{spaceId}/change-requests/{changeRequestId}/changes",
    (s, id) => `/spaces/${id}/change-requests/${s.changeRequest.id}/changes`,
    200,
  ],
];

for (const [name, path, success] of READS) {
  authorizationMatrix<State>(`GET /v1${name}`, {
    setup: (world) => matrixContent(world),
    request: (_w, s) => ({ method: "GET", path: path(s, s.space.id) }),
    missing: (_w, s) => ({ method: "GET", path: path(s, "neverexisted") }),
    minimumRole: "guest",
    scope: "space:read",
    success,
  });
}
