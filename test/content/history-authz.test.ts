import { authorizationMatrix, type World } from "../helpers/authz";
import { commitChanges, mainPagesByTitle, makeContentSpace } from "../helpers/content-factories";
import { grantSpace } from "../helpers/spaces-factories";

/**
 * The authorization matrix of the history and revert operations (Quire extensions): every token
 * kind, every role, a guest granted read, an outsider (the same 404 as for nothing), and the
 * scope each needs.
 */

/** A space with a page in two revisions of main; the guest may read it. */
async function spaceWithHistory(world: World) {
  const space = await makeContentSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const first = await commitChanges(space.id, world.owner.user.id, [
    { operation: "insert_page", title: "Home", document: { markdown: "One.\n" } },
  ]);
  await commitChanges(space.id, world.owner.user.id, [
    { operation: "insert_page", title: "Later", document: { markdown: "Two.\n" } },
  ]);
  const pageId = (await mainPagesByTitle(space.id)).get("Home")!.pageId;
  return { spaceId: space.id, revision: first.revision, pageId };
}

authorizationMatrix("GET /v1/spaces/{spaceId}/revisions", {
  setup: spaceWithHistory,
  request: (_w, s) => ({ method: "GET", path: `/spaces/${s.spaceId}/revisions` }),
  missing: () => ({ method: "GET", path: `/spaces/neverexisted/revisions` }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix("GET /v1/spaces/{spaceId}/content/page/{pageId}/revisions", {
  setup: spaceWithHistory,
  request: (_w, s) => ({
    method: "GET",
    path: `/spaces/${s.spaceId}/content/page/${s.pageId}/revisions`,
  }),
  missing: (_w, s) => ({
    method: "GET",
    path: `/spaces/neverexisted/content/page/${s.pageId}/revisions`,
  }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix("POST /v1/spaces/{spaceId}/revisions/{revisionId}/revert", {
  setup: spaceWithHistory,
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.spaceId}/revisions/${s.revision}/revert`,
    body: {},
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/spaces/neverexisted/revisions/${s.revision}/revert`,
    body: {},
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 201,
  repeatable: true,
});
