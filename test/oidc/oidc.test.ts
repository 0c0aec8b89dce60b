import { describe, expect, it, beforeAll } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser, unique, type TestUser } from "../helpers/factories";
import { markVerified, publishTxt } from "../helpers/domains";
import { finishOidc, loginAtProvider, sessionCookieOf, startOidc } from "../helpers/oidc-flow";
import { appOrigin } from "../helpers/sessions";
import { deploymentProviders } from "../../src/services/oidc/deployment";
import { githubAuthorizationUrl } from "../../src/services/oidc/github";
import { credentialsOf } from "../helpers/sso-factories";
import { emptyStorage } from "../helpers/storage";

// Sign-in with GitHub (src/services/oidc/github.ts), a deployment provider of kind "github" in
// vitest.config.ts OIDC_PROVIDERS, against the fake GitHub of test/network/github.ts.

/** Signs `who` in at the fake GitHub (see its `login=` rule); the query sent to the callback. */
async function loginAtGithub(authorizationUrl: string, who: string | null): Promise<string> {
  const url = new URL(authorizationUrl);
  if (who !== null) url.searchParams.set("login", who);
  const res = await fetch(url, { redirect: "manual" });
  await res.body?.cancel();
  const back = new URL(res.headers.get("location") ?? "about:blank");
  expect(`${back.origin}${back.pathname}`).toBe(`${appOrigin()}/sign-in/oidc/callback`);
  return back.search.slice(1);
}

/** A whole sign-in of `who` from a fresh start: the callback's answer. */
async function signIn(who: string) {
  const start = await startOidc("github");
  return finishOidc(await loginAtGithub(start.url, who), start.cookie);
}

// An organization's `emailDomains` are unverified claims and its admin registers the provider:
// it may sign in an existing account only when it is a member, never a mere invitee
// (src/services/sso/existing-account.ts), and create one only on a verified domain
// (src/services/sso/new-account.ts; docs/security.md). The provider is the real
// oidc-provider of test/network (https://idp.example.com), which vouches for any address.

/** An organization claiming `domain`, with its own OIDC provider; the provider's id. */
async function orgWithProvider(
  domain: string,
): Promise<{ orgId: string; owner: TestUser; id: string }> {
  const { org, owner } = await makeOrg({ emailDomains: [domain] });
  const created = await as(owner.token).post(`/orgs/${org.id}/oidc-providers`, {
    title: "Their IdP",
    issuer: "https://idp.example.com",
    clientId: "quire-org",
    clientSecret: "org-secret",
    defaultRole: "edit",
  });
  expect(created.status, created.text).toBe(201);
  return { orgId: org.id, owner, id: created.body.id };
}

/** The whole sign-in of `email` through provider `id`: the callback's answer. */
async function signInAs(id: string, email: string) {
  const start = await startOidc(id);
  expect(start.res.status).toBe(200);
  return finishOidc(await loginAtProvider(start.url, email), start.cookie);
}

