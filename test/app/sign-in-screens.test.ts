import { describe, expect, it, beforeAll } from "vitest";
import { APP_ORIGIN, appFetch, postForm, screenOf } from "../helpers/app-fetch";
import { makeUser, unique, testDb, makeMember, makeOrg, type TestUser } from "../helpers/factories";
import { env } from "cloudflare:test";
import {
  setOrg,
  uniqueDomain,
  makeInvite,
  readMembership,
  setDisabled,
} from "../helpers/organizations-factories";
import { makeSamlSetup } from "../helpers/sso-factories";
import { createOidcProvider } from "../../src/services/oidc/providers";
import { call, as } from "../helpers/api";
import { mailTo, secretsOf } from "../helpers/sign-in";
import { makeSession, type TestSession } from "../helpers/sessions";
import { emptyStorage } from "../helpers/storage";
import { addMember } from "../../src/services/organizations/organizations";

/**
 * GitHub sign-in through the app's screens (app/src/screens/sign-in/callbacks.ts) and the real
 * API, against the fake GitHub of test/network/github.ts: the /sign-in button, the start's
 * redirect to GitHub with the state cookie, GitHub's return to the callback page, its Continue,
 * the session and `next`; an address GitHub has not verified ends on the refusal page, signed out.
 */

/** The cookie pairs of a response's `Set-Cookie`, as a browser would send them back. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** From the /sign-in button to the callback page's Continue, as `who` at GitHub. */
async function throughGithub(who: string) {
  const screen = await appFetch("/sign-in?next=%2Faccount");
  expect(screen.text).toContain('href="/sign-in/oidc/github?next=%2Faccount"');
  expect(screen.text).toContain("GitHub");
  const start = await appFetch("/sign-in/oidc/github?next=%2Faccount");
  expect(start.res.status).toBe(303);
  const cookie = cookiesOf(start.res);
  expect(cookie).toMatch(/quire_oidc=/);
  const authorize = new URL(start.res.headers.get("location")!);
  expect(authorize.origin).toBe("https://github.example.com");
  authorize.searchParams.set("login", who);
  const atGithub = await fetch(authorize, { redirect: "manual" });
  await atGithub.body?.cancel();
  const back = new URL(atGithub.headers.get("location")!);
  expect(back.origin).toBe(APP_ORIGIN);
  const page = await appFetch(`${back.pathname}${back.search}`, { headers: { Cookie: cookie } });
  expect(page.res.status).toBe(200);
  const csrf = /name="csrf" value="([^"]*)"/.exec(page.text)?.[1] ?? "";
  const formCookie = [cookie, cookiesOf(page.res)].filter(Boolean).join("; ");
  return appFetch("/sign-in/oidc/callback", {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: formCookie,
    },
    body: new URLSearchParams({ csrf, query: back.search.slice(1) }).toString(),
  });
}

/**
 * Single sign-on on the sign-in screen (app/src/screens/sign-in/sso-view.tsx) through the app's
 * entry and the real API: an address on an organization's domain is offered its providers before
 * any mail is sent; `/sign-in?org=<id>` lists them; enforced SSO leaves only them.
 */

/** A signed-out browser's post of the sign-in screen's e-mail form. */
function postEmail(email: string, extra: Record<string, string> = {}) {
  return appFetch("/sign-in/email", {
    method: "POST",
    headers: { Origin: APP_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: "", email, next: "/account", ...extra }).toString(),
  });
}

/** An organization on a fresh domain with a SAML and an OIDC provider. */
async function ssoWorld() {
  const domain = uniqueDomain();
  const { org, provider } = await makeSamlSetup({}, { emailDomains: [domain] });
  const oidc = await createOidcProvider(testDb(), env.SIGNING_SECRET, {
    organizationId: org.id,
    title: "Acme Login",
    issuer: "https://idp.example.test",
    clientId: "client",
    clientSecret: "secret",
    defaultRole: null,
  });
  return { domain, org, provider, oidc };
}

/** A signed-out browser's form post to the app. */
function post(path: string, fields: Record<string, string>, cookie = "") {
  return appFetch(path, {
    method: "POST",
    headers: {
      Origin: APP_ORIGIN,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ csrf: "", ...fields }).toString(),
  });
}

/** Asks for a message from the sign-in screen with `next`; answers the nonce cookie and mail. */
async function ask(next: string) {
  const { user } = await makeUser({ email: `${unique("next")}@example.test` });
  const asked = await post("/sign-in/email", { email: user.email, next });
  expect(asked.res.status).toBe(303);
  const [message] = await mailTo(user.email);
  return { user, asked, message: message!, cookie: cookiesOf(asked.res) };
}

