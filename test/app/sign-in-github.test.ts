import { describe, expect, it } from "vitest";
import { APP_ORIGIN, appFetch } from "../helpers/app-fetch";
import { makeUser, unique } from "../helpers/factories";

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
    expect(refused.text).toContain("not verified");
    expect(cookiesOf(refused.res)).not.toMatch(/quire_session=qs_/);
  });
});