describe("oidc", () => {
  // Sign-in with the deployment's provider (vitest.config.ts OIDC_PROVIDERS: "idp", a real
  // oidc-provider behind https://idp.example.com) and with organizations' providers.
  describe("OIDC sign-in with a real provider", () => {
    it("signs a person in by their verified e-mail, once", async () => {
      const email = `${unique("alice")}@example.com`;
      const alice = await makeUser({ email });
      const start = await startOidc("idp", { returnTo: "/account" });
      expect(start.res.status).toBe(200);
      const url = new URL(start.url);
      expect(url.origin).toBe("https://idp.example.com");
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("nonce")).toBeTruthy();
      expect(start.cookie).toMatch(/^quire_oidc=/);
      const query = await loginAtProvider(start.url, email);
      const done = await finishOidc(query, start.cookie);
      expect(done.status).toBe(201);
      expect(done.body).toMatchObject({ object: "current-session", returnTo: "/account" });
      expect(done.body.user.id).toBe(alice.user.id);
      const session = sessionCookieOf(done)!;
      expect(session).toMatch(/^quire_session=qs_/);
      const me = await call("GET", "/session", { headers: { Cookie: session } });
      expect(me.body.user.id).toBe(alice.user.id);
      expect(me.body.session.method).toBe("oidc");
      // The same answer again: its state was spent.
      const replay = await finishOidc(query, start.cookie);
      expect(replay.status).toBe(403);
      expect(replay.body.error.message).toMatch(/no sign-in under way/);
    });

    it("refuses a wrong state, another browser, a replayed code, unknown and unverified people", async () => {
      const email = `${unique("bob")}@example.com`;
      await makeUser({ email });
      const first = await startOidc("idp");
      const query = await loginAtProvider(first.url, email);
      const forged = new URLSearchParams(query);
      forged.set("state", "not-the-state");
      expect((await finishOidc(forged.toString(), first.cookie)).status).toBe(403);
      // The right state from a browser without the state cookie (or another's).
      const other = await startOidc("idp");
      const elsewhere = await finishOidc(query, other.cookie);
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.error.message).toMatch(/another browser/);
      // The spent code under a fresh state of the same browser: the provider refuses it.
      const again = await startOidc("idp");
      const reused = new URLSearchParams(query);
      reused.set("state", new URL(again.url).searchParams.get("state")!);
      const replayedCode = await finishOidc(reused.toString(), again.cookie);
      expect(replayedCode.status).toBe(403);
      expect(replayedCode.body.error.message).toMatch(/invalid_grant/);
      // A verified address with no account here, and an address the provider has not verified.
      const stranger = await startOidc("idp");
      const strangerQuery = await loginAtProvider(stranger.url, `${unique("eve")}@example.com`);
      const unknown = await finishOidc(strangerQuery, stranger.cookie);
      expect(unknown.status).toBe(403);
      expect(unknown.body.error.message).toMatch(/No Quire account/);
      const unverifiedEmail = `unverified-${unique("u")}@example.com`;
      await makeUser({ email: unverifiedEmail });
      const unverified = await startOidc("idp");
      const unverifiedQuery = await loginAtProvider(unverified.url, unverifiedEmail);
      const refused = await finishOidc(unverifiedQuery, unverified.cookie);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/not verified/);
      expect(sessionCookieOf(refused)).toBeNull();
    });

    it("refuses a start from another site and an unknown provider", async () => {
      const foreign = await startOidc("idp", { origin: "https://evil.example" });
      expect(foreign.res.status).toBe(403);
      expect((await startOidc("nope")).res.status).toBe(404);
      const badReturn = await call("POST", "/sessions/oidc/start", {
        body: { provider: "idp", returnTo: "//evil.example/x" },
        headers: { Origin: "https://app.quire.test" },
      });
      expect(badReturn.status).toBe(400);
      expect(badReturn.body.error.message).toMatch(/body\.returnTo/);
    });
  });
  describe("organizations' OIDC providers", () => {
    it("are managed by admins, their secret never answered, and let in the org's domain", async () => {
      const domain = `${unique("corp")}.example.com`;
      const { org, owner } = await makeOrg({ emailDomains: [domain] });
      const admin = as(owner.token);
      const path = `/orgs/${org.id}/oidc-providers`;
      const body = {
        title: "Corp SSO",
        issuer: "https://idp.example.com",
        clientId: "quire-org",
        clientSecret: "org-secret",
        defaultRole: "edit",
      };
      const created = await admin.post(path, body);
      expect(created.status).toBe(201);
      expect(created.text).not.toContain("org-secret");
      expect(created.body.redirectURL).toBe("https://app.quire.test/sign-in/oidc/callback");
      const id = created.body.id;
      const listed = await admin.get(path);
      expect(listed.body.count).toBe(1);
      expect(listed.text).not.toContain("org-secret");
      const renamed = await admin.patch(`${path}/${id}`, { title: "Corp" });
      expect(renamed.body.title).toBe("Corp");
      // Not an issuer: discovery fails, a 400 naming the field.
      const bad = await admin.post(path, {
        ...body,
        issuer: "https://echo.example.com/status/404",
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^body\.issuer/);
      // Members below admin see it but may not; outsiders do not see the organization.
      const editor = await makeMember(org.id, "edit");
      expect((await as(editor.token).get(path)).status).toBe(403);
      expect((await as(editor.token).post(path, body)).status).toBe(403);
      const outsider = await makeUser();
      expect((await as(outsider.token).get(path)).status).toBe(404);

      // A new person of the organization's (verified) domain joins with the provider's role.
      await markVerified(org.id, [domain]);
      const email = `${unique("carol")}@${domain}`;
      const start = await startOidc(id);
      const done = await finishOidc(await loginAtProvider(start.url, email), start.cookie);
      expect(done.status).toBe(201);
      expect(done.body.user.email).toBe(email);
      const members = await admin.get(`/orgs/${org.id}/members`);
      const joined = members.body.items.find(
        (m: { user: { id: string } }) => m.user.id === done.body.user.id,
      );
      expect(joined?.role).toBe("edit");
      // Another domain may not join through it.
      const foreign = await startOidc(id);
      const outQuery = await loginAtProvider(foreign.url, `${unique("dan")}@example.com`);
      expect((await finishOidc(outQuery, foreign.cookie)).status).toBe(403);

      expect((await admin.delete(`${path}/${id}`)).status).toBe(204);
      expect((await startOidc(id)).res.status).toBe(404);
    });

    // A man in the middle re-signs the real provider's ID token (test/network/oidc.ts).
    it.each([
      ["audience", /aud/],
      ["nonce", /nonce/],
      ["issuer", /iss/],
      ["expired", /exp/],
      ["signature", /signature/i],
    ])("refuses an ID token with a wrong %s", async (mode, reason) => {
      const domain = `${unique("t")}.example.com`;
      const { org, owner } = await makeOrg({ emailDomains: [domain] });
      const created = await as(owner.token).post(`/orgs/${org.id}/oidc-providers`, {
        title: mode,
        issuer: `https://tamper.example.com/${mode}`,
        clientId: "quire-org",
        clientSecret: "org-secret",
      });
      expect(created.status).toBe(201);
      const start = await startOidc(created.body.id);
      const query = new URLSearchParams(await loginAtProvider(start.url, `x@${domain}`));
      query.delete("iss");
      const res = await finishOidc(query.toString(), start.cookie);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(reason);
      expect(sessionCookieOf(res)).toBeNull();
    });
  });
});

