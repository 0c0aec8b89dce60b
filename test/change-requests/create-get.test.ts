import { describe, expect, it } from "vitest";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg } from "../helpers/factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { createCr, makeCrWorld, spaceRow } from "../helpers/change-requests-factories";

describe("POST /v1/spaces/{spaceId}/change-requests", () => {
  it("creates a draft change request on main's head, numbered per space, and counts it", async () => {
    const { org, owner, space } = await makeCrWorld();
    const editor = await makeMember(org.id, "edit");
    await warmToken(editor.token); // steady state: the isolate knows the token
    const res = await as(editor.token).post(`/spaces/${space.id}/change-requests`, {
      subject: "Fix the intro",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "change-request",
      number: 1,
      status: "draft",
      subject: "Fix the intro",
      space: space.id,
      revision: space.revisionId,
      revisionInitial: space.revisionId,
      comments: 0,
      outdated: false,
      createdBy: { object: "user", id: editor.user.id, displayName: editor.user.displayName },
    });
    expect(res.body.description).toBeUndefined();
    expect(res.body.mergedBy).toBeUndefined();
    expect(res.body.urls.location).toBe(
      `https://quire.test/v1/spaces/${space.id}/change-requests/${res.body.id}`,
    );
    expect(res.body.urls.app).toBe(`https://app.quire.test/s/${space.id}/~/changes/1`);
    expect(res.headers.get("Location")).toBe(res.body.urls.location);
    expect(d1Cost(res).roundTrips).toBe(2);

    const second = await createCr(owner, space.id, "Second");
    expect(second.number).toBe(2);
    const other = await makeSpace(org.id, owner);
    expect((await createCr(owner, other.id)).number).toBe(1);
    const row = await spaceRow(space.id);
    expect(row).toMatchObject({
      changeRequestsCount: 2,
      changeRequestsDraft: 2,
      changeRequestsOpen: 0,
    });
  });

  it("accepts an empty body (empty subject) and extra properties", async () => {
    const { owner, space } = await makeCrWorld();
    const res = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
      somethingElse: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.subject).toBe("");
  });

  it("refuses an unknown template and a subject over 100 characters", async () => {
    const { owner, space } = await makeCrWorld();
    const tpl = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
      subject: "x",
      template: { id: "tpl" },
    });
    expect(tpl.status).toBe(400);
    expect(tpl.body.error.message).toMatch(/^body\.template\.id: no template "tpl"/);
    const long = await as(owner.token).post(`/spaces/${space.id}/change-requests`, {
      subject: "x".repeat(101),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/^body\.subject: /);
    expect((await spaceRow(space.id)).changeRequestsCount).toBe(0);
  });
});

describe("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}", () => {
  it("reads a change request by id and by number, in one round trip", async () => {
    const { org, owner, space } = await makeCrWorld();
    const reader = await makeMember(org.id, "read");
    const cr = await createCr(owner, space.id, "Hello");
    const byId = await as(reader.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(cr);
    expect(d1Cost(byId).roundTrips).toBe(1);
    const byNumber = await as(reader.token).get(`/spaces/${space.id}/change-requests/1`);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.id).toBe(cr.id);
  });

  it("answers 404 for a number or id of another space, like a nonexistent one", async () => {
    const { org, owner, space } = await makeCrWorld();
    const other = await makeSpace(org.id, owner);
    const cr = await createCr(owner, other.id);
    const wrong = await as(owner.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
    const none = await as(owner.token).get(`/spaces/${space.id}/change-requests/nope`);
    const number = await as(owner.token).get(`/spaces/${space.id}/change-requests/1`);
    expect(wrong.status).toBe(404);
    expect(wrong.text).toBe(none.text);
    expect(number.text).toBe(none.text);
    expect(none.body.error.message).toBe("Change request not found");
  });
});

const crSetup = async (
  world: Awaited<ReturnType<typeof import("../helpers/factories").makeOrgWithRoles>>,
) => {
  const space = await makeSpace(world.org.id, world.owner);
  await grantSpace(space.id, { user: world.guest.user.id }, "read");
  const cr = await createCr(world.owner, space.id);
  return { space, cr };
};

authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return space;
  },
  request: (_w, space) => ({
    method: "POST",
    path: `/spaces/${space.id}/change-requests`,
    body: { subject: "x" },
  }),
  missing: () => ({
    method: "POST",
    path: `/spaces/neverexisted/change-requests`,
    body: { subject: "x" },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 201,
});

authorizationMatrix("GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}", {
  setup: crSetup,
  request: (_w, s) => ({ method: "GET", path: `/spaces/${s.space.id}/change-requests/${s.cr.id}` }),
  missing: (_w, s) => ({ method: "GET", path: `/spaces/neverexisted/change-requests/${s.cr.id}` }),
  minimumRole: "guest",
  scope: "space:read",
  success: 200,
});

describe("change requests in a space the caller cannot see", () => {
  it("hide the change request exactly like a nonexistent space", async () => {
    const { owner, space } = await makeCrWorld();
    const { owner: stranger } = await makeOrg();
    const cr = await createCr(owner, space.id);
    const res = await as(stranger.token).get(`/spaces/${space.id}/change-requests/${cr.id}`);
    const missing = await as(stranger.token).get(`/spaces/neverexisted/change-requests/${cr.id}`);
    expect(res.status).toBe(404);
    expect(res.text).toBe(missing.text);
  });
});
