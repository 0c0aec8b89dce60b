import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { issueSignInLink, redeemSignInLink } from "../../src/services/sessions/link";
import { purgeEndedSessions } from "../../src/services/sessions/purge";
import { as } from "../helpers/api";
import { makeMember, makeOrg, makeToken, makeUser, testDb } from "../helpers/factories";
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

describe("the scheduled purge of ended sessions and spent links", () => {
  it("deletes revoked, expired and idle sessions and used or expired links; keeps live ones and API tokens", async () => {
    const { user } = await makeUser();
    const day = 24 * 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const live = await makeSession(user.id);
    const ended = [
      await makeSession(user.id, { revoked: true }),
      await makeSession(user.id, { expiresAt: ago(1000) }),
      await makeSession(user.id, { lastUsedAt: ago(15 * day) }),
    ];
    const revokedToken = await makeToken(user.id, { revoked: true });
    const used = await issueSignInLink(testDb(), user.id);
    await redeemSignInLink(testDb(), used.token);
    const open = await issueSignInLink(testDb(), user.id);
    const report = await purgeEndedSessions(testDb(), Date.now());
    expect(report.sessions).toBeGreaterThanOrEqual(3);
    expect(report.links).toBeGreaterThanOrEqual(1);
    const ids = (
      await env.DB.prepare("SELECT id FROM api_tokens WHERE user_id = ?").bind(user.id).all()
    ).results.map((r) => r.id);
    expect(ids).toContain(live.id);
    for (const s of ended) expect(ids).not.toContain(s.id);
    // API tokens (a revoked one included) are the operator's and the person's records.
    expect(ids).toHaveLength(3);
    expect((await as(revokedToken).get("/user")).status).toBe(401);
    expect(await redeemSignInLink(testDb(), open.token)).toBe(user.id);
  });
});