describe("github", () => {
  beforeAll(emptyStorage);
  describe("GitHub sign-in", () => {
    it("signs a person in by their verified primary address, once", async () => {
      const email = `${unique("octo")}@example.com`;
      const octo = await makeUser({ email });
      const start = await startOidc("github", { returnTo: "/account" });
      expect(start.res.status).toBe(200);
      const url = new URL(start.url);
      expect(`${url.origin}${url.pathname}`).toBe(
        "https://github.example.com/login/oauth/authorize",
      );
      expect(url.searchParams.get("client_id")).toBe("quire-gh");
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("state")).toBeTruthy();
      expect(url.searchParams.get("scope")).toBe("read:user user:email");
      const query = await loginAtGithub(start.url, email.toUpperCase());
      const done = await finishOidc(query, start.cookie);
      expect(done.status, done.text).toBe(201);
      expect(done.body).toMatchObject({ object: "current-session", returnTo: "/account" });
      expect(done.body.user.id).toBe(octo.user.id);
      const me = await call("GET", "/session", { headers: { Cookie: sessionCookieOf(done)! } });
      expect(me.body.user.id).toBe(octo.user.id);
      // The same answer again: its state was spent.
      const replay = await finishOidc(query, start.cookie);
      expect(replay.status).toBe(403);
      expect(replay.body.error.message).toMatch(/no sign-in under way/);
    });

    it("refuses unverified and non-primary addresses, strangers, and a refused sign-in", async () => {
      const email = `${unique("gh")}@example.com`;
      await makeUser({ email });
      const unverified = await signIn(`unverified:${email}`);
      expect(unverified.status).toBe(403);
      expect(unverified.body.error.message).toMatch(/not verified/);
      expect(sessionCookieOf(unverified)).toBeNull();
      // Verified on GitHub, but not the primary address: the primary (unverified) is the one read.
      const secondary = await signIn(`secondary:${email}`);
      expect(secondary.status).toBe(403);
      expect(secondary.body.error.message).toMatch(/not verified/);
      const stranger = await signIn(`${unique("eve")}@example.com`);
      expect(stranger.status).toBe(403);
      expect(stranger.body.error.message).toMatch(/No Quire account/);
      // The person said no at GitHub.
      const denied = await startOidc("github");
      const no = await finishOidc(await loginAtGithub(denied.url, null), denied.cookie);
      expect(no.status).toBe(403);
      expect(no.body.error.message).toMatch(/access_denied/);
    });

    it("refuses a wrong state, another browser and a spent code", async () => {
      const email = `${unique("gh")}@example.com`;
      await makeUser({ email });
      const first = await startOidc("github");
      const query = await loginAtGithub(first.url, email);
      const forged = new URLSearchParams(query);
      forged.set("state", "not-the-state");
      expect((await finishOidc(forged.toString(), first.cookie)).status).toBe(403);
      const other = await startOidc("github");
      const elsewhere = await finishOidc(query, other.cookie);
      expect(elsewhere.body.error.message).toMatch(/another browser/);
      // A code spent by a finished sign-in, replayed under a fresh state: GitHub refuses it.
      const again = await startOidc("github");
      const fresh = await loginAtGithub(again.url, email);
      expect((await finishOidc(fresh, again.cookie)).status).toBe(201);
      const third = await startOidc("github");
      const reused = new URLSearchParams(fresh);
      reused.set("state", new URL(third.url).searchParams.get("state")!);
      const spent = await finishOidc(reused.toString(), third.cookie);
      expect(spent.status).toBe(403);
      expect(spent.body.error.message).toMatch(/bad_verification_code/);
    });

    it("is listed among the ways in, configured like any deployment provider", async () => {
      const ways = await call("GET", "/sessions/ways");
      expect(ways.body.oidc).toContainEqual({ id: "github", title: "GitHub" });
      const env = {
        OIDC_PROVIDERS: JSON.stringify([
          { id: "gh", title: "GitHub", kind: "github", clientId: "c" },
          { id: "ghes", title: "GHES", kind: "github", clientId: "c", url: "http://ghes.test" },
          { id: "ghl", title: "Local", kind: "github", clientId: "c", url: "http://127.0.0.1:9" },
        ]),
        OIDC_GH_SECRET: "s",
        OIDC_GHES_SECRET: "s",
        OIDC_GHL_SECRET: "s",
      };
      const [github, ...others] = deploymentProviders(env);
      // Plain http is refused but on this machine (a local fake GitHub, reached only in dev).
      expect(others.map((p) => [p.key, p.issuer])).toEqual([["ghl", "http://127.0.0.1:9"]]);
      expect(github).toEqual({
        key: "gh",
        id: "gh",
        title: "GitHub",
        kind: "github",
        clientId: "c",
        issuer: "https://github.com",
        clientSecret: "s",
      });
      const url = await githubAuthorizationUrl(github!, {
        redirectUri: "https://app.example/sign-in/oidc/callback",
        state: "s",
        codeVerifier: "v".repeat(43),
      });
      expect(url).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?client_id=c&/);
    });
  });
});