/**
 * E-mail invites need consent, on the app's screens (app/src/screens/home/invites.tsx and
 * app/src/screens/invite/): the invited account's home lists the invite with Accept and
 * Decline; the mail's link asks to sign in as the address, then offers the same choice.
 */

/** An account invited to a fresh organization; its session and the mail's link path. */
async function invitedPerson() {
  const { org, owner } = await makeOrg({ title: "Screen Corp" });
  const person = await makeUser();
  await as(owner.token).post(`/orgs/${org.id}/invites`, { emails: [person.user.email] });
  const [mail] = await mailTo(person.user.email);
  const link = new URL(/https?:\/\/\S+\/invite\/\S+/.exec(mail!.text)![0]);
  const session = await makeSession(person.user.id);
  return { org, person, session, linkPath: `${link.pathname}${link.search}` };
}

describe("sign-in-github", () => {
  describe("GitHub sign-in through the app", () => {
    it("signs in from the /sign-in button and lands on next", async () => {
      const email = `${unique("octo")}@example.com`;
      await makeUser({ email });
      const done = await throughGithub(email);
      expect(done.res.status, done.text.slice(0, 400)).toBe(303);
      expect(done.res.headers.get("location")).toBe("/account");
      expect(cookiesOf(done.res)).toMatch(/quire_session=qs_/);
    });

    it("refuses an address GitHub has not verified, signed out", async () => {
      const email = `${unique("octo")}@example.com`;
      await makeUser({ email });
      const refused = await throughGithub(`unverified:${email}`);
      expect(refused.res.status).toBe(403);
      // Its own reason first, with what to do; not the wording of a spent link.
      expect(refused.text).toMatch(
        /<p id="refusal-reason">The provider has not verified this e-mail address[^<]*verify it with the provider, or sign in another way\.<\/p>/,
      );
      expect(refused.text).not.toMatch(/expired|already used|not valid/);
      expect(cookiesOf(refused.res)).not.toMatch(/quire_session=qs_/);
    });
  });
});

describe("sign-in-sso", () => {
  beforeAll(emptyStorage);
  describe("single sign-on on the sign-in screen", () => {
    it("offers an address on an organization's domain its providers before sending mail", async () => {
      const { domain, org, provider, oidc } = await ssoWorld();
      const offered = await postEmail(`someone@${domain}`);
      expect(offered.res.status).toBe(200);
      expect(offered.paths).toEqual(["GET /v1/sessions/ways/sso"]);
      expect(offered.text).toContain(`${org.title} uses single sign-on.`);
      // The start URL on the app's origin (the app passes /sso/saml/* to the API).
      expect(offered.text).toContain(`href="${APP_ORIGIN}/sso/saml/${provider.id}/start"`);
      expect(offered.text).toContain(`Continue with ${provider.label}`);
      expect(offered.text).toContain(
        `href="/sign-in/oidc/${encodeURIComponent(`org:${oidc.id}`)}?next=%2Faccount"`,
      );
      expect(offered.text).toContain("Send me a sign-in link instead");
      // The link after all: the same form, told to skip the SSO step.
      const skipped = await postEmail(`someone@${domain}`, { sso: "skip" });
      expect(skipped.res.status).toBe(303);
      expect(skipped.paths).toEqual(["POST /v1/sessions/email"]);
      // Another domain: straight to the mail, as before.
      const plain = await postEmail(`someone@${uniqueDomain()}`);
      expect(plain.res.status).toBe(303);
      expect(plain.paths).toEqual(["GET /v1/sessions/ways/sso", "POST /v1/sessions/email"]);
    });

    it("offers only the SSO of an organization that enforces it", async () => {
      const { domain, org } = await ssoWorld();
      await setOrg(org.id, { sso: true });
      const offered = await postEmail(`someone@${domain}`);
      expect(offered.text).toContain(
        `Members of ${org.title} sign in with its single sign-on only.`,
      );
      expect(offered.text).not.toContain("Send me a sign-in link instead");
    });

    it("lists an organization's providers on /sign-in?org=<id>, only them when enforced", async () => {
      const { org, provider } = await ssoWorld();
      const listed = await appFetch(`/sign-in?org=${org.id}`);
      expect(listed.res.status).toBe(200);
      expect(listed.text).toContain(`Continue with ${provider.label}`);
      expect(listed.text).toContain('action="/sign-in/email"');
      await setOrg(org.id, { sso: true });
      const only = await appFetch(`/sign-in?org=${org.id}&next=%2Faccount`);
      expect(only.text).toContain(`Continue with ${provider.label}`);
      expect(only.text).not.toContain('action="/sign-in/email"');
      expect(only.text).toContain('href="/sign-in?next=%2Faccount"');
      const unknown = await appFetch(`/sign-in?org=doesnotexist00000000`);
      expect(unknown.res.status).toBe(200);
      expect(unknown.text).not.toContain("Single sign-on");
    });
  });
});

