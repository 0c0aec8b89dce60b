import { describe, expect, it } from "vitest";
import { as, call } from "../helpers/api";
import { makeMember, makeOrg, makeUser, unique } from "../helpers/factories";
import { markVerified } from "../helpers/domains";
import { finishOidc, loginAtProvider, sessionCookieOf, startOidc } from "../helpers/oidc-flow";

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
    const bad = await admin.post(path, { ...body, issuer: "https://echo.example.com/status/404" });
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