describe("existing-accounts", () => {
  beforeAll(emptyStorage);
  describe("an organization's OIDC provider and existing accounts", () => {
    it("refuses an existing non-member whose address is on the organization's domains", async () => {
      const domain = `${unique("victim")}.example.com`;
      const { orgId, owner, id } = await orgWithProvider(domain);
      const victim = await makeUser({ email: `${unique("v")}@${domain}` });
      const credentials = await credentialsOf(victim.user.id);
      const res = await signInAs(id, victim.user.email);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toMatch(
        /^An account with this address already exists and is not a member of .+: sign in to it another way and accept an invite$/,
      );
      expect(sessionCookieOf(res)).toBeNull();
      expect(await credentialsOf(victim.user.id)).toBe(credentials);
      const member = await as(owner.token).get(`/orgs/${orgId}/members/${victim.user.id}`);
      expect(member.status).toBe(404);
    });

    it("still signs in an existing member", async () => {
      const { orgId, id } = await orgWithProvider(`${unique("m")}.example.com`);
      const member = await makeMember(orgId, "review");
      const res = await signInAs(id, member.user.email);
      expect(res.status, res.text).toBe(201);
      expect(res.body.user.id).toBe(member.user.id);
      expect(sessionCookieOf(res)).toMatch(/^quire_session=/);
    });

    it("refuses an account holding only a pending invite, until its person accepts", async () => {
      const { orgId, owner, id } = await orgWithProvider(`${unique("i")}.example.com`);
      // The attack: an admin invites any address, then asserts it from their own provider.
      const person = await makeUser({ email: `${unique("invited")}@elsewhere.example` });
      const email = person.user.email;
      const invited = await as(owner.token).post(`/orgs/${orgId}/invites`, { emails: [email] });
      expect(invited.body).toMatchObject({ users: [], invited: 1 });
      const refused = await signInAs(id, email);
      expect(refused.status).toBe(403);
      expect(sessionCookieOf(refused)).toBeNull();
      expect((await as(owner.token).get(`/orgs/${orgId}/members/${person.user.id}`)).status).toBe(
        404,
      );
      const mine = await as(person.token).get("/user/invites");
      expect((await as(person.token).post(`/user/invites/${mine.body.items[0].id}`)).status).toBe(
        200,
      );
      const res = await signInAs(id, email);
      expect(res.status, res.text).toBe(201);
      expect(res.body.user.id).toBe(person.user.id);
      const member = await as(owner.token).get(`/orgs/${orgId}/members/${person.user.id}`);
      expect(member.body.role).toBe("read");
    });

    it("provisions a new address only once the organization verified its domain", async () => {
      const domain = `${unique("n")}.example.com`;
      const { orgId, owner, id } = await orgWithProvider(domain);
      const email = `${unique("new")}@${domain}`;
      // Listed in emailDomains but unverified: the pre-hijack is refused, nothing is created.
      const refused = await signInAs(id, email);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toContain(`${email} has no account here, and ${domain}`);
      expect(refused.body.error.message).toContain(
        `ask an admin to verify ${domain}, or to invite`,
      );
      expect(sessionCookieOf(refused)).toBeNull();
      // The admin publishes the record and checks it (the domain is listed already: 200).
      const admin = as(owner.token);
      const listed = await admin.post(`/orgs/${orgId}/domains`, { domain });
      expect(listed.status, listed.text).toBe(200);
      await publishTxt(listed.body.record.name, [listed.body.record.value]);
      const checked = await admin.post(`/orgs/${orgId}/domains/${domain}/check`);
      expect(checked.body.status).toBe("verified");
      const res = await signInAs(id, email);
      expect(res.status, res.text).toBe(201);
      expect(res.body.user.email).toBe(email);
      const member = await as(owner.token).get(`/orgs/${orgId}/members/${res.body.user.id}`);
      expect(member.body.role).toBe("edit");
    });
  });
});
