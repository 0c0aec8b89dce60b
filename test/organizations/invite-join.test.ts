import { describe, expect, it } from "vitest";
import { as, call, d1Cost, type ApiResponse } from "../helpers/api";
import { makeMember, makeOrg, makeOrgWithRoles, makeToken, makeUser } from "../helpers/factories";
import {
  makeInvite,
  readMembership,
  readOrg,
  setDisabled,
  setOrg,
} from "../helpers/organizations-factories";
import { makeSession, makeSessions, type TestSession } from "../helpers/sessions";
import { foreignPreviewToken, foreignSiteToken, forgedSiteTokens } from "../helpers/site-tokens";
import { makeSamlSetup } from "../helpers/sso-factories";
import { MEMBER_ROLES } from "../../src/lib/roles";

const MISSING = "doesnotexist00000000";

/** An organization with an invite link of `role`, and a person outside it. */
async function linkWorld(role: Parameters<typeof makeInvite>[2] = "edit") {
  const { org, owner } = await makeOrg();
  const invite = await makeInvite(org.id, owner.user.id, role);
  const joiner = await makeUser();
  const path = `/orgs/${org.id}/invites/${invite.id}`;
  return { org, owner, invite, joiner, path };
}

const expectStatus = (res: ApiResponse, status: number, who: string) =>
  expect(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(status);

describe("POST /v1/orgs/{organizationId}/invites/{inviteId} (joinOrganizationWithInvite)", () => {
  it("adds the holder of the link with its role, answering {} (official shape)", async () => {
    const { org, joiner, path } = await linkWorld("edit");
    const res = await as(joiner.token).post(path);
    expectStatus(res, 200, "joiner");
    expect(res.body).toEqual({});
    expect(d1Cost(res).roundTrips).toBe(2);
    expect((await readMembership(org.id, joiner.user.id))?.role).toBe("edit");
    expect((await readOrg(org.id)).membersCount).toBe(2);
    expect((await as(joiner.token).get(`/orgs/${org.id}`)).status).toBe(200);
    // The link stays usable (no expiry or use count is stored): a second person joins too.
    const second = await makeUser();
    expectStatus(await as(second.token).post(path), 200, "second joiner");
    expect((await readOrg(org.id)).membersCount).toBe(3);
  });

  it("adds a guest through a guest link", async () => {
    const { org, joiner, path } = await linkWorld(null);
    expectStatus(await as(joiner.token).post(path), 200, "joiner");
    const row = await readMembership(org.id, joiner.user.id);
    expect(row).toBeDefined();
    expect(row?.role).toBeNull();
  });

  it("answers a member 200 and keeps their role and the counter, whatever the link's role", async () => {
    const world = await makeOrgWithRoles();
    const invite = await makeInvite(world.org.id, world.owner.user.id, "admin");
    const path = `/orgs/${world.org.id}/invites/${invite.id}`;
    const before = (await readOrg(world.org.id)).membersCount;
    for (const role of MEMBER_ROLES) {
      expectStatus(await as(world.roles[role].token).post(path), 200, role);
      expect((await readMembership(world.org.id, world.roles[role].user.id))?.role).toBe(role);
    }
    expectStatus(await as(world.guest.token).post(path), 200, "guest");
    expect((await readMembership(world.org.id, world.guest.user.id))?.role).toBeNull();
    expect((await readOrg(world.org.id)).membersCount).toBe(before);
  });

  it("answers an unknown, deleted or other organization's link as a missing organization (404)", async () => {
    const { org, owner, invite, joiner, path } = await linkWorld();
    const missingOrg = await as(joiner.token).post(`/orgs/${MISSING}/invites/${invite.id}`);
    expectStatus(missingOrg, 404, "missing organization");
    expect(missingOrg.body.error.message).toBe("Invite not found");
    const unknown = await as(joiner.token).post(`/orgs/${org.id}/invites/${MISSING}`);
    expect(unknown.text).toBe(missingOrg.text);
    const other = await makeOrg();
    const elsewhere = await as(joiner.token).post(`/orgs/${other.org.id}/invites/${invite.id}`);
    expect(elsewhere.text).toBe(missingOrg.text);
    expectStatus(
      await as(owner.token).delete(`/orgs/${org.id}/link-invites/${invite.id}`),
      204,
      "delete",
    );
    const deleted = await as(joiner.token).post(path);
    expect(deleted.status).toBe(404);
    expect(deleted.text).toBe(missingOrg.text);
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    // A scoped token learns nothing more about a link it cannot use.
    const scoped = await makeToken(joiner.user.id, { scopes: ["user:read"] });
    expect((await as(scoped).post(`/orgs/${org.id}/invites/${MISSING}`)).text).toBe(
      missingOrg.text,
    );
  });

  it("refuses (403) an organization that enforces SSO, naming where its SSO starts", async () => {
    const { org, owner, provider } = await makeSamlSetup();
    await setOrg(org.id, { sso: true });
    const invite = await makeInvite(org.id, owner.user.id, "read");
    const joiner = await makeUser();
    const res = await as(joiner.token).post(`/orgs/${org.id}/invites/${invite.id}`);
    expectStatus(res, 403, "joiner");
    expect(res.body.error.message).toContain("single sign-on (SSO)");
    expect(res.body.error.message).toContain(org.title);
    expect(res.body.error.message).toContain(provider.service.startURL);
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
  });

  it("refuses (403) a disabled member, and every link while invite links are turned off", async () => {
    const { org, path } = await linkWorld();
    const disabled = await makeMember(org.id, "read");
    await setDisabled(org.id, disabled.user.id);
    expectStatus(await as(disabled.token).post(path), 403, "disabled member");
    expect((await readMembership(org.id, disabled.user.id))?.disabled).toBe(true);
    await setOrg(org.id, { inviteLinks: false });
    const joiner = await makeUser();
    const res = await as(joiner.token).post(path);
    expectStatus(res, 403, "links off");
    expect(res.body.error.message).toContain("Invite links are turned off");
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
  });
});

describe("POST /v1/orgs/{organizationId}/invites/{inviteId}: authorization", () => {
  it("answers 401 without a credential, with a malformed, unknown, expired or revoked one", async () => {
    const { joiner, path } = await linkWorld();
    expectStatus(await call("POST", path), 401, "no token");
    expectStatus(
      await call("POST", path, { headers: { Authorization: "Basic abc" } }),
      401,
      "basic",
    );
    expectStatus(await as("garbage").post(path), 401, "garbage");
    expectStatus(await as(`quire_${"A".repeat(43)}`).post(path), 401, "unknown");
    const expired = await makeToken(joiner.user.id, {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expectStatus(await as(expired).post(path), 401, "expired");
    expectStatus(
      await as(await makeToken(joiner.user.id, { revoked: true })).post(path),
      401,
      "revoked",
    );
    for (const token of await forgedSiteTokens()) {
      expectStatus(await as(token).post(path), 401, "forged site token");
    }
  });

  it("answers a site's visitor or preview token exactly as a missing organization", async () => {
    const { invite, path } = await linkWorld();
    for (const token of [await foreignSiteToken(), await foreignPreviewToken()]) {
      const res = await as(token).post(path);
      const missing = await as(token).post(`/orgs/${MISSING}/invites/${invite.id}`);
      expect(res.status, res.text).toBe(missing.status);
      expect(res.text).toBe(missing.text);
    }
  });

  it("answers 403 to a token scoped without organization:members:write", async () => {
    const { org, joiner, path } = await linkWorld();
    const scoped = await makeToken(joiner.user.id, { scopes: ["organization:read"] });
    expectStatus(await as(scoped).post(path), 403, "scoped token");
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    const allowed = await makeToken(joiner.user.id, { scopes: ["organization:members:write"] });
    expectStatus(await as(allowed).post(path), 200, "token with scope");
  });

  it("lets a session (cookie, CSRF header, Origin) join; refuses it without the CSRF proof", async () => {
    const { org, joiner, path } = await linkWorld("comment");
    const [session, revoked] = (await makeSessions([
      { userId: joiner.user.id },
      { userId: joiner.user.id, revoked: true },
    ])) as [TestSession, TestSession];
    expectStatus(await call("POST", path, { headers: revoked.headers }), 401, "revoked session");
    const { "X-Quire-CSRF": _, ...noProof } = session.headers;
    expectStatus(await call("POST", path, { headers: noProof }), 403, "no CSRF header");
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    expectStatus(await call("POST", path, { headers: session.headers }), 200, "session");
    expect((await readMembership(org.id, joiner.user.id))?.role).toBe("comment");
  });
});

describe("GET /v1/orgs/{organizationId}/invites/{inviteId} (what a link offers)", () => {
  it("shows the holder the organization and role, spending and changing nothing", async () => {
    const { org, joiner, path } = await linkWorld("review");
    const session = await makeSession(joiner.user.id);
    const res = await call("GET", path, { headers: session.headers });
    expectStatus(res, 200, "session");
    expect(res.body).toEqual({
      object: "invite",
      id: path.split("/").pop(),
      role: "review",
      organization: { id: org.id, title: org.title, sso: false },
      member: false,
    });
    expect(d1Cost(res).roundTrips).toBe(1);
    expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();
    await as(joiner.token).post(path);
    expect((await as(joiner.token).get(path)).body.member).toBe(true);
  });

  it("refuses as the join does: 401, 404 for unknown links, 403 scoped or turned off", async () => {
    const { org, joiner, path } = await linkWorld();
    expectStatus(await call("GET", path), 401, "no token");
    const missing = await as(joiner.token).get(`/orgs/${org.id}/invites/${MISSING}`);
    expectStatus(missing, 404, "unknown link");
    expect((await as(joiner.token).get(`/orgs/${MISSING}/invites/${MISSING}`)).text).toBe(
      missing.text,
    );
    const scoped = await makeToken(joiner.user.id, { scopes: ["user:read"] });
    expectStatus(await as(scoped).get(path), 403, "scoped token");
    await setOrg(org.id, { inviteLinks: false });
    expectStatus(await as(joiner.token).get(path), 403, "links off");
  });
});
