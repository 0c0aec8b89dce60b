// OIDC sign-in in a real browser: a real oidc-provider (scripts/lib/oidc-idp.mjs) started by this
// file on loopback as the deployment's provider "local" (the API's vars below, which
// scripts/browser-tests.mjs passes when this file runs; loopback is reachable because the app is
// on localhost: src/outbound/dev-loopback.ts). Through the app: the /sign-in button, the
// provider's login, the callback's Continue, the session; then a forged answer (wrong state),
// an address the provider has not verified and one with no account here, each refused with
// nothing signed in and its own reason first (issue 35). Then an organization's own provider:
// added by its admin on the sign-in settings screen (the discovery read and checked), offered on
// `/sign-in?org=`, a member signed in through it, and a new address off its domains refused.
import assert from "node:assert/strict";
import { freePort } from "../scripts/lib/reader.mjs";
import { audit, signInByCode, submit, visit } from "./fixtures/app-checks.mjs";
import { pageFetch } from "./fixtures/sign-in.mjs";

const IDP_PORT = await freePort();
const ISSUER = `http://127.0.0.1:${IDP_PORT}`;
const SECRET = "browser-test-secret";

/** The API's vars while this file runs: its OIDC provider, and loopback allowed (development). */
export const apiVars = {
  OUTBOUND_ALLOW_LOOPBACK: "true",
  OIDC_PROVIDERS: JSON.stringify([
    { id: "local", title: "Local provider", issuer: ISSUER, clientId: "quire" },
  ]),
  OIDC_LOCAL_SECRET: SECRET,
};

/** The provider on its port, with one client whose callback is the app's. */
async function startProvider(appBase, clientId, secret) {
  // Loaded here: oidc-provider is imported only by runs that select this file.
  const { startOidcIdp } = await import("../scripts/lib/oidc-idp.mjs");
  return startOidcIdp({
    port: IDP_PORT,
    clients: [
      {
        client_id: clientId,
        client_secret: secret,
        redirect_uris: [`${appBase}/sign-in/oidc/callback`],
      },
    ],
  });
}

/** Clicks the provider's button on /sign-in and logs in at the provider as `account`. */
async function throughProvider(page, appBase, account) {
  await page.goto(`${appBase}/sign-in?next=/account`, { waitUntil: "load" });
  await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }),
    page.click('a[href^="/sign-in/oidc/local"]'),
  ]);
  assert.ok(page.url().startsWith(`${ISSUER}/interaction/`), page.url());
  await page.type("#account", account);
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), page.click("button")]);
  assert.ok(page.url().startsWith(`${appBase}/sign-in/oidc/callback?`), page.url());
}

/**
 * The refusal page of `page` leads with `reason` (the API's own, then what to do) and says
 * nothing of a spent link unless that is the reason; no session was made (`signedIn`: the
 * browser's own session is left alone).
 */
async function assertRefusedFor(page, reason, { spent = false, signedIn = false } = {}) {
  const first = await page.$eval("#refusal-reason", (p) => p.textContent);
  assert.match(first, reason);
  const text = await page.$eval("main", (m) => m.textContent);
  if (!spent) assert.doesNotMatch(text, /expired|already used|not valid/);
  assert.match(text, /Nothing was changed\./);
  if (signedIn) return; // a browser signed in already stays so
  const none = await pageFetch(page, "/v1/session", { method: "GET" });
  assert.notEqual(none.status, 200, "no session");
}

/** Presses the callback page's Continue. */
async function continueCallback(page) {
  await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }),
    page.click('main form button[type="submit"]'),
  ]);
}

