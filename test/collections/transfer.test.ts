import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { authorizationMatrix } from "../helpers/authz";
import { addMember } from "../../src/services/organizations/organizations";
import { makeMember, makeOrg, testDb } from "../helpers/factories";
import {
  collectionCounters,
  grant,
  grantsOn,
  makeBareTeam,
  makeCollection,
  readCollection,
} from "../helpers/collections-factories";

describe("POST /v1/collections/{collectionId}/transfer", () => {
  it("moves the collection and its subtree, drops old-team grants, keeps counters exact", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const existing = await makeCollection(target.org.id);
    const member = await makeMember(org.id, "read");
    const team = await makeBareTeam(org.id, [member.user.id]);
    const top = await makeCollection(org.id);
    const child = await makeCollection(org.id, { parent: top.id });
    const leaf = await makeCollection(org.id, { parent: child.id });
    const stays = await makeCollection(org.id);
    await grant(child.id, { team }, "edit");
    await grant(leaf.id, { user: member.user.id }, "comment");
    await grant(stays.id, { team }, "edit");

    const res = await as(owner.token).post(`/collections/${top.id}/transfer`, {
      organization: target.org.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: top.id,
      organization: target.org.id,
      permissions: { admin: true },
    });
    expect(res.body.parent).toBeUndefined();
    for (const id of [child.id, leaf.id]) {
      expect((await readCollection(id))!.organizationId).toBe(target.org.id);
    }
    expect((await readCollection(child.id))!.parentId).toBe(top.id);
    expect((await readCollection(top.id))!.position > existing.position).toBe(true);
    expect(await grantsOn(child.id)).toEqual([]);
    expect((await grantsOn(leaf.id)).length).toBe(1);
    expect((await grantsOn(stays.id)).length).toBe(1);

    const from = await collectionCounters(org.id);
    expect(from.stored).toEqual({ all: 1, roots: 1 });
    expect(from.stored).toEqual(from.actual);
    const to = await collectionCounters(target.org.id);
    expect(to.stored).toEqual({ all: 4, roots: 2 });
    expect(to.stored).toEqual(to.actual);
    const seen = await as(owner.token).get(`/collections/${leaf.id}`);
    expect(seen.body.organization).toBe(target.org.id);
  });

  it("answers 409 for the same organization and 412 for a nested collection", async () => {
    const { org, owner } = await makeOrg();
    const target = await makeOrg({ owner });
    const top = await makeCollection(org.id);
    const child = await makeCollection(org.id, { parent: top.id });
    const same = await as(owner.token).post(`/collections/${top.id}/transfer`, {
      organization: org.id,
    });
    expect(same.status).toBe(409);
    const nested = await as(owner.token).post(`/collections/${child.id}/transfer`, {
      organization: target.org.id,
    });
    expect(nested.status).toBe(412);
    expect(nested.body.error.message).toMatch(/nested collection/);
  });

  it("needs admin in the target organization: 404 if not a member, 403 if not admin", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const stranger = await makeOrg();
    const notMember = await as(owner.token).post(`/collections/${col.id}/transfer`, {
      organization: stranger.org.id,
    });
    const missing = await as(owner.token).post(`/collections/${col.id}/transfer`, {
      organization: "neverexisted",
    });
    expect(notMember.status).toBe(404);
    expect(notMember.text).toBe(missing.text);
    const editorThere = await makeOrg();
    await addMember(testDb(), {
      organizationId: editorThere.org.id,
      userId: owner.user.id,
      role: "edit",
    });
    const notAdmin = await as(owner.token).post(`/collections/${col.id}/transfer`, {
      organization: editorThere.org.id,
    });
    expect(notAdmin.status).toBe(403);
    expect((await readCollection(col.id))!.organizationId).toBe(org.id);
  });

  it("answers 400 naming the field for a bad body", async () => {
    const { org, owner } = await makeOrg();
    const col = await makeCollection(org.id);
    const none = await as(owner.token).post(`/collections/${col.id}/transfer`, {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/^body\.organization: /);
    const wrong = await as(owner.token).post(`/collections/${col.id}/transfer`, {
      organization: 42,
    });
    expect(wrong.body.error.message).toMatch(/^body\.organization: /);
  });
});

authorizationMatrix("POST /v1/collections/{collectionId}/transfer", {
  setup: async (world) => {
    const col = await makeCollection(world.org.id);
    await grant(col.id, { user: world.guest.user.id }, "read");
    const target = await makeOrg({ owner: world.owner });
    return { col, target: target.org.id };
  },
  request: (_w, s) => ({
    method: "POST",
    path: `/collections/${s.col.id}/transfer`,
    body: { organization: s.target },
  }),
  missing: (_w, s) => ({
    method: "POST",
    path: "/collections/neverexisted/transfer",
    body: { organization: s.target },
  }),
  minimumRole: "admin",
  scope: "space:write",
  success: 200,
});
