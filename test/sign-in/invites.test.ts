import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser, unique } from "../helpers/factories";
import { askSignIn, mailTo, secretsOf, setCookie } from "../helpers/sign-in";
import { readMembership } from "../helpers/organizations-factories";

/** The invite id and token of an invite message's link. */
function inviteLink(text: string) {
  const match = /\/invite\/([\w-]+)\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no invite link in: ${text}`);
  return { inviteId: match[1]!, token: match[2]! };
}

describe("e-mail invites (official inviteUsersToOrganization)", () => {
  it("adds people who have an account, sends others a link that creates them and joins", async () => {
    const { org, owner } = await makeOrg({ title: "Invite Corp" });
    const existing = await makeUser();
    const fresh = `${unique("invitee")}@example.test`;
    const res = await as(owner.token).post(`/orgs/${org.id}/invites`, {
      emails: [existing.user.email, { email: fresh.toUpperCase(), role: "edit" }],
      role: "comment",
    });
    expect([res.status, res.body.error?.message]).toEqual([200, undefined]);
    expect(res.body).toEqual({ users: [existing.user.id], invited: 2, failedSSOEmails: [] });
    expect((await readMembership(org.id, existing.user.id))?.role).toBe("comment");
    const [notice] = await mailTo(existing.user.email);
    expect(notice!.subject).toMatch(/added you to Invite Corp/);
    const [invite] = await mailTo(fresh);
    expect(invite!.text).toContain(`${env.PUBLIC_APP_URL}/invite/`);
    const link = inviteLink(invite!.text);
    // Reading what the link offers spends nothing.
    const preview = await call("GET", "/sessions/invite", { query: link });
    expect(preview.body).toMatchObject({
      organization: { id: org.id, title: "Invite Corp" },
      email: fresh,
      role: "edit",
    });
    const accepted = await call("POST", "/sessions/invite", {
      body: { ...link, displayName: "Grace" },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      created: true,
      user: { displayName: "Grace", email: fresh },
    });
    expect(setCookie(accepted, "quire_session")).toMatch(/^qs_/);
    expect((await readMembership(org.id, accepted.body.user.id))?.role).toBe("edit");
    const reused = await call("POST", "/sessions/invite", { body: link });
    expect(reused.status).toBe(410);
  });

  it("lets a pending invitee sign up by e-mail, and refuses invites from non-admins", async () => {
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
    expect(res.body.created).toBe(true);
    expect((await readMembership(org.id, res.body.user.id))?.role).toBe("read");
    const writer = await makeMember(org.id, "edit");
    const refused = await as(writer.token).post(`/orgs/${org.id}/invites`, {
      emails: ["a@example.test"],
    });
    expect(refused.status).toBe(403);
  });
});
