// SAML sign-in in a real browser, ending in a session: the suite's SAML IdP fixture
// (test/helpers/saml-idp.ts, bundled for Node by esbuild here) signs the Responses; its SSO
// address is served by request interception in Chromium, as a page whose button posts the
// signed Response to the ACS (the HTTP-POST binding). Through the app: the SP-initiated start,
// the IdP's page, the ACS, the callback's Continue, the session cookie and the person's home;
// axe on the screens passed through. A new person on a domain the organization has not verified
// is refused (issue 35: the pre-hijack); the owner then adds the domain on the sign-in settings
// screen, publishes its TXT record in a local DNS-over-HTTPS server (fixtures/doh.mjs, the API's
// resolver while this file runs) and checks it, and the same person gets in. A replayed Response
// is refused with nothing signed in. (OIDC in a browser: test-browser/oidc.mjs.)
import assert from "node:assert/strict";
import { audit, heading, signInByCode, submit, visit } from "./fixtures/app-checks.mjs";
import { csrfOf, pageFetch } from "./fixtures/sign-in.mjs";
import { dohServer } from "./fixtures/doh.mjs";
import { importTs } from "./fixtures/suite-doubles.mjs";
import { freePort } from "../scripts/lib/reader.mjs";

// Listening from the start (the API may resolve any name through it while this file's tests are
// in the run), unreferenced so it never keeps the run alive.
const DOH = await dohServer(await freePort()).start();

/** The API's vars while this file runs: its DNS resolver, and loopback allowed (development). */
export const apiVars = { OUTBOUND_ALLOW_LOOPBACK: "true", OUTBOUND_DOH_URL: DOH.url };

/** The IdP's page for one AuthnRequest: a form that posts the signed Response to the ACS. */
function idpPage(acsURL, samlResponse, relayState) {
  const esc = (v) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><main>
<h1>Test IdP</h1><form method="post" action="${esc(acsURL)}">
<input type="hidden" name="SAMLResponse" value="${esc(samlResponse)}">
${relayState === null ? "" : `<input type="hidden" name="RelayState" value="${esc(relayState)}">`}
<button type="submit">Sign in to Quire</button></form></main></body></html>`;
}

/** Serves the IdP's SSO address in `page`: each AuthnRequest is answered as `email`. */
async function serveIdp(page, idp, email, answered) {
  await page.setRequestInterception(true);
  page.on("request", async (req) => {
    if (!req.url().startsWith(idp.ssoURL)) return req.continue();
    const request = idp.decodeRedirect(req.url());
    const samlResponse = await idp.response({
      spEntityID: request.issuer,
      acsURL: request.acsURL,
      nameID: email,
      email,
      displayName: "Sam Browser",
      inResponseTo: request.id,
    });
    answered.push({ acsURL: request.acsURL, samlResponse, relayState: request.relayState });
    await req.respond({
      status: 200,
      contentType: "text/html",
      body: idpPage(request.acsURL, samlResponse, request.relayState),
    });
  });
}

export const tests = [
  {
    name: "SAML: the SP-initiated sign-in ends in a session on the person's home; a replay is refused",
    async run({ appBase, page, browser }) {
      const { createTestIdp } = await importTs("test/helpers/saml-idp.ts");
      const idp = await createTestIdp();
      // The owner registers the IdP for the demo organization.
      await signInByCode(page, appBase);
      const csrf = await csrfOf(page);
      const orgs = await pageFetch(page, "/v1/orgs", { method: "GET" });
      const orgId = orgs.body.items[0].id;
      const created = await pageFetch(page, `/v1/orgs/${orgId}/saml`, {
        csrf,
        body: {
          label: "Test IdP",
          entityID: idp.entityID,
          certificate: idp.certificatePem,
          ssoURL: idp.ssoURL,
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const domain = `saml-${Date.now()}.example.com`;
      const email = `sam@${domain}`;
      const context = await browser.createBrowserContext();
      const person = await context.newPage();
      const answered = [];
      await serveIdp(person, idp, email, answered);
      const signIn = async (status) => {
        await visit(person, `${appBase}/sso/saml/${created.body.id}/start`);
        assert.ok(person.url().startsWith(idp.ssoURL), person.url());
        await submit(person, "main form button[type=submit]", status);
      };
      // A new person on a domain the organization has not verified: refused, nobody created.
      await signIn(403);
      const refusal = await person.$eval("body", (b) => b.textContent);
      assert.match(refusal, new RegExp(`${domain.replace(/\./g, "\\.")} is not an e-mail domain`));

      // The owner adds the domain, publishes its record and checks it, on the settings screen.
      await visit(page, `${appBase}/org/${orgId}/settings/sign-in`);
      await page.type("#domain-name", domain);
      await submit(page, "form[aria-label='Add an e-mail domain'] button[type=submit]", 200);
      const record = await page.$eval(`input[value='_quire.${domain}']`, (input) => {
        const value = input.closest("li").querySelector("input[value^='quire-verification=']");
        return { name: input.value, value: value.value };
      });
      DOH.publish(record.name, [record.value]);
      await submit(page, `form[aria-label='Check ${domain} now'] button[type=submit]`, 200);
      assert.match(await page.$eval("main", (m) => m.textContent), /Verified/);
      await audit(page, "org-sign-in-settings-domains");
      await signIn(200);
      assert.equal(new URL(person.url()).pathname, "/sso/callback", person.url());
      await audit(person, "sso-callback-confirm");
      await submit(person, "main form button[type=submit]", 200);
      assert.equal(new URL(person.url()).pathname, "/");
      assert.equal(await heading(person), "Your organizations");
      await audit(person, "home-after-saml");
      const cookies = await context.cookies(appBase);
      const session = cookies.find((c) => c.name === "quire_session");
      assert.ok(session?.httpOnly, "an HttpOnly session cookie");
      const current = await pageFetch(person, "/v1/session", { method: "GET" });
      assert.equal(current.status, 200);
      assert.equal(current.body.session.method, "saml");
      assert.equal(current.body.user.email, email);
      assert.ok(await person.$(`a[href*='/o/']`), "the organization SSO added them to is listed");

      // The same Response posted again (another browser): refused, nobody signed in there.
      const other = await (await browser.createBrowserContext()).newPage();
      const first = answered.at(-1);
      await other.setContent(idpPage(first.acsURL, first.samlResponse, first.relayState));
      const replay = await submit(other, "main form button[type=submit]");
      assert.equal(replay?.status(), 403, other.url());
      // Its request was spent by the first use: "answers no pending sign-in request".
      assert.match(await other.$eval("body", (b) => b.textContent), /no pending sign-in request/);
      const none = await pageFetch(other, "/v1/session", { method: "GET" }).catch(() => null);
      assert.notEqual(none?.status, 200);
      await other.browserContext().close();
      await context.close();
      return [];
    },
  },
];