describe("sign-in-next", () => {
  beforeAll(emptyStorage);
  describe("the e-mail sign-in keeps next", () => {
    it("lands the link on the page asked for, through the confirm screen", async () => {
      const next = "/account?tab=sessions";
      const { asked, message, cookie } = await ask(next);
      expect(asked.res.headers.get("location")).toBe(
        `/sign-in/code?email=${encodeURIComponent(message.to)}&sent=1&next=${encodeURIComponent(next)}`,
      );
      const link = /https?:\/\/\S+\/sign-in\/email\?\S+/.exec(message.text)![0];
      const url = new URL(link);
      expect(url.searchParams.get("next")).toBe(next);
      const { token } = secretsOf(message);
      const confirm = await appFetch(`${url.pathname}${url.search}`, {
        headers: { Cookie: cookie },
      });
      expect(confirm.res.status).toBe(200);
      expect(confirm.text).toContain(`name="next" value="${next.replace("&", "&amp;")}"`);
      const done = await post("/sign-in/email/confirm", { token, next }, cookie);
      expect(done.res.status).toBe(303);
      expect(done.res.headers.get("location")).toBe(next);
      expect(cookiesOf(done.res)).toMatch(/quire_session=qs_/);
    });

    it("keeps next through the other-browser detour and the code", async () => {
      const { message, user } = await ask("/account");
      const { token, code } = secretsOf(message);
      // Another browser (no nonce cookie): asked for the code, next kept.
      const other = await post("/sign-in/email/confirm", { token, next: "/account" });
      expect(other.res.status).toBe(303);
      expect(other.res.headers.get("location")).toBe(
        "/sign-in/code?reason=other-browser&next=%2Faccount",
      );
      const codePage = await appFetch("/sign-in/code?reason=other-browser&next=%2Faccount");
      expect(codePage.text).toContain('name="next" value="/account"');
      const done = await post("/sign-in/code", { email: user.email, code, next: "/account" });
      expect(done.res.status).toBe(303);
      expect(done.res.headers.get("location")).toBe("/account");
    });

    it("never leaves the app: a foreign next becomes the home, and the API refuses one", async () => {
      for (const next of [
        "//evil.example/x",
        "https://evil.example/",
        "/\\evil.example",
        "/\t/evil",
      ]) {
        const { message, cookie } = await ask(next);
        expect(message.text).not.toContain("evil");
        const { token } = secretsOf(message);
        // A crafted link carrying a foreign next still lands at home.
        const done = await post("/sign-in/email/confirm", { token, next }, cookie);
        expect(done.res.headers.get("location")).toBe("/");
      }
      const refused = await call("POST", "/sessions/email", {
        body: { email: `${unique("next")}@example.test`, returnTo: "//evil.example/" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain("returnTo");
    });
  });
});

describe("join-screen", () => {
  beforeAll(emptyStorage);
  /**
   * The invite-link screen (app/src/screens/join/) through the app's entry and the real API: the
   * link an admin's settings show, signed out (sign-in first, then back), the organization and
   * its Join button, the join, and the refusals' pages.
   */
  describe("the join screen of an invite link", () => {
    it("is listed in the admin's settings, sends the signed out to sign in, and joins", async () => {
      const { org, owner } = await makeOrg();
      const invite = await makeInvite(org.id, owner.user.id, "comment");
      const path = `/join/${org.id}/${invite.id}`;
      const settings = await screenOf(
        await makeSession(owner.user.id),
        `/org/${org.id}/settings/sign-in`,
      );
      expect(settings.text).toContain(`value="https://app.quire.test${path}"`);

      const signedOut = await appFetch(path);
      expect(signedOut.res.status).toBe(303);
      expect(signedOut.res.headers.get("Location")).toBe(
        `/sign-in?next=${encodeURIComponent(path)}`,
      );

      const joiner = await makeUser();
      const session = await makeSession(joiner.user.id);
      const screen = await screenOf(session, path);
      expect(screen.res.status).toBe(200);
      expect(screen.text).toContain(`<h1>Join ${org.title}</h1>`);
      expect(screen.text).toContain("<strong>comment</strong>");
      expect(screen.text).toContain(`action="${path}"`);
      expect(screen.paths).toContain(`GET /v1/orgs/${org.id}/invites/${invite.id}`);
      expect(await readMembership(org.id, joiner.user.id)).toBeUndefined();

      const joined = await postForm(session, path);
      expect(joined.res.status).toBe(303);
      expect(joined.res.headers.get("Location")).toBe(`/o/${org.id}`);
      expect((await readMembership(org.id, joiner.user.id))?.role).toBe("comment");
      const again = await screenOf(session, path);
      expect(again.text).toContain("You are already a member");
      expect(again.text).not.toContain(`action="${path}"`);
    });

    it("shows why a link does not work: deleted (404), SSO enforced (403), cross-site (refused)", async () => {
      const { org, owner } = await makeOrg();
      const person = await makeSession((await makeUser()).user.id);
      const gone = await screenOf(person, `/join/${org.id}/doesnotexist00000000`);
      expect(gone.res.status).toBe(404);
      expect(gone.text).toContain("This invite link does not work");

      const invite = await makeInvite(org.id, owner.user.id, "read");
      const path = `/join/${org.id}/${invite.id}`;
      // A disabled member: their own reason first, with what to do (issue 35).
      const off = await makeMember(org.id, "read");
      await setDisabled(org.id, off.user.id);
      const offRefused = await postForm(await makeSession(off.user.id), path);
      expect(offRefused.res.status).toBe(403);
      expect(offRefused.text).toContain(
        `<p id="refusal-reason">Your membership of ${org.title} is disabled: ask one of its admins to enable it again.</p>`,
      );
      await setOrg(org.id, { sso: true });
      expect((await screenOf(person, path)).text).toContain("enforces single sign-on");
      const refused = await postForm(person, path);
      expect(refused.res.status).toBe(403);
      expect(refused.text).toMatch(/<p id="refusal-reason">[^<]*single sign-on \(SSO\)/);
      expect(await readMembership(org.id, person.userId)).toBeUndefined();

      // A form of another site is refused before the API is called.
      const member = await makeMember(org.id, "read");
      const session = await makeSession(member.user.id);
      const cross = await appFetch(path, {
        method: "POST",
        headers: {
          Cookie: session.cookie,
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ csrf: session.csrf }).toString(),
      });
      expect(cross.res.status).toBe(403);
      expect(cross.paths).toEqual([]);
    });
  });
});

describe("invite-consent", () => {
  beforeAll(emptyStorage);
  describe("pending invites on the app's screens", () => {
    it("lists the invite on the home; Accept joins, and the home then shows the organization", async () => {
      const { org, person, session } = await invitedPerson();
      const home = await screenOf(session, "/");
      expect(home.res.status).toBe(200);
      expect(home.text).toContain("Invites waiting for you");
      expect(home.text).toContain("You are not a member until you accept.");
      const action = /action="(\/invites\/[^"]+\/accept)"/.exec(home.text)![1]!;
      expect(await readMembership(org.id, person.user.id)).toBeUndefined();
      const accepted = await postForm(session, action);
      expect([accepted.res.status, accepted.res.headers.get("location")]).toEqual([303, "/"]);
      expect((await readMembership(org.id, person.user.id))?.role).toBe("read");
      const after = await screenOf(session, "/");
      expect(after.text).not.toContain("Invites waiting for you");
      expect(after.text).toContain("Screen Corp");
    });

    it("declines from the home: nothing joins, the invite is gone", async () => {
      const { org, person, session } = await invitedPerson();
      const home = await screenOf(session, "/");
      const action = /action="(\/invites\/[^"]+\/decline)"/.exec(home.text)![1]!;
      const declined = await postForm(session, action);
      expect(declined.res.status).toBe(303);
      expect(await readMembership(org.id, person.user.id)).toBeUndefined();
      expect((await screenOf(session, "/")).text).not.toContain("Invites waiting for you");
      // Accepting it afterwards: the clear refusal page, nothing changed.
      const late = await postForm(session, action.replace("/decline", "/accept"));
      expect(late.res.status).toBe(404);
      expect(late.text).toContain("This invite cannot be used");
    });

    it("a disabled member's Accept is refused with that reason first, not the invite's", async () => {
      const { org, person, linkPath } = await invitedPerson();
      await addMember(testDb(), { organizationId: org.id, userId: person.user.id, role: "read" });
      await setDisabled(org.id, person.user.id); // their sessions end: they sign in again
      const session = await makeSession(person.user.id);
      const inviteId = /^\/invite\/([^/?]+)/.exec(linkPath)![1]!;
      const refused = await postForm(session, `/invites/${inviteId}/accept`);
      expect(refused.res.status).toBe(403);
      expect(refused.text).toContain(
        `<p id="refusal-reason">Your membership of ${org.title} is disabled: ask one of its admins to enable it again.</p>`,
      );
      expect(refused.text).not.toMatch(/expired|revoked or declined/);
    });

    it("the mail's link: sign in as the address first; another account is told, not let in", async () => {
      const { org, person, session, linkPath } = await invitedPerson();
      const signedOut = await appFetch(linkPath);
      expect(signedOut.res.status).toBe(200);
      expect(signedOut.text).toContain(`Sign in as ${person.user.email} to accept or decline`);
      expect(signedOut.text).toContain(`href="/sign-in?next=${encodeURIComponent(linkPath)}"`);
      expect(signedOut.text).not.toContain('name="displayName"');
      const other = await makeUser();
      const asOther = await screenOf(await makeSession(other.user.id), linkPath);
      expect(asOther.text).toContain(`but this invite is for ${person.user.email}`);
      expect(asOther.text).not.toContain("/accept");
      const asPerson = await screenOf(session, linkPath);
      const action = /action="(\/invites\/[^"]+\/accept)"/.exec(asPerson.text)![1]!;
      expect((await postForm(session, action)).res.status).toBe(303);
      expect((await readMembership(org.id, person.user.id))?.role).toBe("read");
    });
  });
});

