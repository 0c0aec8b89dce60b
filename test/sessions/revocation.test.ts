import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeUser } from "../helpers/factories";
import { setDisabled } from "../helpers/organizations-factories";
import { asSession, makeSession } from "../helpers/sessions";

describe("a member's sessions end with the membership", () => {
  it("removing a member revokes every session of theirs in the same batch; their tokens stay", async () => {
    const { org, owner } = await makeOrg();
    const member = await makeMember(org.id, "edit");
    const [a, b] = [await makeSession(member.user.id), await makeSession(member.user.id)];
    const bystander = await makeUser();
    const kept = await makeSession(bystander.user.id);
    // Removing someone who is not a member signs nobody out.
    const stranger = await makeSession(bystander.user.id);
    await as(owner.token).delete(`/orgs/${org.id}/members/${bystander.user.id}`);
    expect((await asSession(stranger).get("/user")).status).toBe(200);

    const removed = await as(owner.token).delete(`/orgs/${org.id}/members/${member.user.id}`);
    expect(removed.status).toBe(204);
    for (const ended of [a, b]) {
      const res = await asSession(ended).get("/user");
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/revoked/);
    }
    expect((await asSession(kept).get("/user")).status).toBe(200);
    expect((await as(member.token).get("/user")).status).toBe(200);
  });

  it("disabling a member revokes their sessions (the trigger), enabling again does not restore them", async () => {
    const { org } = await makeOrg();
    const member = await makeMember(org.id, "read");
    const session = await makeSession(member.user.id);
    await setDisabled(org.id, member.user.id);
    expect((await asSession(session).get("/user")).status).toBe(401);
    await setDisabled(org.id, member.user.id, false);
    expect((await asSession(session).get("/user")).status).toBe(401);
    const fresh = await makeSession(member.user.id);
    expect((await asSession(fresh).get(`/orgs/${org.id}`)).status).toBe(200);
  });
});
