// Passkeys in a real browser: WebAuthn ceremonies in Chromium against its virtual authenticator
// (CDP `WebAuthn` domain), through the app's screens and its passkey script (app/public/_app/
// passkey.js): register two passkeys in /account, sign out, sign in with one (usernameless),
// rename one, remove the other; and a passkey made on another origin (the API's, same host) is
// refused by the API. Run by scripts/browser-tests.mjs.
/* global navigator, PublicKeyCredential */
import assert from "node:assert/strict";
import { csrfOf, pageFetch, signInByEmail } from "./fixtures/sign-in.mjs";

/** A virtual platform authenticator that holds discoverable credentials and verifies the user. */
async function addAuthenticator(cdp) {
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/** The names of the passkeys /account lists. */
function listedPasskeys(page) {
  return page.$$eval(
    'form[action^="/account/passkeys/"][action$="/rename"] input[type="text"]',
    (inputs) => inputs.map((i) => i.value),
  );
}

/** Registers a passkey named `name` with the account screen's button; waits for the reload. */
async function registerOnAccount(page, name) {
  await page.waitForSelector("[data-quire-passkey-register] button:not([hidden])");
  await page.$eval("#passkey-name", (input, value) => (input.value = value), name);
  await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }),
    page.click("[data-quire-passkey-register] button"),
  ]);
}

export const tests = [
  {
    name: "two passkeys registered in /account, sign-in with one, rename, remove; another origin refused",
    async run({ base, appBase, page }) {
      const cdp = await page.createCDPSession();
      await cdp.send("WebAuthn.enable");
      const laptop = await addAuthenticator(cdp);
      await signInByEmail(page, { base, appBase });
      await page.goto(`${appBase}/account`, { waitUntil: "load" });
      await registerOnAccount(page, "Laptop");
      // The second passkey on another device: the first is excluded, as a real one would be.
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: laptop });
      const phone = await addAuthenticator(cdp);
      await registerOnAccount(page, "Phone");
      assert.deepEqual(await listedPasskeys(page), ["Laptop", "Phone"]);
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId: phone });
      assert.equal(credentials.length, 1);
      assert.equal(credentials[0].isResidentCredential, true);

      // Sign out, then in again with the phone's passkey, naming nobody.
      const csrf = await csrfOf(page);
      assert.equal((await pageFetch(page, "/v1/session", { method: "DELETE", csrf })).status, 204);
      await page.goto(`${appBase}/sign-in`, { waitUntil: "load" });
      await page.waitForSelector("[data-quire-passkey-sign-in] button:not([hidden])");
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.click("[data-quire-passkey-sign-in] button"),
      ]);
      const current = await pageFetch(page, "/v1/session", { method: "GET" });
      assert.equal(current.status, 200);
      assert.equal(current.body.session.method, "passkey");

      // Rename the first, remove the second, with the account screen's forms.
      await page.goto(`${appBase}/account`, { waitUntil: "load" });
      await page.$eval(
        'form[action^="/account/passkeys/"][action$="/rename"] input[type="text"]',
        (i) => (i.value = "Work laptop"),
      );
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.$eval('form[action^="/account/passkeys/"][action$="/rename"]', (f) =>
          f.requestSubmit(),
        ),
      ]);
      const removeForms = await page.$$('form[action^="/account/passkeys/"][action$="/remove"]');
      assert.equal(removeForms.length, 2);
      await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        removeForms[1].evaluate((f) => f.requestSubmit()),
      ]);
      assert.deepEqual(await listedPasskeys(page), ["Work laptop"]);

      // A passkey made on another origin of the same host (the API's port: same RP id
      // `localhost`, other origin), with this session: the browser makes it, the API refuses it.
      const token = await csrfOf(page);
      const other = base.replace("127.0.0.1", "localhost");
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phone });
      await addAuthenticator(cdp);
      await page.goto(`${other}/v1/openapi.json`, { waitUntil: "load" });
      const refused = await page.evaluate(async (csrf) => {
        const headers = { "Content-Type": "application/json", "X-Quire-CSRF": csrf };
        const post = (path, body) =>
          fetch(path, { method: "POST", headers, body: JSON.stringify(body ?? {}) }).then(
            async (r) => ({ status: r.status, body: await r.json() }),
          );
        const options = await post("/v1/user/passkey-options");
        if (options.status !== 200) return options;
        const cred = await navigator.credentials.create({
          publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options.body),
        });
        return post("/v1/user/passkeys", { name: "Elsewhere", response: cred.toJSON() });
      }, token);
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.match(refused.body.error.message, /origin/i);
      await page.goto(`${appBase}/account`, { waitUntil: "load" });
      assert.deepEqual(await listedPasskeys(page), ["Work laptop"]);
      return [];
    },
  },
];
