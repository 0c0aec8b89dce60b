import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser, testDb, unique } from "../helpers/factories";
import { eq } from "drizzle-orm";
import { organizations } from "../../src/db/schema";
import { askSignIn, mailTo, secretsOf, setCookie } from "../helpers/sign-in";
import { readMembership } from "../helpers/organizations-factories";

/** The invite id and token of an invite message's link. */
function inviteLink(text: string) {
  const match = /\/invite\/([\w-]+)\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no invite link in: ${text}`);
  return { inviteId: match[1]!, token: match[2]! };
}

describe("e-mail invites (official inviteUsersToOrganization)", () => {
  it("adds nobody at once: an account gets a pending invite, a new address a link that joins", async () => {
    const { org, owner } = await makeOrg({ title: "Invite Corp" });
    const existing = await makeUser();
    const fresh = `${unique("invitee")}@example.test`;
    const res = await as(owner.token).post(`/orgs/${org.id}/invites`, {
      emails: [existing.user.email, { email: fresh.toUpperCase(), role: "edit" }],
      role: "comment",
    });
    expect([res.status, res.body.error?.message]).toEqual([200, undefined]);
    expect(res.body).toEqual({ users: [], invited: 2, failedSSOEmails: [] });
    expect(await readMembership(org.id, existing.user.id)).toBeUndefined();
    const [notice] = await mailTo(existing.user.email);
    expect(notice!.subject).toMatch(/invited you to Invite Corp/);
    expect(notice!.text).toContain("until you accept, you are not a member");
    // The link of an existing account shows the invite; accepting by it alone is refused.
    const theirs = await call("GET", "/sessions/invite", { query: inviteLink(notice!.text) });
    expect(theirs.body).toMatchObject({ account: true, role: "comment" });
    const byLink = await call("POST", "/sessions/invite", { body: inviteLink(notice!.text) });
    expect([byLink.status, byLink.body.error.message]).toEqual([
      409,
      expect.stringMatching(/sign in to it, then accept or decline/),
    ]);
    expect(setCookie(byLink, "quire_session")).toBeUndefined();
    const [invite] = await mailTo(fresh);
    expect(invite!.text).toContain(`${env.PUBLIC_APP_URL}/invite/`);
    const link = inviteLink(invite!.text);
    // Reading what the link offers spends nothing.
    const preview = await call("GET", "/sessions/invite", { query: link });
    expect(preview.body).toMatchObject({
      organization: { id: org.id, title: "Invite Corp" },
      email: fresh,
      role: "edit",
      account: false,
    });
    const accepted = await call("POST", "/sessions/invite", {
      body: { ...link, displayName: "Grace" },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({
      user: { displayName: "Grace", email: fresh },
    });
    expect(setCookie(accepted, "quire_session")).toMatch(/^qs_/);
    expect((await readMembership(org.id, accepted.body.user.id))?.role).toBe("edit");
    const reused = await call("POST", "/sessions/invite", { body: link });
    expect(reused.status).toBe(410);
  });

  it("lets a pending invitee sign up by e-mail (the invite stays pending), and refuses invites from non-admins", async () => {
    const { org, owner } = await makeOrg();
    const fresh = `${unique("pending")}@example.test`;
    await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [fresh] });
    const { cookie } = await askSignIn(fresh);
    const messages = await mailTo(fresh, 2);
    const signUp = messages.find((m) => m.subject === "Create your Quire account")!;
    const res = await call("POST", "/sessions/email/link", {
      body: { token: secretsOf(signUp).token },
      headers: { Cookie: cookie! },
    });
    expect(res.body.user.email).toBe(fresh);
    // Signing up is no consent to join: the invite waits on the person's home.
    expect(await readMembership(org.id, res.body.user.id)).toBeUndefined();
    const session = { Cookie: `quire_session=${setCookie(res, "quire_session")}` };
    const mine = await call("GET", "/user/invites", { headers: session });
    expect(mine.body).toMatchObject({ count: 1, items: [{ organization: { id: org.id } }] });
    // An organization that enforces SSO lets its invitees in through its SSO only.
    await testDb().update(organizations).set({ sso: true }).where(eq(organizations.id, org.id));
    const later = `${unique("sso")}@example.test`;
    await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [later] });
    const ssoInvite = inviteLink((await mailTo(later))[0]!.text);
    const refusedSso = await call("POST", "/sessions/invite", { body: ssoInvite });
    expect([refusedSso.status, refusedSso.body.error.message]).toEqual([
      403,
      expect.stringMatching(/single sign-on/),
    ]);
    const writer = await makeMember(org.id, "edit");
    const refused = await as(writer.token).post(`/orgs/${org.id}/invites`, {
      emails: ["a@example.test"],
    });
    expect(refused.status).toBe(403);
  });
});