describe("member-invites", () => {
  beforeAll(emptyStorage);
  /**
   * The members screen's pending e-mail invites (app/src/screens/admin/members/invites-view.tsx)
   * through the app's entry and the real API: an admin invites an address by the screen's form,
   * sees the invite waiting (the address, the role, who invited, when, until when) and revokes
   * it, after which its person cannot accept it. A reader sees neither the list nor the form, and
   * the API refuses their revoke.
   */

  describe("the members screen's pending invites", () => {
    let orgId: string;
    let admin: TestSession;
    let owner: TestUser;
    let reader: TestSession;
    let invitee: TestUser;
    beforeAll(async () => {
      const made = await makeOrg();
      orgId = made.org.id;
      owner = made.owner;
      invitee = await makeUser();
      const readerUser = await makeMember(orgId, "read");
      [admin, reader] = await Promise.all([
        makeSession(owner.user.id),
        makeSession(readerUser.user.id),
      ]);
    });

    it("lists an invite with who, when and by whom, and revokes it", async () => {
      const base = `/o/${orgId}/settings/members`;
      const sent = await postForm(admin, `${base}/invite`, {
        emails: invitee.user.email,
        role: "edit",
      });
      expect(sent.res.status).toBe(303);
      const screen = await screenOf(admin, base);
      expect(screen.paths).toContain(`GET /v1/orgs/${orgId}/email-invites`);
      expect(screen.text).toContain("Pending invites");
      expect(screen.text).toContain(`<strong>${invitee.user.email}</strong>`);
      const listed = await as(owner.token).get(`/orgs/${orgId}/email-invites`);
      const [invite] = listed.body.items;
      expect(invite).toEqual(
        expect.objectContaining({ role: "edit", invitedBy: admin.userId, expired: false }),
      );
      expect(invite.invitedByName).toEqual(expect.any(String));
      expect(screen.text).toContain(`<td>${invite.invitedByName}</td>`);
      expect(screen.text).toContain(`${base}/invites/${invite.id}/revoke`);

      // A reader sees no pending invite and no invite form; the API refuses their revoke.
      const asReader = await screenOf(reader, base);
      expect(asReader.res.status).toBe(200);
      expect(asReader.paths).not.toContain(`GET /v1/orgs/${orgId}/email-invites`);
      expect(asReader.text).not.toContain("Pending invites");
      const refused = await postForm(reader, `${base}/invites/${invite.id}/revoke`);
      expect(refused.res.status).toBe(403);

      const revoked = await postForm(admin, `${base}/invites/${invite.id}/revoke`);
      expect(revoked.res.status).toBe(303);
      expect(revoked.res.headers.get("Location")).toBe(`${base}?done=invite-revoked`);
      expect(revoked.paths).toContain(`DELETE /v1/orgs/${orgId}/email-invites/${invite.id}`);
      const after = await screenOf(admin, `${base}?done=invite-revoked`);
      expect(after.text).toContain("The invite is revoked");
      expect(after.text).not.toContain(`<strong>${invitee.user.email}</strong>`);
      expect((await as(invitee.token).post(`/user/invites/${invite.id}`)).status).toBe(404);
    });
  });
});

