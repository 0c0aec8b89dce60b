// GitHub sign-in in a real browser: the fake GitHub of the vitest suite (test/network/github.ts,
// GitHub's OAuth web flow and REST API as a GitHub Enterprise Server lays them out) served on
// loopback by fixtures/suite-doubles.mjs as the deployment's provider "github" of kind "github"
// (the API's vars below; loopback is reachable because the app is on localhost:
// src/outbound/dev-loopback.ts). Through the app: the "GitHub" button on /sign-in, GitHub's login
// form, the callback's Continue, the session of the account whose address is the person's
// verified primary one; then, in another browser, a person whose primary address GitHub has not
// verified, and one who cancels at GitHub, each refused on a page saying why, nothing signed in.
// axe on the sign-in, callback and refusal screens. (OIDC: oidc.mjs; SAML: saml.mjs.)
import assert from "node:assert/strict";
import { freePort } from "../scripts/lib/reader.mjs";
import { audit, OWNER } from "./fixtures/app-checks.mjs";
import { startFakeGithub } from "./fixtures/suite-doubles.mjs";
import { pageFetch } from "./fixtures/sign-in.mjs";

const GITHUB_PORT = await freePort();
const GITHUB = `http://127.0.0.1:${GITHUB_PORT}`;
const CLIENT_ID = "quire-browser-gh";
const SECRET = "browser-gh-secret";

/** The API's vars while this file runs: GitHub on loopback, and loopback allowed (development). */
export const apiVars = {
  OUTBOUND_ALLOW_LOOPBACK: "true",
  OIDC_PROVIDERS: JSON.stringify([
    { id: "github", title: "GitHub", kind: "github", clientId: CLIENT_ID, url: GITHUB },
  ]),
  OIDC_GITHUB_SECRET: SECRET,
};

/** Opens /sign-in, clicks "GitHub", and answers GitHub's login form as `who` (or cancels). */
async function throughGithub(page, appBase, who, { auditSignIn = false } = {}) {
  await page.goto(`${appBase}/sign-in?next=/account`, { waitUntil: "load" });
  const button = 'a[href^="/sign-in/oidc/github"]';
  assert.equal(await page.$eval(button, (a) => a.textContent.trim()), "GitHub");
  if (auditSignIn) await audit(page, "sign-in-github");
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click(button)]);
  assert.ok(page.url().startsWith(`${GITHUB}/login/oauth/authorize?`), page.url());
  assert.equal(new URL(page.url()).searchParams.get("client_id"), CLIENT_ID);
  if (who === null) {
    await Promise.all([
      page.waitForNavigation({ waitUntil: "load" }),
      page.click("button[name=cancel]"),
    ]);
  } else {
    await page.type("#login", who);
    await Promise.all([
      page.waitForNavigation({ waitUntil: "load" }),
      page.click("button:not([name])"),
    ]);
  }
  assert.ok(page.url().startsWith(`${appBase}/sign-in/oidc/callback?`), page.url());
}

/** Presses the callback page's Continue; the answer's status. */
async function continueCallback(page) {
  const [res] = await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }),
    page.click('main form button[type="submit"]'),
  ]);
  return res?.status();
}

/** The refusal page of `page` leads with `reason` (issue 35), and no session was made. */
async function assertRefused(page, reason) {
  const text = await page.$eval("main", (m) => m.textContent);
  assert.match(text, /This sign-in cannot be used/);
  assert.match(await page.$eval("#refusal-reason", (p) => p.textContent), reason);
  assert.doesNotMatch(text, /expired|already used|not valid/);
  const none = await pageFetch(page, "/v1/session", { method: "GET" });
  assert.notEqual(none.status, 200, "no session");
}

export const tests = [
  {
    name: "signs in with GitHub by the verified primary address; an unverified one and a cancel refused",
    async run({ appBase, page, browser }) {
      const github = await startFakeGithub(GITHUB_PORT, {
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        callback: `${appBase}/sign-in/oidc/callback`,
      });
      try {
        await throughGithub(page, appBase, OWNER, { auditSignIn: true });
        await audit(page, "sign-in-github-callback");
        assert.equal(await continueCallback(page), 200);
        assert.equal(new URL(page.url()).pathname, "/account");
        const current = await pageFetch(page, "/v1/session", { method: "GET" });
        assert.equal(current.status, 200);
        assert.equal(current.body.session.method, "oidc");
        assert.equal(current.body.user.email, OWNER);

        // Another browser: a person whose primary address on GitHub is the owner's, unverified.
        const context = await browser.createBrowserContext();
        try {
          const other = await context.newPage();
          await throughGithub(other, appBase, `unverified:${OWNER}`);
          assert.equal(await continueCallback(other), 403);
          await assertRefused(other, /not verified this e-mail address/);
          await audit(other, "sign-in-github-refused");
          // The person says no at GitHub.
          await throughGithub(other, appBase, null);
          assert.equal(await continueCallback(other), 403);
          await assertRefused(other, /access_denied/);
        } finally {
          await context.close();
        }
      } finally {
        await github.close();
      }
      return [];
    },
  },
];
