// The authorization matrices of the twenty comment routes, split over four test files so they
// run in parallel.
import type { MemberRole } from "../../src/lib/roles";
import type { Scope } from "../../src/lib/scopes";
import { createChangeRequest } from "../../src/services/change-requests/writes";
import { as } from "../helpers/api";
import { authorizationMatrix, type World } from "../helpers/authz";
import { testDb } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { spaceRow } from "../helpers/comments-factories";

type Kind = "space" | "cr";
type Ids = { comment: string; reply: string };

/**
 * A space the guest may read (and a change request for the `cr` kind), with a comment by the
 * owner and, when the route needs one, a reply, posted over HTTP.
 */
function setupFor(kind: Kind, needsReply: boolean) {
  return async (world: World) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    const cr =
      kind === "cr"
        ? await createChangeRequest(testDb(), await spaceRow(space.id), {
            userId: world.owner.user.id,
            subject: "Proposal",
          })
        : null;
    const owner = as(world.owner.token);
    const base = cr ? `/spaces/${space.id}/change-requests/${cr.id}` : `/spaces/${space.id}`;
    const comment = await owner.post(`${base}/comments`, { body: { markdown: "Hello" } });
    const reply = needsReply
      ? await owner.post(`${base}/comments/${comment.body.id}/replies`, {
          body: { markdown: "Hi" },
        })
      : null;
    return {
      space: space.id,
      cr: cr?.id,
      ids: { comment: comment.body.id as string, reply: reply?.body.id as string },
    };
  };
}

type State = Awaited<ReturnType<ReturnType<typeof setupFor>>>;

/** The path under test, for the space of the state or for a space that never existed. */
function pathOf(s: State, tail: (ids: Ids) => string, missing = false) {
  const space = missing ? "neverexisted" : s.space;
  const base = s.cr ? `/spaces/${space}/change-requests/${s.cr}` : `/spaces/${space}`;
  return `${base}${tail(s.ids)}`;
}

// prettier-ignore
const routes: {
  method: string;
  path: string;
  tail: (ids: Ids) => string;
  body?: unknown;
  minimumRole: MemberRole | "guest";
  scope: Scope;
  success: number;
}[] = [
  { method: "GET", path: "/comments", tail: () => "/comments", minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "POST", path: "/comments", tail: () => "/comments", body: { body: { markdown: "x" } }, minimumRole: "comment", scope: "space:write", success: 200 },
  { method: "GET", path: "/comments/{commentId}", tail: (i) => `/comments/${i.comment}`, minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "PUT", path: "/comments/{commentId}", tail: (i) => `/comments/${i.comment}`, body: { resolved: true, addedReactions: ["👍"] }, minimumRole: "comment", scope: "space:write", success: 200 },
  { method: "DELETE", path: "/comments/{commentId}", tail: (i) => `/comments/${i.comment}`, minimumRole: "admin", scope: "space:write", success: 204 },
  { method: "GET", path: "/comments/{commentId}/replies", tail: (i) => `/comments/${i.comment}/replies`, minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "POST", path: "/comments/{commentId}/replies", tail: (i) => `/comments/${i.comment}/replies`, body: { body: { markdown: "x" } }, minimumRole: "comment", scope: "space:write", success: 200 },
  { method: "GET", path: "/comments/{commentId}/replies/{commentReplyId}", tail: (i) => `/comments/${i.comment}/replies/${i.reply}`, minimumRole: "guest", scope: "space:read", success: 200 },
  { method: "PUT", path: "/comments/{commentId}/replies/{commentReplyId}", tail: (i) => `/comments/${i.comment}/replies/${i.reply}`, body: { addedReactions: ["🎉"] }, minimumRole: "comment", scope: "space:write", success: 200 },
  { method: "DELETE", path: "/comments/{commentId}/replies/{commentReplyId}", tail: (i) => `/comments/${i.comment}/replies/${i.reply}`, minimumRole: "admin", scope: "space:write", success: 204 },
]

/** The matrices of one place's routes (the comment routes, or the reply routes). */
export function commentMatrices(kind: Kind, group: "comments" | "replies") {
  const prefix =
    kind === "space"
      ? "/v1/spaces/{spaceId}"
      : "/v1/spaces/{spaceId}/change-requests/{changeRequestId}";
  for (const route of routes.filter((r) => r.path.includes("/replies") === (group === "replies"))) {
    authorizationMatrix(`${route.method} ${prefix}${route.path}`, {
      setup: setupFor(kind, group === "replies"),
      request: (_w, s) => ({ method: route.method, path: pathOf(s, route.tail), body: route.body }),
      missing: (_w, s) => ({
        method: route.method,
        path: pathOf(s, route.tail, true),
        body: route.body,
      }),
      minimumRole: route.minimumRole,
      scope: route.scope,
      success: route.success,
      // A new comment or reply, or the same reaction and resolution again, answers the same.
      repeatable: route.method === "POST" || route.method === "PUT",
    });
  }
}
