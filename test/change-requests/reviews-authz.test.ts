// The authorization matrices of the six review operations: a person's session is one of the
// caller kinds (authorizationMatrix), as are tokens of every role, scoped tokens and outsiders.
import type { MemberRole } from "../../src/lib/roles";
import type { Scope } from "../../src/lib/scopes";
import { createChangeRequest } from "../../src/services/change-requests/writes";
import { as } from "../helpers/api";
import { authorizationMatrix, type World } from "../helpers/authz";
import { testDb } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { spaceRow } from "../helpers/comments-factories";

/**
 * A space the guest may read, with a change request authored by the `edit` member (so every
 * role that may review is not its author), the `review` member requested and their review.
 */
async function setup(world: World) {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const cr = await createChangeRequest(testDb(), await spaceRow(space.id), {
    userId: world.roles.edit.user.id,
    subject: "Proposal",
  });
  const base = `/spaces/${space.id}/change-requests/${cr.id}`;
  const reviewer = world.roles.review.user.id;
  const asked = await as(world.owner.token).post(`${base}/requested-reviewers`, {
    users: [reviewer],
  });
  if (asked.status !== 200) throw new Error(asked.text);
  const review = await as(world.roles.review.token).post(`${base}/reviews`, {
    status: "changes-requested",
  });
  if (review.status !== 201) throw new Error(review.text);
  return { space: space.id, cr: cr.id, reviewer, review: review.body.id as string };
}

type State = Awaited<ReturnType<typeof setup>>;

// prettier-ignore
const routes: {
  method: string;
  path: string;
  tail: (s: State) => string;
  body?: (w: World) => unknown;
  minimumRole: MemberRole | "guest";
  scope: Scope;
  success: number;
}[] = [
  { method: "GET", path: "/reviews", tail: () => "/reviews", minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "POST", path: "/reviews", tail: () => "/reviews", body: () => ({ status: "approved" }), minimumRole: "review", scope: "space:write", success: 201 },
  { method: "GET", path: "/reviews/{reviewId}", tail: (s) => `/reviews/${s.review}`, minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "GET", path: "/requested-reviewers", tail: () => "/requested-reviewers", minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "POST", path: "/requested-reviewers", tail: () => "/requested-reviewers", body: (w) => ({ users: [w.roles.create.user.id] }), minimumRole: "edit", scope: "space:write", success: 200 },
  { method: "DELETE", path: "/requested-reviewers/{userId}", tail: (s) => `/requested-reviewers/${s.reviewer}`, minimumRole: "edit", scope: "space:write", success: 205 },
];

for (const route of routes) {
  const pathOf = (s: State, missing = false) =>
    `/spaces/${missing ? "neverexisted" : s.space}/change-requests/${s.cr}${route.tail(s)}`;
  authorizationMatrix(
    `${route.method} /v1/spaces/{spaceId}/change-requests/{changeRequestId}${route.path}`,
    {
      setup,
      request: (w, s) => ({ method: route.method, path: pathOf(s), body: route.body?.(w) }),
      missing: (w, s) => ({ method: route.method, path: pathOf(s, true), body: route.body?.(w) }),
      minimumRole: route.minimumRole,
      scope: route.scope,
      success: route.success,
      // Another approval, or the same reviewer asked for again, answers the same.
      repeatable: route.method === "POST",
    },
  );
}
