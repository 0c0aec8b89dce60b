// The members screen's Disable and Enable (issue 37) in a real browser: the demo owner invites a
// colleague, who joins in a browser of their own; the owner disables them by keyboard through the
// confirmation screen, and the colleague's open browser is signed out at its next request and,
// signed in again, no longer reaches the organization (a 404, not on their home); enabled again,
// it reaches it. The last admin cannot disable themselves (the screen says why). Each screen
// audited by axe-core, screenshots in docs/app/, no request to another host.
import assert from "node:assert/strict";
import {
  audit,
  foreignRequests,
  heading,
  nextInvite,
  OWNER,
  outboxMark,
  signInByCode,
  submit,
  visit,
} from "./fixtures/app-checks.mjs";

const COLLEAGUE = "dana-ortiz@example.com";
const NAME = "Dana Ortiz";

/** The href of the link `suffix` (`/disable`, `/enable`) in the members table's row of `who`. */
async function rowLink(page, who, suffix) {
  const href = await page.$$eval(
    "table.a-table tbody tr",
    (rows, [text, end]) =>
      rows
        .filter((r) => r.textContent.includes(text))
        .map((r) => r.querySelector(`a[href$="${end}"]`)?.getAttribute("href"))
        .find(Boolean) ?? null,
    [who, suffix],
  );
  assert.ok(href, `a ${suffix} link in the row of ${who}`);
  return href;
}

/** Focuses `selector` and presses Enter (the keyboard's way), waiting for the next screen. */
async function pressEnterOn(page, selector, status) {
  await page.focus(selector);
  const [res] = await Promise.all([
    page.waitForNavigation({ waitUntil: "load" }),
    page.keyboard.press("Enter"),
  ]);
  if (status !== undefined) assert.equal(res?.status(), status, `Enter on ${selector}`);
}

/** Switches `who` with the row's link and the confirmation's button: `disable` or `enable`. */
async function switchMember(page, members, who, to, shot) {
  await visit(page, members);
  const href = await rowLink(page, who, `/${to}`);
  await pressEnterOn(page, `a[href="${href}"]`, 200);
  assert.match(await heading(page), new RegExp(`^${to === "disable" ? "Disable" : "Enable"} `));
  if (shot) await audit(page, shot, { shot: true, dark: true });
  await pressEnterOn(page, `form[action="${href}"] button[type=submit]`, 200);
  assert.match(await page.$eval(".a-notice", (n) => n.textContent), new RegExp(`${to}d`));
}

export const tests = [
  {
    name: "members: an admin disables a colleague (signed out, the organization gone), then enables them",
    async run({ page, appBase, browser }) {
      const foreign = foreignRequests(page, [appBase]);
      await signInByCode(page, appBase);
      const org = await page.$eval("a[href^='/o/']", (a) => a.getAttribute("href"));
      const orgPath = org.match(/^\/o\/[^/]+/)[0];
      const members = `${appBase}${orgPath}/settings/members`;
      await visit(page, members);
      const mark = await outboxMark(appBase);
      await page.type("#invite-emails", COLLEAGUE);
      await page.select("#invite-role", "edit");
      await submit(page, 'form[aria-label="Invite by e-mail"] button[type="submit"]', 200);
      const invite = await nextInvite(appBase, mark);
      const context = await browser.createBrowserContext();
      try {
        const colleague = await context.newPage();
        await visit(colleague, invite);
        await colleague.type("#f-displayName", NAME);
        await submit(colleague, "main form button[type=submit]", 200);
        await visit(colleague, `${appBase}${orgPath}`);

        await switchMember(page, members, NAME, "disable", "admin-member-disable");
        assert.ok(await rowLink(page, NAME, "/enable"), "the row offers Enable now");
        await audit(page, "admin-members-disabled", { shot: true });
        // The colleague's open browser: signed out at its next request.
        await visit(colleague, `${appBase}${orgPath}`);
        assert.equal(new URL(colleague.url()).pathname, "/sign-in", "signed out");
        // Signed in again, the organization is not theirs to reach.
        await signInByCode(colleague, appBase, COLLEAGUE);
        assert.equal(await colleague.$(`a[href^='${orgPath}']`), null, "not on their home");
        await visit(colleague, `${appBase}${orgPath}`, 404);

        await switchMember(page, members, NAME, "enable", null);
        await visit(colleague, `${appBase}/`);
        assert.ok(await colleague.$(`a[href^='${orgPath}']`), "on their home again");
        await visit(colleague, `${appBase}${orgPath}`);
      } finally {
        await context.close();
      }
      // The last admin cannot disable themselves: the members screen says why.
      await visit(page, members);
      const own = await rowLink(page, OWNER, "/disable");
      await visit(page, `${appBase}${own}`);
      await submit(page, `form[action="${own}"] button[type=submit]`, 409);
      assert.match(
        await page.$eval("main", (m) => m.textContent),
        /last admin .* cannot be disabled/,
      );
      assert.deepEqual(foreign, [], "no request left the app's origin");
    },
  },
];
