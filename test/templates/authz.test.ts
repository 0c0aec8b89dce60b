import { describe, expect, it } from "vitest";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, makeToken } from "../helpers/factories";
import { createCr } from "../helpers/change-requests-factories";
import { grantSpace, makeSpace } from "../helpers/spaces-factories";
import { applyTemplate, readPages } from "../helpers/templates-factories";

// Guests are granted `read` on the space, so they see it and are refused with 403 like the
// organization's read and comment members.
authorizationMatrix("POST /v1/spaces/{spaceId}/content/template (main)", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return { space };
  },
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/content/template`,
    body: { id: "changelog" },
  }),
  missing: () => ({
    method: "POST",
    path: `/spaces/neverexisted/content/template`,
    body: { id: "changelog" },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 201,
});

authorizationMatrix("POST /v1/spaces/{spaceId}/content/template (change request)", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return { space, cr: await createCr(world.owner, space.id) };
  },
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/content/template`,
    body: { id: "runbooks", changeRequestId: s.cr.id },
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: `/spaces/neverexisted/content/template`,
    body: { id: "runbooks", changeRequestId: s.cr.id },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 201,
});

authorizationMatrix("POST /v1/spaces/{spaceId}/change-requests (with a template)", {
  setup: async (world) => {
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return { space };
  },
  request: (_w, s) => ({
    method: "POST",
    path: `/spaces/${s.space.id}/change-requests`,
    body: { subject: "T", template: { id: "product-docs" } },
  }),
  missing: () => ({
    method: "POST",
    path: `/spaces/neverexisted/change-requests`,
    body: { subject: "T", template: { id: "product-docs" } },
  }),
  minimumRole: "edit",
  scope: "space:write",
  success: 201,
});

describe("template authorization beyond the matrix", () => {
  it("checks access before the template: an outsider's bad template is still a 404", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const outsider = (await makeOrg()).owner;
    const res = await applyTemplate(outsider, space.id, { id: "nope" });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("Space not found");
  });

  it("follows grants on the space: a read member granted edit may apply, a reader may not", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const reader = await makeMember(org.id, "read");
    const refused = await applyTemplate(reader, space.id, { id: "changelog" });
    expect(refused.status).toBe(403);
    await grantSpace(space.id, { user: reader.user.id }, "edit");
    const allowed = await applyTemplate(reader, space.id, { id: "changelog" });
    expect(allowed.status, allowed.text).toBe(201);
    expect((await readPages(reader, space.id)).length).toBe(3);
  });

  it("refuses a token scoped to space:read only", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const token = await makeToken(owner.user.id, { scopes: ["space:read"] });
    const res = await applyTemplate({ ...owner, token }, space.id, { id: "changelog" });
    expect(res.status).toBe(403);
  });
});