describe("account-profile", () => {
  beforeAll(emptyStorage);
  /**
   * The account screen's profile form (app/src/screens/account/profile-view.tsx) through the app's
   * entry and the real API: the display name (and photo) changed with the official
   * `PATCH /v1/users/{userId}` on the session's own person (GitBook's spec has no
   * update-current-user operation, so there is no `PATCH /v1/user`); a refusal keeps what was
   * typed and names the reason.
   */

  describe("the account screen's profile", () => {
    it("changes the display name and the photo, then shows them", async () => {
      const { user } = await makeUser();
      const person = await makeSession(user.id);
      const saved = await postForm(person, "/account/profile", {
        displayName: "  Grace Hopper  ",
        photoURL: "https://photos.example.com/grace.png",
      });
      expect(saved.res.status).toBe(303);
      expect(saved.res.headers.get("Location")).toBe("/account?done=profile-saved");
      expect(saved.paths).toContain(`PATCH /v1/users/${user.id}`);
      const me = await call("GET", "/user", { headers: { Cookie: person.cookie } });
      expect(me.body).toMatchObject({
        displayName: "Grace Hopper",
        photoURL: "https://photos.example.com/grace.png",
      });
      const screen = await screenOf(person, "/account?done=profile-saved");
      expect(screen.text).toContain("Your profile is saved.");
      expect(screen.text).toContain('value="Grace Hopper"');
      // An empty photo removes it.
      await postForm(person, "/account/profile", { displayName: "Grace Hopper", photoURL: "" });
      const after = await call("GET", "/user", { headers: { Cookie: person.cookie } });
      expect(after.body.photoURL).toBeUndefined();
    });

    it("refuses an empty name and a photo that is not https, keeping what was typed", async () => {
      const { user } = await makeUser({ displayName: "Ada" });
      const person = await makeSession(user.id);
      const empty = await postForm(person, "/account/profile", { displayName: " ", photoURL: "" });
      expect(empty.res.status).toBe(400);
      expect(empty.text).toContain("Give your name.");
      const http = await postForm(person, "/account/profile", {
        displayName: "Ada L.",
        photoURL: "http://photos.example.com/ada.png",
      });
      expect(http.res.status).toBe(400);
      expect(http.text).toContain("photoURL");
      expect(http.text).toContain('value="Ada L."');
      const me = await call("GET", "/user", { headers: { Cookie: person.cookie } });
      expect(me.body.displayName).toBe("Ada");
    });

    it("changes the address: the form, the pending state and its code; the link's confirm page", async () => {
      const { user } = await makeUser();
      const person = await makeSession(user.id);
      const next = `${unique("moved")}@example.test`;
      const asked = await postForm(person, "/account/email", { email: next });
      expect(asked.res.headers.get("Location")).toBe("/account?done=email-sent");
      expect(asked.paths).toContain("POST /v1/user/email");
      const pending = await screenOf(person, "/account?done=email-sent");
      expect(pending.text).toContain("Check your new address");
      expect(pending.text).toContain(next);
      const { code, token } = secretsOf((await mailTo(next))[0]!);
      const wrong = await postForm(person, "/account/email/code", {
        code: code === "000000" ? "111111" : "000000",
      });
      expect(wrong.res.status).toBe(400);
      expect(wrong.text).toContain("4 tries left");
      const done = await postForm(person, "/account/email/code", { code });
      expect(done.res.headers.get("Location")).toBe("/account?done=email-changed");
      expect((await call("GET", "/user", { headers: { Cookie: person.cookie } })).body.email).toBe(
        next,
      );
      // The link of the (now spent) message: its page spends nothing; its button says why it fails.
      const page = await screenOf(person, `/account/email?token=${token}`);
      expect(page.text).toContain('action="/account/email/confirm"');
      expect(page.paths).not.toContain("POST /v1/user/email/confirm");
      const spent = await postForm(person, "/account/email/confirm", { token });
      expect(spent.res.status).toBe(410);
      expect(spent.text).toContain("Your address is unchanged.");
    });
  });
});
