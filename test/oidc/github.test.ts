import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeUser, unique } from "../helpers/factories";
import { finishOidc, sessionCookieOf, startOidc } from "../helpers/oidc-flow";
import { appOrigin } from "../helpers/sessions";
import { deploymentProviders } from "../../src/services/oidc/deployment";
import { githubAuthorizationUrl } from "../../src/services/oidc/github";

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

describe("GitHub sign-in", () => {
  it("signs a person in by their verified primary address, once", async () => {
    const email = `${unique("octo")}@example.com`;
    const octo = await makeUser({ email });
    const start = await startOidc("github", { returnTo: "/account" });
    expect(start.res.status).toBe(200);
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://github.example.com/login/oauth/authorize");
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
      ]),
      OIDC_GH_SECRET: "s",
      OIDC_GHES_SECRET: "s",
    };
    const [github, ...others] = deploymentProviders(env);
    expect(others).toEqual([]); // plain http is refused
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
