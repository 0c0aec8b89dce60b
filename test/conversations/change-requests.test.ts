import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { authorizationMatrix, type World } from "../helpers/authz";
import { makeMember } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { createCr, makeCrWorld } from "../helpers/change-requests-factories";
import { conversationBody, makeConversation, PDF_TEXTS } from "../helpers/conversations-factories";

/** A space readable by every member, a change request in it and a processed conversation. */
async function crWithConversation(world: World) {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const cr = await createCr(world.owner, space.id);
  const conversationId = await makeConversation(world.org.id, conversationBody(PDF_TEXTS[0]!));
  return { space, cr, conversationId };
}

const base = (s: Awaited<ReturnType<typeof crWithConversation>>, spaceId = s.space.id) =>
  `/spaces/${spaceId}/change-requests/${s.cr.id}/conversations`;

authorizationMatrix("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations", {
  setup: crWithConversation,
  request: (_w, s) => ({ method: "GET", path: base(s) }),
  missing: (_w, s) => ({ method: "GET", path: base(s, "neverexisted") }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

authorizationMatrix(
  "PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
  {
    setup: crWithConversation,
    request: (_w, s) => ({
      method: "PATCH",
      path: `${base(s)}/${s.conversationId}`,
      body: { title: "PDF export" },
    }),
    missing: (_w, s) => ({
      method: "PATCH",
      path: `${base(s, "neverexisted")}/${s.conversationId}`,
      body: { title: "PDF export" },
    }),
    minimumRole: "edit",
    hiddenBelow: false,
    scope: "space:write",
    success: 200,
  },
);

authorizationMatrix(
  "DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/conversations/{conversationId}",
  {
    setup: crWithConversation,
    request: (_w, s) => ({ method: "DELETE", path: `${base(s)}/${s.conversationId}` }),
    missing: (_w, s) => ({
      method: "DELETE",
      path: `${base(s, "neverexisted")}/${s.conversationId}`,
    }),
    minimumRole: "edit",
    scope: "space:write",
    success: 204,
  },
);

describe("change request conversations", () => {
  it("ties a conversation, sets the change request's cluster, lists and unties it", async () => {
    const { org, owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const id = await makeConversation(org.id, conversationBody(PDF_TEXTS[0]!));
    const path = `/spaces/${space.id}/change-requests/${cr.id}/conversations`;
    const tied = await as(owner.token).patch(`${path}/${id}`, { title: "Blank PDF exports" });
    expect(tied.status).toBe(200);
    expect(tied.body).toMatchObject({
      object: "agent-conversation",
      id,
      title: "Blank PDF exports",
      shared: true,
    });
    const again = await as(owner.token).patch(`${path}/${id}`, { title: "Renamed" });
    expect(again.body.title).toBe("Renamed");
    const list = await as(owner.token).get(path);
    expect(list.body.count).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id, title: "Renamed" });
    const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
      query: { conversation: id },
    });
    const cluster = issues.body.items[0].issue.cluster;
    const crRead = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
    expect(crRead.body.conversationsIssuesCluster).toBe(cluster);
    const byNumber = await as(owner.token).get(
      `/spaces/${space.id}/change-requests/${cr.number}/conversations`,
    );
    expect(byNumber.body.count).toBe(1);
    const untie = await as(owner.token).delete(`${path}/${id}`);
    expect(untie.status).toBe(204);
    const twice = await as(owner.token).delete(`${path}/${id}`);
    expect(twice.status).toBe(204);
    const empty = await as(owner.token).get(path);
    expect(empty.body).toEqual({ count: 0, items: [] });
  });

  it("answers 404 for a conversation of another organization or one a guest cannot see", async () => {
    const { org, owner, space } = await makeCrWorld();
    const cr = await createCr(owner, space.id);
    const other = await makeCrWorld();
    const foreign = await makeConversation(other.org.id, conversationBody(PDF_TEXTS[1]!));
    const path = `/spaces/${space.id}/change-requests/${cr.id}/conversations`;
    const res = await as(owner.token).patch(`${path}/${foreign}`, { title: "x" });
    expect(res.status).toBe(404);
    const mine = await makeConversation(org.id, conversationBody(PDF_TEXTS[2]!));
    const guest = await makeMember(org.id, null);
    await grantSpace(space.id, { user: guest.user.id }, "edit");
    const asGuest = await as(guest.token).patch(`${path}/${mine}`, { title: "x" });
    expect(asGuest.status).toBe(404);
    const bad = await as(owner.token).patch(`${path}/${mine}`, { title: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("body.title");
  });
});