export const tests = [
  {
    name: "signs in through the /sign-in button at a real provider; a forged state, an unverified address and a stranger refused, each with its reason",
    async run({ appBase, page, browser }) {
      const idp = await startProvider(appBase, "quire", SECRET);
      try {
        await throughProvider(page, appBase, "demo@quire.local");
        await continueCallback(page);
        assert.equal(new URL(page.url()).pathname, "/account");
        const current = await pageFetch(page, "/v1/session", { method: "GET" });
        assert.equal(current.status, 200);
        assert.equal(current.body.session.method, "oidc");
        assert.equal(current.body.user.email, "demo@quire.local");

        // A forged answer (a state no sign-in of this browser has) changes nothing.
        const fresh = await page.browserContext().newPage();
        await fresh.goto(`${appBase}/sign-in/oidc/callback?code=forged&state=forged`, {
          waitUntil: "load",
        });
        await continueCallback(fresh);
        await assertRefusedFor(fresh, /^The provider's answer matches no sign-in under way/, {
          spent: true,
          signedIn: true,
        });

        // An address the provider has not verified is never linked (another browser: no
        // session at the provider or here).
        const other = await (await browser.createBrowserContext()).newPage();
        await throughProvider(other, appBase, "unverified-demo@quire.local");
        await continueCallback(other);
        // Its own reason first and what to do, not the wording of a spent link (issue 35).
        await assertRefusedFor(
          other,
          /^The provider has not verified this e-mail address .*verify it with the provider, or sign in another way\.$/,
        );
        await audit(other, "sign-in-oidc-unverified-refused", { shot: true });
        await other.browserContext().close();
        // An address with no account here: the deployment's provider creates none.
        const stranger = await (await browser.createBrowserContext()).newPage();
        await throughProvider(stranger, appBase, "nobody-here@example.org");
        await continueCallback(stranger);
        await assertRefusedFor(
          stranger,
          /^No Quire account has the address nobody-here@example\.org: ask an organization admin for an invitation\.$/,
        );
        await stranger.browserContext().close();
      } finally {
        await idp.close();
      }
      return [];
    },
  },
  {
    name: "an organization's own OIDC provider: added in its settings, offered on /sign-in?org=, signs a member in, refuses a newcomer",
    async run({ appBase, page, browser }) {
      const idp = await startProvider(appBase, "org-client", "org-secret");
      try {
        await signInByCode(page, appBase);
        const orgs = await pageFetch(page, "/v1/orgs", { method: "GET" });
        const orgId = orgs.body.items[0].id;
        await visit(page, `${appBase}/org/${orgId}/settings/sign-in`);
        await page.type("#oidc-title-field", "Team provider");
        await page.type("#oidc-issuer", ISSUER);
        await page.type("#oidc-client", "org-client");
        await page.type("#oidc-secret", "org-secret");
        await submit(
          page,
          "form[aria-label='Add an OpenID Connect provider'] button[type=submit]",
          200,
        );
        assert.match(await page.$eval(".a-notice", (n) => n.textContent), /provider is added/);
        const listed = await page.$eval(
          "[aria-label='OpenID Connect providers']",
          (l) => l.textContent,
        );
        assert.match(listed, /Team provider/);
        assert.ok(!listed.includes("org-secret"), "the secret is never shown");
        await audit(page, "org-sign-in-settings-oidc");
        // In another browser, the organization's sign-in offers it; its member signs in there.
        const context = await browser.createBrowserContext();
        try {
          const person = await context.newPage();
          await visit(person, `${appBase}/sign-in?org=${orgId}`);
          const button = await person.$$eval(".a-providers a", (links) =>
            links
              .filter((a) => a.textContent.includes("Team provider"))
              .map((a) => a.getAttribute("href")),
          );
          assert.equal(button.length, 1, "one button for the organization's provider");
          await Promise.all([
            person.waitForNavigation({ waitUntil: "load" }),
            person.click(`.a-providers a[href="${button[0]}"]`),
          ]);
          assert.ok(person.url().startsWith(`${ISSUER}/interaction/`), person.url());
          await person.type("#account", "demo@quire.local");
          await Promise.all([
            person.waitForNavigation({ waitUntil: "load" }),
            person.click("button"),
          ]);
          await continueCallback(person);
          assert.equal(new URL(person.url()).pathname, "/", person.url());
          const current = await pageFetch(person, "/v1/session", { method: "GET" });
          assert.equal(current.status, 200);
          assert.equal(current.body.session.method, "oidc");
          assert.equal(current.body.user.email, "demo@quire.local");
        } finally {
          await context.close();
        }
        // A new address off the organization's domains: its provider creates no account.
        const newcomer = await (await browser.createBrowserContext()).newPage();
        try {
          await visit(newcomer, `${appBase}/sign-in?org=${orgId}`);
          const [teamButton] = await newcomer.$$eval(".a-providers a", (links) =>
            links
              .filter((a) => a.textContent.includes("Team provider"))
              .map((a) => a.getAttribute("href")),
          );
          await Promise.all([
            newcomer.waitForNavigation({ waitUntil: "load" }),
            newcomer.click(`.a-providers a[href="${teamButton}"]`),
          ]);
          await newcomer.type("#account", "newcomer@example.org");
          await Promise.all([
            newcomer.waitForNavigation({ waitUntil: "load" }),
            newcomer.click("button"),
          ]);
          await continueCallback(newcomer);
          await assertRefusedFor(
            newcomer,
            /^newcomer@example\.org has no account here, and example\.org is not an e-mail domain of .+: an admin must invite you\.$/,
          );
        } finally {
          await newcomer.browserContext().close();
        }
        // Removed, it is offered no more.
        await visit(page, `${appBase}/org/${orgId}/settings/sign-in`);
        await submit(page, "form[action$='/delete'][action*='/oidc/'] button[type=submit]", 200);
        assert.match(await page.$eval(".a-notice", (n) => n.textContent), /provider is removed/);
      } finally {
        await idp.close();
      }
      return [];
    },
  },
];
