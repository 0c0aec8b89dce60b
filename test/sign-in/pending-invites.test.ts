import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeOrg, makeToken, makeUser, testDb, type TestUser } from "../helpers/factories";
import { readMembership, readOrg, setDisabled } from "../helpers/organizations-factories";
import { asSession, makeSession } from "../helpers/sessions";
import { foreignSiteToken } from "../helpers/site-tokens";
import { emailInvites } from "../../src/db/schema";

/**
 * E-mail invites need consent (src/services/sign-in/pending-invites.ts): an invite of an address
 * that has an account is pending until its person accepts it; until then they are no member
 * (no access, not counted). Accept is idempotent, decline and revoke end it, expiry ends it, and
 * one account cannot accept another's invite. Every caller kind of the person's operations.
 */

/** An organization and an account invited to it; the invite's id as the person lists it. */
async function invited(options: { emailVerified?: boolean } = {}) {
  const { org, owner } = await makeOrg({ title: "Consent Corp" });
  const person = await makeUser(options);
  const sent = await as(owner.token).post(`/orgs/${org.id}/invites`, {
    emails: [{ email: person.user.email, role: "edit" }],
  });
  expect(sent.body).toEqual({ users: [], invited: 1, failedSSOEmails: [] });
  const [row] = await testDb()
    .select({ id: emailInvites.id })
    .from(emailInvites)
    .where(eq(emailInvites.email, person.user.email));
  return { org, owner, person, inviteId: row!.id };
}

const accept = (who: TestUser, id: string) => as(who.token).post(`/user/invites/${id}`);

describe("pending e-mail invites", () => {
  it("gives no access and no count until accepted; accepting joins once, idempotently", async () => {
    const { org, owner, person, inviteId } = await invited();
    const before = (await readOrg(org.id))!.membersCount;
    expect((await as(person.token).get(`/orgs/${org.id}`)).status).toBe(404);
    const mine = await as(person.token).get("/user/invites");
    expect(mine.body).toEqual({
      count: 1,
      items: [
        expect.objectContaining({
          object: "email-invite",
          id: inviteId,
          organization: { id: org.id, title: "Consent Corp" },
          role: "edit",
          acceptedAt: null,
        }),
      ],
    });
    const listed = await as(owner.token).get(`/orgs/${org.id}/email-invites`);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: inviteId, email: person.user.email, expired: false }),
    ]);
    const first = await accept(person, inviteId);
    expect([first.status, first.body.acceptedAt]).toEqual([200, expect.any(String)]);
    expect((await readMembership(org.id, person.user.id))?.role).toBe("edit");
    expect((await readOrg(org.id))!.membersCount).toBe(before + 1);
    expect((await as(person.token).get(`/orgs/${org.id}`)).status).toBe(200);
    const again = await accept(person, inviteId);
    expect(again.status).toBe(200);
    expect((await readOrg(org.id))!.membersCount).toBe(before + 1);
    expect((await as(person.token).get("/user/invites")).body.count).toBe(0);
    expect((await as(owner.token).get(`/orgs/${org.id}/email-invites`)).body.count).toBe(0);
    // Accepted, then disabled by an admin: accepting again does not bring them back.
    await setDisabled(org.id, person.user.id);
    expect((await accept(person, inviteId)).status).toBe(403);
  });

  it("ends by decline, by an admin's revocation and by expiry; nothing joins", async () => {
    const declined = await invited();
    expect(
      (await as(declined.person.token).delete(`/user/invites/${declined.inviteId}`)).status,
    ).toBe(204);
    expect((await accept(declined.person, declined.inviteId)).status).toBe(404);
    const revoked = await invited();
    const del = await as(revoked.owner.token).delete(
      `/orgs/${revoked.org.id}/email-invites/${revoked.inviteId}`,
    );
    expect(del.status).toBe(204);
    expect((await accept(revoked.person, revoked.inviteId)).status).toBe(404);
    const expired = await invited();
    await testDb()
      .update(emailInvites)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(emailInvites.id, expired.inviteId));
    expect((await as(expired.person.token).get("/user/invites")).body.count).toBe(0);
    const late = await accept(expired.person, expired.inviteId);
    expect([late.status, late.body.error.message]).toEqual([410, expect.stringMatching(/expired/)]);
    for (const w of [declined, revoked, expired]) {
      expect(await readMembership(w.org.id, w.person.user.id)).toBeUndefined();
    }
  });

  it("lets no other account accept, and no unverified address", async () => {
    const { org, person, inviteId } = await invited();
    const other = await makeUser();
    const stolen = await accept(other, inviteId);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual((await accept(other, "no-such-invite-0000")).body);
    expect((await as(other.token).delete(`/user/invites/${inviteId}`)).status).toBe(204);
    expect(await readMembership(org.id, other.user.id)).toBeUndefined();
    expect((await accept(person, inviteId)).status).toBe(200); // the decline of another did nothing
    const unverified = await invited({ emailVerified: false });
    const refused = await accept(unverified.person, unverified.inviteId);
    expect([refused.status, refused.body.error.message]).toEqual([
      403,
      expect.stringMatching(/not verified/),
    ]);
  });

  it("answers each caller kind: anonymous, forged, site, scoped, session with and without CSRF", async () => {
    const { person, inviteId, org } = await invited();
    const path = `/user/invites/${inviteId}`;
    expect((await call("POST", path, { token: null })).status).toBe(401);
    expect((await call("POST", path, { token: "gb_api_forged" })).status).toBe(401);
    // A published site's API token is no person: 404, as everywhere (src/auth/caller.ts).
    expect((await call("POST", path, { token: await foreignSiteToken() })).status).toBe(404);
    const readOnly = await makeToken(person.user.id, { scopes: ["user:read"] });
    expect((await as(readOnly).get("/user/invites")).status).toBe(200);
    expect((await as(readOnly).post(path)).status).toBe(403);
    const session = await makeSession(person.user.id);
    const noCsrf = await asSession(session).post(path, undefined, {
      headers: { "X-Quire-CSRF": "" },
    });
    expect(noCsrf.status).toBe(403);
    expect(await readMembership(org.id, person.user.id)).toBeUndefined();
    expect((await asSession(session).post(path)).status).toBe(200);
  });
});
