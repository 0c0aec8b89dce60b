import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { spaces } from "../../src/db/schema";
import { as, d1Cost, warmToken } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import { makeBareTeam, makeCollection } from "../helpers/collections-factories";
import { addMember } from "../../src/services/organizations/organizations";
import {
  grantSpace,
  grantsOnSpace,
  makeSpace,
  readSpace,
  setDeletedAt,
} from "../helpers/spaces-factories";
import { makeSite, readSite, readSiteSpaces } from "../helpers/sites-factories";

const listIds = async (token: string, orgId: string) =>
  ((await as(token).get(`/orgs/${orgId}/spaces`)).body.items as { id: string }[]).map((s) => s.id);

describe("POST /v1/spaces/{spaceId}/transfer", () => {
  it("leaves the old organization's sites, their counts exact", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const space = await makeSpace(org.id, owner);
    const other = await makeSpace(org.id, owner);
    const site = await makeSite(org.id, owner, { spaces: [space, other] });
    const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
      organization: target.org.id,
    });
    expect(res.status).toBe(200);
    expect((await readSiteSpaces(site.id)).map((s) => s.spaceId)).toEqual([other.id]);
    expect((await readSite(site.id))!.siteSpacesCount).toBe(1);
  });

  it("moves the space to the target organization's top level, dropping old team grants", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const member = await makeMember(org.id, "read");
    const col = await makeCollection(org.id);
    const space = await makeSpace(org.id, owner, { parent: col.id });
    const existing = await makeSpace(target.org.id, owner);
    const team = await makeBareTeam(org.id, [member.user.id]);
    await grantSpace(space.id, { team }, "edit");
    await grantSpace(space.id, { user: member.user.id }, "comment");
    await testDb()
      .update(spaces)
      .set({
        mergeRules: {
          type: "rules",
          rules: [{ rule: "require_specific_reviewers", users: [member.user.id] }],
        },
        changeRequestsCount: 2,
        changeRequestsOpen: 1,
        changeRequestsDraft: 1,
        commentsOpen: 3,
      })
      .where(eq(spaces.id, space.id));

    await warmToken(owner.token); // steady state: the isolate knows the token
    const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
      organization: target.org.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "space",
      id: space.id,
      organization: target.org.id,
      visibility: "private",
      mergeRules: { type: "inherit" },
      revision: space.revisionId,
      changeRequests: 2,
      changeRequestsOpen: 1,
      changeRequestsDraft: 1,
      comments: 3,
    });
    expect(d1Cost(res).roundTrips).toBe(2);
    expect(res.body.parent).toBeUndefined();
    expect(res.body.permissions.admin).toBe(true);
    const grants = await grantsOnSpace(space.id);
    expect(grants.map((g) => [g.principalType, g.principalId])).toEqual([["user", member.user.id]]);
    expect(await listIds(owner.token, org.id)).toEqual([]);
    expect(await listIds(owner.token, target.org.id)).toEqual([space.id, existing.id]);
    const row = (await readSpace(space.id))!;
    expect(row.position > existing.position).toBe(true);
    // The old organization's members lose it; a member of both would see it through the new one.
    expect((await as(member.token).get(`/spaces/${space.id}`)).status).toBe(404);
    await addMember(testDb(), {
      organizationId: target.org.id,
      userId: member.user.id,
      role: "read",
    });
    expect((await as(member.token).get(`/spaces/${space.id}`)).status).toBe(200);
  });

  it("answers 409 for the space's own organization", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
      organization: org.id,
    });
    expect(res.status).toBe(409);
  });

  it("needs admin in the target organization; non-members see it as absent", async () => {
    const { org, owner } = await makeOrg();
    const space = await makeSpace(org.id, owner);
    const stranger = await makeOrg();
    const asMember = await makeOrg();
    await addMember(testDb(), {
      organizationId: asMember.org.id,
      userId: owner.user.id,
      role: "create",
    });
    const post = (organization: string) =>
      as(owner.token).post(`/spaces/${space.id}/transfer`, { organization });
    const foreign = await post(stranger.org.id);
    const missing = await post("neverexisted");
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect(foreign.body.error.message).toBe("Organization not found");
    expect((await post(asMember.org.id)).status).toBe(403);
    expect((await readSpace(space.id))!.organizationId).toBe(org.id);
  });

  it("answers 400 for a bad body and 404 for a deleted space", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const space = await makeSpace(org.id, owner);
    for (const body of [{}, { organization: "" }, { organization: target.org.id, x: 1 }]) {
      const res = await as(owner.token).post(`/spaces/${space.id}/transfer`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^body(\.organization)?: /);
    }
    await setDeletedAt(space.id, new Date().toISOString());
    const gone = await as(owner.token).post(`/spaces/${space.id}/transfer`, {
      organization: target.org.id,
    });
    expect(gone.status).toBe(404);
  });
});

authorizationMatrix("POST /v1/spaces/{spaceId}/transfer", {
  setup: async (world) => {
    const target = await makeOrg({ owner: world.owner });
    const space = await makeSpace(world.org.id, world.owner);
    await grantSpace(space.id, { user: world.guest.user.id }, "read");
    return { target, space };
  },
  request: (_w, { target, space }) => ({
    method: "POST",
    path: `/spaces/${space.id}/transfer`,
    body: { organization: target.org.id },
  }),
  missing: (_w, { target }) => ({
    method: "POST",
    path: "/spaces/neverexisted/transfer",
    body: { organization: target.org.id },
  }),
  minimumRole: "admin",
  scope: "space:write",
  success: 200,
});
