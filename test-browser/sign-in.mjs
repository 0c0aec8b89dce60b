// The app Worker (app/) in a real browser: signing in by e-mail end to end through the dev outbox
// (the link in the browser that asked, the code in another, a reused link refused), a cross-site
// form and a cross-site API call refused, the account screen (revoke a session, create and
// revoke an API token; change the e-mail address by code and by link), passwords (a common one
// refused, set, signed in with elsewhere, locked after wrong ones, removed), five wrong codes
// locking a sign-in, foreign, forged and signed-out session cookies refused, keyboard-only
// sign-in, and axe-core in light and dark on every screen (screenshots in docs/app/).
/* global document */
import assert from "node:assert/strict";
import {
  askForMessage,
  audit,
  focusedId,
  foreignRequests,
  heading,
  messageTo,
  nextInvite,
  nextMessage,
  outboxMark,
  OWNER,
  signInByCode,
  submit,
  visit,
} from "./fixtures/app-checks.mjs";

export const tests = [
  {
    name: "e-mail sign-in: the link signs in, reused it is refused; org settings: an invite joins",
    async run({ page, appBase, browser }) {
      const foreign = foreignRequests(page, [appBase]);
      await visit(page, `${appBase}/`, 200);
      assert.equal(new URL(page.url()).pathname, "/sign-in", "signed out, home sends to sign-in");
      assert.equal(new URL(page.url()).searchParams.get("next"), "/");
      await audit(page, "sign-in", { shot: true, dark: true });
      const mark = await askForMessage(page, appBase);
      assert.equal(await heading(page), "Check your e-mail");
      await audit(page, "sign-in-code", { shot: true });
      const message = await nextMessage(appBase, mark, OWNER);
      assert.equal(message.to, OWNER);
      await visit(page, `${appBase}/dev/outbox`);
      await audit(page, "dev-outbox", { shot: true });
      // Opening the link spends nothing: a confirm button.
      await visit(page, message.link);
      await audit(page, "sign-in-email-confirm");
      await visit(page, message.link);
      await submit(page, "main form button[type=submit]", 200);
      assert.equal(new URL(page.url()).pathname, "/");
      assert.equal(await heading(page), "Your organizations");
      assert.ok(await page.$("a[href*='/o/']"), "the demo organization links to its urls.app");
      await audit(page, "home", { shot: true });
      // The same link again: used.
      await visit(page, message.link);
      const refused = await submit(page, "main form button[type=submit]");
      assert.ok(refused.status() >= 400 && refused.status() < 500, `reuse: ${refused.status()}`);
      assert.equal(await heading(page), "This sign-in cannot be used");
      await audit(page, "sign-in-refused", { shot: true });
      // The organization's sign-in settings (the owner is its admin): an e-mail invite.
      await visit(page, `${appBase}/`);
      await Promise.all([page.waitForNavigation(), page.click("a[href$='/settings/sign-in']")]);
      assert.match(await heading(page), /^Sign-in settings of /);
      await audit(page, "org-sign-in-settings", { shot: true });
      const inviteMark = await outboxMark(appBase);
      await page.type("#invite-emails", "invitee@example.com");
      await page.select("#invite-role", "edit");
      await submit(page, "form[action$='/invites'] button[type=submit]", 200);
      assert.match(await page.$eval(".a-notice", (n) => n.textContent), /invites are sent/);
      const invite = await nextInvite(appBase, inviteMark);
      const other = await browser.createBrowserContext();
      try {
        const invitee = await other.newPage();
        await visit(invitee, invite);
        assert.match(await heading(invitee), /^Join /);
        await audit(invitee, "invite", { shot: true });
        await invitee.type("#f-displayName", "Ivy Invitee");
        await submit(invitee, "main form button[type=submit]", 200);
        assert.equal(await heading(invitee), "Your organizations");
        assert.ok(await invitee.$("a[href*='/o/']"), "the invitee is a member now");
      } finally {
        await other.close();
      }
      // A urls.app the app has no screen for yet: a 404 that says so.
      await visit(page, `${appBase}/s/nothing-here/~/not-yet/1`, 404);
      assert.equal(await heading(page), "Not in the app yet");
      await audit(page, "not-built");
      assert.deepEqual(foreign, [], "no request to another host");
    },
  },
  {
    name: "e-mail sign-in: the link in another browser asks for the code, which works there",
    async run({ page, appBase, browser }) {
      const email = "second-browser@example.com";
      const mark = await askForMessage(page, appBase, email);
      const { link, code } = await nextMessage(appBase, mark, email);
      const other = await browser.createBrowserContext();
      try {
        const second = await other.newPage();
        await visit(second, link);
        await submit(second, "main form button[type=submit]", 200);
        assert.equal(new URL(second.url()).pathname, "/sign-in/code");
        assert.match(await second.$eval("main", (m) => m.textContent), /another browser/);
        await audit(second, "sign-in-other-browser");
        await second.type("#f-email", email);
        await second.type("#f-code", code);
        await submit(second, "form[action='/sign-in/code'] button[type=submit]", 200);
        assert.equal(new URL(second.url()).pathname, "/", "the code signs in anywhere");
      } finally {
        await other.close();
      }
    },
  },
  {
    name: "keyboard-only sign-in; then a form and an API call from another origin are refused",
    async run({ page, appBase, base }) {
      await visit(page, `${appBase}/sign-in?next=%2Faccount`);
      await page.keyboard.press("Tab");
      assert.equal(await focusedId(page), "a", "the skip link first");
      for (let i = 0; i < 4 && (await focusedId(page)) !== "input#f-email"; i++) {
        await page.keyboard.press("Tab");
      }
      assert.equal(await focusedId(page), "input#f-email");
      const mark = await outboxMark(appBase);
      await page.keyboard.type("keyboard@example.com");
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.equal(new URL(page.url()).pathname, "/sign-in/code", `asked: ${await heading(page)}`);
      const { code } = await nextMessage(appBase, mark, "keyboard@example.com");
      assert.equal(await focusedId(page), "input#f-code", "the code field has the focus");
      await page.keyboard.type(code);
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      assert.equal(new URL(page.url()).pathname, "/account", "back where sign-in was asked from");
      // Signed in by keyboard alone; now another origin tries to act for this person.
      const tokens = async () =>
        page.evaluate(
          async (url) => (await (await fetch(url)).json()).count,
          `${appBase}/v1/user/tokens`,
        );
      const before = await tokens();
      // A page of another origin (the API's own, which sets no CSP on a 404) posts a form to the
      // app; the browser sends the session cookie (same site).
      await page.goto(`${base}/no-such-path`);
      const [res] = await Promise.all([
        page.waitForNavigation({ waitUntil: "load" }),
        page.evaluate((action) => {
          const form = document.createElement("form");
          form.method = "post";
          form.action = action;
          const label = document.createElement("input");
          label.name = "label";
          label.value = "forged";
          form.append(label);
          document.body.append(form);
          form.submit();
        }, `${appBase}/account/tokens`),
      ]);
      assert.equal(res.status(), 403);
      assert.equal(await heading(page), "Cross-site request refused");
      await audit(page, "cross-site-refused");
      // And a script of that origin calling the API through the app, with the cookie.
      await page.goto(`${base}/no-such-path`);
      await page.evaluate(async (url) => {
        await fetch(url, {
          method: "POST",
          mode: "no-cors",
          credentials: "include",
          headers: { "Content-Type": "text/plain" },
          body: JSON.stringify({ label: "forged" }),
        }).catch(() => {});
      }, `${appBase}/v1/user/tokens`);
      await visit(page, `${appBase}/account`);
      assert.equal(await tokens(), before, "no token was made");
    },
  },
  {
    name: "account: revoke another session; create a token (secret once), use it, revoke it",
    async run({ page, appBase, base, browser }) {
      const email = "account@example.com";
      await signInByCode(page, appBase, email);
      const other = await browser.createBrowserContext();
      try {
        const second = await other.newPage();
        await signInByCode(second, appBase, email);
        await visit(page, `${appBase}/account`);
        const revoke = "form[action^='/account/sessions/'][action$='/revoke'] button";
        const others = await page.$$(revoke);
        assert.ok(others.length >= 1, "the other browser is listed");
        await audit(page, "account", { shot: true, dark: true });
        await submit(page, revoke, 200);
        assert.match(await page.$eval(".a-notice", (n) => n.textContent), /signed out/);
        // The other browser is signed out: /account sends it to sign in.
        await visit(second, `${appBase}/account`);
        assert.equal(new URL(second.url()).pathname, "/sign-in");
      } finally {
        await other.close();
      }
      await page.type("#f-label", "CI reader");
      await page.select("#f-expires", "7");
      await page.click("input[name=scopes][value='user:read']");
      await submit(page, "form[action='/account/tokens'] button[type=submit]", 201);
      const secret = await page.$eval("#new-token-secret", (c) => c.textContent.trim());
      assert.match(secret, /^quire_[\w-]{43}$/);
      await audit(page, "account-token-created", { shot: true });
      const asToken = () =>
        fetch(`${base}/v1/user`, { headers: { Authorization: `Bearer ${secret}` } });
      assert.equal((await asToken()).status, 200, "the new token works");
      await visit(page, `${appBase}/account`);
      assert.equal(await page.$("#new-token-secret"), null, "the secret is shown once");
      const row = await page.$$eval("table.a-table tbody tr", (rows) =>
        rows.map((r) => r.textContent).find((t) => t.includes("CI reader")),
      );
      assert.match(row ?? "", /user:read/);
      const tokenRevoke = "form[action^='/account/tokens/'] button";
      await submit(page, tokenRevoke, 200);
      assert.match(await page.$eval(".a-notice", (n) => n.textContent), /revoked/);
      assert.equal((await asToken()).status, 401, "the revoked token no longer works");
      // Sign out from the header.
      await submit(page, "form[action='/sign-out'] button", 200);
      assert.equal(new URL(page.url()).pathname, "/sign-in");
    },
  },
  {
    name: "account: change the e-mail address by its code, then by its link's confirm page",
    async run({ page, appBase }) {
      await signInByCode(page, appBase, "mover@example.com");
      const notice = () => page.$eval(".a-notice", (n) => n.textContent);
      for (const [next, way] of [
        ["moved@example.com", "code"],
        ["moved-again@example.com", "link"],
      ]) {
        await visit(page, `${appBase}/account`);
        await page.type("#f-email", next);
        await submit(page, "form[action='/account/email'] button[type=submit]", 200);
        const pending = await page.$eval("#email-title", (h) => h.parentElement.textContent);
        assert.match(pending, /Check your new address/);
        assert.ok(pending.includes(next), "the new address is named");
        const message = await messageTo(appBase, next);
        if (way === "code") {
          await audit(page, "account-email-pending");
          await page.type("#f-code", message.code);
          await submit(page, "form[action='/account/email/code'] button[type=submit]", 200);
        } else {
          await visit(page, message.link);
          assert.equal(await heading(page), "Confirm your new address");
          await audit(page, "account-email-confirm");
          await submit(page, "form[action='/account/email/confirm'] button[type=submit]", 200);
        }
        assert.equal(new URL(page.url()).pathname, "/account");
        assert.match(await notice(), /e-mail address is changed/);
        const facts = await page.$eval("#email-title", (h) => h.parentElement.textContent);
        assert.ok(facts.includes(`${next} (verified)`), `now ${next}`);
      }
    },
  },
  {
    name: "passwords: a common one refused, one set in /account signs in elsewhere; wrong ones lock it",
    async run({ page, appBase, browser }) {
      const email = "pat-password@example.com";
      const password = "violet anchor 7 harbour";
      await signInByCode(page, appBase, email);
      await visit(page, `${appBase}/account`);
      const save = "form[action='/account/password'] button[type=submit]";
      await page.type("#f-password", "password1234");
      await submit(page, save, 400);
      assert.match(await page.$eval("#form-error", (e) => e.textContent), /common/i);
      await audit(page, "account-password-refused");
      await page.type("#f-password", password);
      await submit(page, save, 200);
      assert.match(await page.$eval(".a-notice", (n) => n.textContent), /password is saved/);
      const signIn = async (who, typed, status) => {
        await visit(who, `${appBase}/sign-in`);
        await who.type("#password-email", email);
        await who.type("#f-password", typed);
        return submit(who, "form[action='/sign-in/password'] button[type=submit]", status);
      };
      const other = await browser.createBrowserContext();
      try {
        const second = await other.newPage();
        await signIn(second, password, 200);
        assert.equal(new URL(second.url()).pathname, "/", "the password signs in");
        // Wrong five times: locked for a while, the right password too, with a way out named.
        const third = await (await browser.createBrowserContext()).newPage();
        for (let i = 0; i < 4; i++) {
          await signIn(third, `wrong guess ${i} here`, 401);
          assert.match(await third.$eval("#f-password-error", (e) => e.textContent), /not right/);
        }
        const fifth = await signIn(third, "wrong guess 4 here");
        assert.ok([401, 429].includes(fifth.status()), `fifth: ${fifth.status()}`);
        await signIn(third, password, 429);
        assert.match(
          await third.$eval("#f-password-error", (e) => e.textContent),
          /Too many attempts.*e-mail link/,
        );
        await audit(third, "sign-in-password-locked", { shot: true });
        await third.browserContext().close();
      } finally {
        await other.close();
      }
      // Removed, the password signs in no more (the e-mail link still does).
      await visit(page, `${appBase}/account`);
      await submit(page, "form[action='/account/password/remove'] button[type=submit]", 200);
      assert.match(await page.$eval(".a-notice", (n) => n.textContent), /password is removed/);
    },
  },
  {
    name: "e-mail sign-in: a wrong code five times locks that sign-in; its right code is refused then",
    async run({ page, appBase }) {
      const email = "guess-code@example.com";
      const mark = await askForMessage(page, appBase, email);
      const { code } = await nextMessage(appBase, mark, email);
      const wrong = code === "000000" ? "111111" : "000000";
      const enter = async (typed) => {
        await page.$eval("#f-code", (input) => (input.value = ""));
        await page.type("#f-code", typed);
        return submit(page, "form[action='/sign-in/code'] button[type=submit]");
      };
      const said = () => page.$eval("main", (m) => m.textContent);
      for (let left = 4; left >= 1; left--) {
        assert.equal((await enter(wrong)).status(), 400);
        assert.match(await said(), new RegExp(`${left} tr(y|ies) left`));
      }
      assert.ok([400, 423, 429].includes((await enter(wrong)).status()), "the fifth wrong code");
      const refused = await enter(code);
      assert.ok(
        refused.status() >= 400 && refused.status() < 500,
        `right code: ${refused.status()}`,
      );
      assert.match(await said(), /locked|did not work/);
      assert.equal(new URL(page.url()).pathname, "/sign-in/code", "not signed in");
      await audit(page, "sign-in-code-locked", { shot: true });
      const session = await page.evaluate(async () => (await fetch("/v1/session")).status);
      assert.equal(session, 401, "no session");
    },
  },
  {
    name: "a session cookie from another deployment, a forged one or a signed-out one signs nobody in",
    async run({ page, appBase, browser }) {
      const context = await browser.createBrowserContext();
      try {
        const other = await context.newPage();
        const url = new URL(appBase);
        const tries = [`qs_${"A".repeat(43)}`, "forged", `qs_${"x".repeat(10)}`];
        // A real session of this deployment, signed out: its cookie is dead afterwards.
        await signInByCode(page, appBase, "signed-out@example.com");
        const [signedIn] = (await page.cookies(appBase)).filter((c) => c.name === "quire_session");
        await submit(page, "form[action='/sign-out'] button", 200);
        tries.push(signedIn.value);
        for (const value of tries) {
          await context.setCookie({
            name: "quire_session",
            value,
            domain: url.hostname,
            path: "/",
          });
          await visit(other, `${appBase}/account`);
          assert.equal(new URL(other.url()).pathname, "/sign-in", `cookie ${value.slice(0, 6)}…`);
          const api = await other.evaluate(async () => (await fetch("/v1/user")).status);
          assert.equal(api, 401, `the API with cookie ${value.slice(0, 6)}…`);
        }
      } finally {
        await context.close();
      }
    },
  },
];
